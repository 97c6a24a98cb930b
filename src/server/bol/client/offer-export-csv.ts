/**
 * bol's offer export is CSV whose columns may be added or moved at any time (bol says: read it by
 * header name). We read the columns we need by name and ignore the others.
 */
import { parse } from 'csv-parse/sync';
import type { BolOffer } from '../../../shared/bol-contract';

const REQUIRED_COLUMNS = ['offerId', 'ean'] as const;

export function parseOfferExport(csv: string): BolOffer[] {
  const rows = parse(csv.replace(/^\uFEFF/, ''), { columns: true, skip_empty_lines: true, trim: true, relax_column_count: true }) as Record<string, string>[];
  const header = rows[0] ? Object.keys(rows[0]) : firstLineColumns(csv);
  for (const column of REQUIRED_COLUMNS) {
    if (!header.includes(column)) throw new Error(`bol's offer export has no '${column}' column (columns: ${header.join(', ') || 'none'})`);
  }
  return rows.map((row) => ({
    offerId: row.offerId ?? '',
    ean: row.ean ?? '',
    price: numberOrNull(row.bundlePricesPrice),
    stock: numberOrNull(row.stockAmount),
    deliveryCode: row.fulfilmentDeliveryCode ?? '',
    fulfilmentType: row.fulfilmentType ?? '',
    onHoldByRetailer: (row.onHoldByRetailer ?? '').toLowerCase() === 'true',
    mutationDateTime: row.mutationDateTime ?? '',
  }));
}

function firstLineColumns(csv: string): string[] {
  const line = csv.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return line.split(',').map((column) => column.trim()).filter(Boolean);
}

function numberOrNull(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}
