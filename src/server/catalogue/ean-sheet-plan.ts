/**
 * What an EAN sheet changes, decided from its rows and the products they name, before anything is
 * written. Pure, so every refusal rule is tested without a database.
 *
 * EANs are compared as GTINs: '0012345678905', '012345678905' and '12345678905' name the same
 * item (leading zeros do not change a GTIN or its check digit), so a sheet typed with numbers in
 * Excel still finds products whose supplier EAN was stored with its zeros.
 */
import type { EanUploadReport } from '../../shared/contract';
import { eanProblem } from '../../shared/rules/ean';
import { NEW_EAN_COLUMN, SUPPLIER_EAN_COLUMN, type EanCell, type EanSheetRow } from './ean-sheet';

export interface ProductEanRef {
  productId: number;
  supplierEan: string;
  ean: string;
}

export interface EanSheetLookup {
  /** Products whose supplier EAN is one of the sheet's supplier EANs (in any zero-padded form). */
  bySupplierEan: ProductEanRef[];
  /** Products whose EAN is one of the sheet's new EANs (in any zero-padded form). */
  byEan: ProductEanRef[];
}

export interface EanChange {
  row: number;
  supplierEan: string;
  newEan: string;
  productIds: number[];
  /** False when the new EAN is the supplier EAN itself: the product goes back to its own EAN. */
  isChangeEan: boolean;
}

export interface EanPlan {
  applied: EanChange[];
  refused: EanUploadReport['refused'];
}

/** The GTIN-14 form of a digit string: the key two EANs are compared by. */
export function gtinKey(digits: string): string {
  return digits.padStart(14, '0');
}

/** The forms a stored EAN of this GTIN may have (8, 12, 13 or 14 digits): for an indexed lookup. */
export function gtinVariants(digits: string): string[] {
  const significant = digits.replace(/^0+/, '');
  const forms = new Set([digits]);
  for (const length of [8, 12, 13, 14]) {
    if (significant.length <= length) forms.add(significant.padStart(length, '0'));
  }
  return [...forms];
}

function cellProblem(column: string, cell: EanCell): string | null {
  if ('problem' in cell) return `${column} ${cell.problem}`;
  const problem = eanProblem(cell.ean);
  return problem ? problem.replace(/^EAN/, column) : null;
}

const rowList = (rows: number[]) =>
  rows.length === 2 ? `rows ${rows[0]} and ${rows[1]}` : `rows ${rows.slice(0, -1).join(', ')} and ${rows.at(-1)}`;

const productList = (ids: number[]) =>
  ids.length === 1 ? `product ${ids[0]}` : `products ${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ` and ${ids.length - 3} more` : ''}`;

/**
 * The rows to apply and the rows refused, each refusal with its row number and reason:
 * a cell that is empty or not a valid EAN (GS1 check digit), a supplier EAN or new EAN that appears
 * in more than one row (all those rows are refused: which one was meant is unknowable), a supplier
 * EAN no product has, and a new EAN that is already the EAN of a product this row does not change.
 * Checked against the catalogue as it was before the upload.
 */
export function planEanUpload(rows: EanSheetRow[], lookup: EanSheetLookup): EanPlan {
  const refused: EanPlan['refused'] = [];
  const valid: { row: number; supplierEan: string; newEan: string }[] = [];
  for (const row of rows) {
    const problems = [cellProblem(SUPPLIER_EAN_COLUMN, row.supplierEan), cellProblem(NEW_EAN_COLUMN, row.newEan)].filter(
      (problem): problem is string => problem !== null,
    );
    if (problems.length > 0 || !('ean' in row.supplierEan) || !('ean' in row.newEan)) {
      refused.push({ row: row.row, reason: problems.join('; ') });
    } else {
      valid.push({ row: row.row, supplierEan: row.supplierEan.ean, newEan: row.newEan.ean });
    }
  }

  const rowsBy = (key: (entry: (typeof valid)[number]) => string) => {
    const map = new Map<string, number[]>();
    for (const entry of valid) map.set(key(entry), [...(map.get(key(entry)) ?? []), entry.row]);
    return map;
  };
  const rowsBySupplier = rowsBy((entry) => gtinKey(entry.supplierEan));
  const rowsByNew = rowsBy((entry) => gtinKey(entry.newEan));

  const productsBySupplier = new Map<string, ProductEanRef[]>();
  for (const product of lookup.bySupplierEan) {
    const key = gtinKey(product.supplierEan);
    productsBySupplier.set(key, [...(productsBySupplier.get(key) ?? []), product]);
  }
  const productsByEan = new Map<string, ProductEanRef[]>();
  for (const product of lookup.byEan) {
    const key = gtinKey(product.ean);
    productsByEan.set(key, [...(productsByEan.get(key) ?? []), product]);
  }

  const applied: EanChange[] = [];
  for (const entry of valid) {
    const supplierKey = gtinKey(entry.supplierEan);
    const newKey = gtinKey(entry.newEan);
    const sameSupplier = rowsBySupplier.get(supplierKey) ?? [];
    const sameNew = rowsByNew.get(newKey) ?? [];
    const refuse = (reason: string) => refused.push({ row: entry.row, reason });

    if (sameSupplier.length > 1) {
      refuse(`${SUPPLIER_EAN_COLUMN} ${entry.supplierEan} appears more than once in the sheet (${rowList(sameSupplier)})`);
      continue;
    }
    if (sameNew.length > 1) {
      refuse(`${NEW_EAN_COLUMN} ${entry.newEan} appears more than once in the sheet (${rowList(sameNew)})`);
      continue;
    }
    const targets = productsBySupplier.get(supplierKey) ?? [];
    if (targets.length === 0) {
      refuse(`No product has the supplier EAN ${entry.supplierEan}`);
      continue;
    }
    const targetIds = new Set(targets.map((product) => product.productId));
    const others = (productsByEan.get(newKey) ?? []).filter((product) => !targetIds.has(product.productId));
    if (others.length > 0) {
      refuse(`${NEW_EAN_COLUMN} ${entry.newEan} is already the EAN of ${productList(others.map((product) => product.productId))}`);
      continue;
    }
    applied.push({
      row: entry.row,
      supplierEan: entry.supplierEan,
      newEan: entry.newEan,
      productIds: [...targetIds].sort((a, b) => a - b),
      isChangeEan: newKey !== supplierKey,
    });
  }
  refused.sort((a, b) => a.row - b.row);
  return { applied, refused };
}
