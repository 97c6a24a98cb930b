/**
 * Reading the EAN sheet (POST /api/v1/ean): an .xlsx workbook whose first worksheet has a header
 * row naming the columns 'Supplier EAN' and 'New EAN' (any case, any order, other columns ignored)
 * and one change per row under it. The format is described in docs/ean-and-images.md.
 *
 * This module only reads: what the rows do is decided in ean-sheet-plan.ts.
 */
import ExcelJS from 'exceljs';

export const MAX_EAN_SHEET_BYTES = 5 * 1024 * 1024;
export const MAX_EAN_SHEET_ROWS = 10_000;
/** What the workbook may unpack to: a guard against zip bombs before the workbook is opened. */
export const MAX_EAN_SHEET_UNPACKED_BYTES = 100 * 1024 * 1024;

export const SUPPLIER_EAN_COLUMN = 'Supplier EAN';
export const NEW_EAN_COLUMN = 'New EAN';

/** A problem with the whole file: nothing is changed and the person gets this message. */
export class EanSheetError extends Error {
  constructor(
    readonly status: 413 | 415 | 422,
    message: string,
  ) {
    super(message);
    this.name = 'EanSheetError';
  }
}

/** One cell read as an EAN: its digits as text, or why it cannot be one. */
export type EanCell = { ean: string } | { problem: string };

export interface EanSheetRow {
  /** The row number as Excel shows it (1 = the first row of the sheet). */
  row: number;
  supplierEan: EanCell;
  newEan: EanCell;
}

const NOT_XLSX = 'The file is not an Excel workbook (.xlsx)';

const u16 = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
const u32 = (bytes: Uint8Array, at: number) => (u16(bytes, at) + u16(bytes, at + 2) * 0x10000) >>> 0;

/**
 * Checks, from the zip's central directory, that the bytes are an .xlsx (a zip holding
 * xl/workbook.xml) and that they unpack to at most MAX_EAN_SHEET_UNPACKED_BYTES. Throws EanSheetError.
 */
export function checkXlsxContainer(bytes: Uint8Array): void {
  if (u32(bytes, 0) !== 0x04034b50) throw new EanSheetError(415, NOT_XLSX);
  // The end-of-central-directory record is in the last 22 + 65535 (comment) bytes.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
    if (u32(bytes, at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new EanSheetError(422, 'The workbook is damaged and cannot be read (its zip directory is missing)');
  const entries = u16(bytes, end + 10);
  const directoryOffset = u32(bytes, end + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff) {
    throw new EanSheetError(413, 'The workbook is too large to read (zip64)');
  }

  let unpacked = 0;
  let hasWorkbook = false;
  let at = directoryOffset;
  for (let entry = 0; entry < entries; entry += 1) {
    if (at + 46 > bytes.length || u32(bytes, at) !== 0x02014b50) {
      throw new EanSheetError(422, 'The workbook is damaged and cannot be read');
    }
    const size = u32(bytes, at + 24);
    const nameLength = u16(bytes, at + 28);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (name === 'xl/workbook.xml') hasWorkbook = true;
    unpacked += size;
    if (size === 0xffffffff || unpacked > MAX_EAN_SHEET_UNPACKED_BYTES) {
      throw new EanSheetError(413, `The workbook unpacks to more than ${MAX_EAN_SHEET_UNPACKED_BYTES / 1024 / 1024} MB`);
    }
    at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
  }
  if (!hasWorkbook) throw new EanSheetError(415, NOT_XLSX);
}

/** A header cell's name as compared: trimmed, single spaces, lower case. */
export function normaliseHeader(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toLowerCase();
}

const SCIENTIFIC = /^\d+(?:[.,]\d+)?e[+-]?\d+$/i;
const DAMAGED =
  'is in scientific notation: Excel has rounded the number, so the EAN is lost. Format the column as Text and type the EAN again';

/**
 * One cell as an EAN. Number cells are whole numbers of at most 15 digits in Excel, which keeps
 * every GTIN intact except its leading zeros: a number shorter than 13 digits is padded with
 * zeros to 13 (the same GTIN, the check digit unchanged). Text cells are taken as typed.
 */
export function readEanCell(value: ExcelJS.CellValue): EanCell {
  if (value === null || value === undefined) return { problem: 'is empty' };
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return { problem: `'${value}' is not an EAN` };
    if (value >= 1e15) return { problem: `'${value.toExponential(5).toUpperCase()}' ${DAMAGED}` };
    if (!Number.isInteger(value)) return { problem: `'${value}' is a number with decimals, not an EAN` };
    return { ean: String(value).padStart(13, '0') };
  }
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return { problem: 'is empty' };
    if (SCIENTIFIC.test(text)) return { problem: `'${text.slice(0, 40)}' ${DAMAGED}` };
    return { ean: text.slice(0, 100) };
  }
  if (typeof value === 'boolean') return { problem: `'${value ? 'TRUE' : 'FALSE'}' is not an EAN` };
  if (value instanceof Date) return { problem: 'is a date, not an EAN' };
  if ('error' in value) return { problem: `is an Excel error (${value.error})` };
  if ('richText' in value) return readEanCell(value.richText.map((part) => part.text).join(''));
  if ('hyperlink' in value) return readEanCell(value.text);
  if ('result' in value) return readEanCell(value.result ?? null);
  return { problem: 'is a formula without a value; save the workbook in Excel first' };
}

function headerText(value: ExcelJS.CellValue): string {
  const read = readEanCell(value);
  if ('ean' in read) return read.ean;
  return typeof value === 'string' ? value : '';
}

/** Reads the sheet's rows; throws EanSheetError for a file that is not a usable EAN sheet. */
export async function readEanSheet(bytes: Uint8Array): Promise<EanSheetRow[]> {
  if (bytes.length > MAX_EAN_SHEET_BYTES) {
    throw new EanSheetError(413, `The file is larger than ${MAX_EAN_SHEET_BYTES / 1024 / 1024} MB`);
  }
  checkXlsxContainer(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs accepts a Buffer; a view over the same bytes, no copy.
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer);
  } catch {
    throw new EanSheetError(422, 'The workbook is damaged and cannot be read');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.actualRowCount === 0) throw new EanSheetError(422, 'The sheet is empty');

  let headerRow = 0;
  let supplierColumn = 0;
  let newColumn = 0;
  const rows: EanSheetRow[] = [];
  let tooMany = false;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (tooMany) return;
    if (headerRow === 0) {
      headerRow = rowNumber;
      const seen = new Map<string, number>();
      row.eachCell({ includeEmpty: false }, (cell, column) => {
        const name = normaliseHeader(headerText(cell.value));
        if (seen.has(name)) throw new EanSheetError(422, `The header row names the column '${headerText(cell.value).trim()}' twice`);
        seen.set(name, column);
      });
      supplierColumn = seen.get(normaliseHeader(SUPPLIER_EAN_COLUMN)) ?? 0;
      newColumn = seen.get(normaliseHeader(NEW_EAN_COLUMN)) ?? 0;
      const missing = [supplierColumn ? null : SUPPLIER_EAN_COLUMN, newColumn ? null : NEW_EAN_COLUMN].filter(Boolean);
      if (missing.length > 0) {
        throw new EanSheetError(
          422,
          `The header row (the first filled row of the first sheet) must name the columns '${SUPPLIER_EAN_COLUMN}' and '${NEW_EAN_COLUMN}'; missing: ${missing.map((name) => `'${name}'`).join(' and ')}`,
        );
      }
      return;
    }
    const supplierValue = row.getCell(supplierColumn).value;
    const newValue = row.getCell(newColumn).value;
    if (isBlank(supplierValue) && isBlank(newValue)) return; // a row with only other columns filled
    if (rows.length >= MAX_EAN_SHEET_ROWS) {
      tooMany = true;
      return;
    }
    rows.push({ row: rowNumber, supplierEan: readEanCell(supplierValue), newEan: readEanCell(newValue) });
  });
  if (tooMany) {
    throw new EanSheetError(413, `The sheet has more than ${MAX_EAN_SHEET_ROWS.toLocaleString('en-US')} rows; split it into smaller files`);
  }
  if (rows.length === 0) throw new EanSheetError(422, 'The sheet has no rows under its header');
  return rows;
}

function isBlank(value: ExcelJS.CellValue): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}
