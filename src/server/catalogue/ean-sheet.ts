/**
 * Reading the EAN sheet (POST /api/v1/ean): an .xlsx workbook whose first worksheet has a header
 * row naming the columns 'Supplier EAN' and 'New EAN' (any case, any order, other columns ignored)
 * and one change per row under it. The format is described in docs/ean-and-images.md.
 *
 * This module only reads: what the rows do is decided in ean-sheet-plan.ts. It reads in bounded
 * memory: the zip's parts are inflated as streams with a running limit on the real unpacked bytes
 * (xlsx-zip.ts), the XML is parsed as it streams (saxes), only the two EAN columns are kept, reading
 * stops after the row limit, and only the shared strings those cells use are kept. The server runs it
 * in a worker thread with a memory limit (ean-sheet-in-worker.ts); docs/security.md, "Uploads".
 */
import type ExcelJS from 'exceljs';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { serverSentence, type ServerSentence } from '../../shared/server-messages';
import { InflateBudget, readZipEntry, ZipReadError, zipEntries, type ZipEntry } from '../lib/xlsx-zip';
import { columnOf, localName } from '../lib/xlsx-cells';

export const MAX_EAN_SHEET_BYTES = 5 * 1024 * 1024;
export const MAX_EAN_SHEET_ROWS = 10_000;
/** What the parts read may unpack to, counted on the real inflated bytes (never the declared sizes). */
export const MAX_EAN_SHEET_UNPACKED_BYTES = 100 * 1024 * 1024;

export const SUPPLIER_EAN_COLUMN = 'Supplier EAN';
export const NEW_EAN_COLUMN = 'New EAN';

/**
 * A problem with the whole file: nothing is changed and the person gets this message; `sentence`
 * names it for the app to word (docs/languages.md, "Sentences the server writes").
 */
export class EanSheetError extends Error {
  readonly sentence: ServerSentence | null;
  constructor(
    readonly status: 413 | 415 | 422 | 503,
    said: string | ServerSentence,
    /** For 503: when to try again, in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(typeof said === 'string' ? said : said.message);
    this.name = 'EanSheetError';
    this.sentence = typeof said === 'string' ? null : said;
  }
}

/**
 * Why a cell cannot be an EAN, as the key of its sentence (`eanCell…` in
 * src/shared/server-messages.ts, where the column's name is put before it) and its value.
 */
export type EanCellProblem =
  | { key: 'empty' | 'date' | 'formula' }
  | { key: 'notEan' | 'decimals' | 'scientific'; value: string }
  | { key: 'excelError'; error: string };

/** One cell read as an EAN: its digits as text, or why it cannot be one. */
export type EanCell = { ean: string } | { problem: EanCellProblem };

export interface EanSheetRow {
  /** The row number as Excel shows it (1 = the first row of the sheet). */
  row: number;
  supplierEan: EanCell;
  newEan: EanCell;
}

const NOT_XLSX = serverSentence('eanSheetNotXlsx');

const u16 = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
const u32 = (bytes: Uint8Array, at: number) => (u16(bytes, at) + u16(bytes, at + 2) * 0x10000) >>> 0;

/**
 * Checks, from the zip's central directory, that the bytes are an .xlsx (a zip holding
 * xl/workbook.xml) and that the sizes it declares stay within MAX_EAN_SHEET_UNPACKED_BYTES: a quick
 * first refusal only, since a zip can lie about its sizes; the real bytes are counted while reading.
 * Throws EanSheetError.
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
  if (end < 0) throw new EanSheetError(422, serverSentence('eanSheetNoZipDirectory'));
  const entries = u16(bytes, end + 10);
  const directoryOffset = u32(bytes, end + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff) {
    throw new EanSheetError(413, serverSentence('eanSheetZip64'));
  }

  let unpacked = 0;
  let hasWorkbook = false;
  let at = directoryOffset;
  for (let entry = 0; entry < entries; entry += 1) {
    if (at + 46 > bytes.length || u32(bytes, at) !== 0x02014b50) {
      throw new EanSheetError(422, DAMAGED_WORKBOOK);
    }
    const size = u32(bytes, at + 24);
    const nameLength = u16(bytes, at + 28);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (name === 'xl/workbook.xml') hasWorkbook = true;
    unpacked += size;
    if (size === 0xffffffff || unpacked > MAX_EAN_SHEET_UNPACKED_BYTES) {
      throw new EanSheetError(413, serverSentence('eanSheetUnpacksTooLarge', MAX_EAN_SHEET_UNPACKED_BYTES / 1024 / 1024));
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

/**
 * One cell as an EAN. Number cells are whole numbers of at most 15 digits in Excel, which keeps
 * every GTIN intact except its leading zeros: a number shorter than 13 digits is padded with
 * zeros to 13 (the same GTIN, the check digit unchanged). Text cells are taken as typed.
 */
export function readEanCell(value: ExcelJS.CellValue): EanCell {
  if (value === null || value === undefined) return { problem: { key: 'empty' } };
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return { problem: { key: 'notEan', value: String(value) } };
    if (value >= 1e15) return { problem: { key: 'scientific', value: value.toExponential(5).toUpperCase() } };
    if (!Number.isInteger(value)) return { problem: { key: 'decimals', value: String(value) } };
    return { ean: String(value).padStart(13, '0') };
  }
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return { problem: { key: 'empty' } };
    if (SCIENTIFIC.test(text)) return { problem: { key: 'scientific', value: text.slice(0, 40) } };
    return { ean: text.slice(0, 100) };
  }
  if (typeof value === 'boolean') return { problem: { key: 'notEan', value: value ? 'TRUE' : 'FALSE' } };
  if (value instanceof Date) return { problem: { key: 'date' } };
  if ('error' in value) return { problem: { key: 'excelError', error: String(value.error) } };
  if ('richText' in value) return readEanCell(value.richText.map((part) => part.text).join(''));
  if ('hyperlink' in value) return readEanCell(value.text);
  if ('result' in value) return readEanCell(value.result ?? null);
  return { problem: { key: 'formula' } };
}

function headerText(value: ExcelJS.CellValue): string {
  const read = readEanCell(value);
  if ('ean' in read) return read.ean;
  return typeof value === 'string' ? value : '';
}

/** Text kept of one cell: far more than any EAN or header name, so a huge cell cannot fill memory. */
const MAX_CELL_CHARS = 200;
/** Rows with something in an EAN column kept before their shared strings are known (blank ones are dropped later). */
const MAX_PENDING_ROWS = 2 * MAX_EAN_SHEET_ROWS;

const DAMAGED_WORKBOOK = serverSentence('eanSheetDamaged');
const tooManyRows = () => new EanSheetError(413, serverSentence('eanSheetTooManyRows', MAX_EAN_SHEET_ROWS));
const UNPACKS_TOO_LARGE = serverSentence('eanSheetUnpacksTooLarge', MAX_EAN_SHEET_UNPACKED_BYTES / 1024 / 1024);
const unpacksTooLarge = () => new ZipReadError('too-large', UNPACKS_TOO_LARGE.message);

/** One cell as it stands in the sheet's XML, before shared strings and styles are applied. */
interface RawCell {
  column: number;
  /** The `t` attribute: s, str, inlineStr, b, e, d or n (default). */
  type: string;
  style: number;
  /** The <v> text (clipped). */
  value: string;
  /** The <is><t> text of an inline string (clipped). */
  inline: string;
  hasFormula: boolean;
}

interface RawRow {
  row: number;
  cells: RawCell[];
}

/** Something that stops the XML reading early once it has what it needs. */
interface XmlReading {
  parser: SaxesParser;
  /**
   * Set true to stop reading (the rest of the part is not even inflated). The chunk being parsed
   * still runs through the parser, so every handler returns at once while this is set.
   */
  stop: boolean;
}

const clip = (text: string, more: string) => (text.length >= MAX_CELL_CHARS ? text : (text + more).slice(0, MAX_CELL_CHARS));

/** Streams one zip part through a saxes parser set up by `setUp`, until its end or until it stops. */
async function readXmlPart(bytes: Uint8Array, entry: ZipEntry, budget: InflateBudget, setUp: (reading: XmlReading) => void): Promise<void> {
  const reading: XmlReading = { parser: new SaxesParser({ position: false }), stop: false };
  let failure: string | null = null;
  reading.parser.on('error', (error) => {
    failure ??= error.message;
  });
  // External entities are never resolved by saxes; a DOCTYPE has no business in an xlsx part.
  reading.parser.on('doctype', () => {
    failure ??= 'a DOCTYPE is not allowed';
  });
  setUp(reading);
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of readZipEntry(bytes, entry, budget)) {
    reading.parser.write(decoder.decode(chunk, { stream: true }));
    if (failure) throw new ZipReadError('damaged', `the part ${entry.name} is not valid XML`);
    if (reading.stop) return;
  }
  reading.parser.write(decoder.decode());
  reading.parser.close();
  if (failure) throw new ZipReadError('damaged', `the part ${entry.name} is not valid XML`);
}


/** Path of the first worksheet: workbook.xml names it, its relationships file says where it is. */
async function firstSheetPath(bytes: Uint8Array, entries: Map<string, ZipEntry>, budget: InflateBudget): Promise<string> {
  const workbook = entries.get('xl/workbook.xml');
  if (!workbook) throw new EanSheetError(415, NOT_XLSX);
  let relationId: string | null = null;
  await readXmlPart(bytes, workbook, budget, (reading) => {
    reading.parser.on('opentag', (tag) => {
      if (reading.stop) return;
      if (localName(tag.name) !== 'sheet') return;
      const attributes = (tag as SaxesTagPlain).attributes;
      relationId = Object.entries(attributes).find(([name]) => localName(name) === 'id' && name !== 'sheetId')?.[1] ?? null;
      reading.stop = true;
    });
  });
  if (relationId === null) throw new EanSheetError(422, serverSentence('eanSheetNoWorksheet'));
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  let target: string | null = null;
  if (rels) {
    await readXmlPart(bytes, rels, budget, (reading) => {
      reading.parser.on('opentag', (tag) => {
      if (reading.stop) return;
        const attributes = (tag as SaxesTagPlain).attributes;
        if (localName(tag.name) === 'Relationship' && attributes.Id === relationId) {
          target = attributes.Target ?? null;
          reading.stop = true;
        }
      });
    });
  }
  if (target === null) return 'xl/worksheets/sheet1.xml';
  const path: string = target;
  return path.startsWith('/') ? path.slice(1) : `xl/${path}`.replace(/\/[^/]+\/\.\.\//g, '/');
}

/** Built-in number formats that show a date or time. */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** A custom number format shows a date when, outside quotes, escapes and [colour] parts, it has d, m, y, h or s. */
export function isDateFormatCode(code: string): boolean {
  const bare = code.replace(/"[^"]*"/g, '').replace(/\\./g, '').replace(/\[[^\]]*\]/g, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** Indices of the cell styles (the `s` attribute) that show numbers as dates. */
async function dateStyles(bytes: Uint8Array, entries: Map<string, ZipEntry>, budget: InflateBudget): Promise<Set<number>> {
  const styles = entries.get('xl/styles.xml');
  const dates = new Set<number>();
  if (!styles) return dates;
  const customDates = new Set<number>();
  let inCellXfs = false;
  let index = 0;
  await readXmlPart(bytes, styles, budget, (reading) => {
    reading.parser.on('opentag', (tag) => {
      if (reading.stop) return;
      const name = localName(tag.name);
      const attributes = (tag as SaxesTagPlain).attributes;
      if (name === 'numFmt' && isDateFormatCode(attributes.formatCode ?? '')) customDates.add(Number(attributes.numFmtId));
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const format = Number(attributes.numFmtId ?? 0);
        if (BUILT_IN_DATE_FORMATS.has(format) || customDates.has(format)) dates.add(index);
        index += 1;
      }
    });
    reading.parser.on('closetag', (tag) => {
      if (reading.stop) return;
      if (localName(tag.name) === 'cellXfs') reading.stop = true;
    });
  });
  return dates;
}

/**
 * Streams the sheet's rows to `onRow`, each with only the cells `keep` wants; `onRow` answers false
 * to stop reading.
 */
async function readSheetRows(
  bytes: Uint8Array,
  entry: ZipEntry,
  budget: InflateBudget,
  keep: (column: number) => boolean,
  onRow: (row: RawRow) => boolean,
): Promise<void> {
  await readXmlPart(bytes, entry, budget, (reading) => {
    let row: RawRow | null = null;
    let lastRow = 0;
    let cell: RawCell | null = null;
    let lastColumn = 0;
    /** 'v' while in <v>, 't' while in <is><t>, null otherwise. */
    let reading_: 'v' | 't' | null = null;
    const onText = (text: string) => {
      if (reading.stop || !cell || reading_ === null) return;
      if (reading_ === 'v') cell.value = clip(cell.value, text);
      else cell.inline = clip(cell.inline, text);
    };
    reading.parser.on('text', onText);
    reading.parser.on('cdata', onText);
    reading.parser.on('opentag', (tag) => {
      if (reading.stop) return;
      const name = localName(tag.name);
      const attributes = (tag as SaxesTagPlain).attributes;
      if (name === 'row') {
        const number = Number(attributes.r);
        lastRow = Number.isInteger(number) && number > 0 ? number : lastRow + 1;
        row = { row: lastRow, cells: [] };
        lastColumn = 0;
      } else if (name === 'c' && row) {
        const column = columnOf(attributes.r ?? '') || lastColumn + 1;
        lastColumn = column;
        cell = keep(column) ? { column, type: attributes.t ?? 'n', style: Number(attributes.s ?? 0), value: '', inline: '', hasFormula: false } : null;
      } else if (cell) {
        if (name === 'v') reading_ = 'v';
        else if (name === 't') reading_ = 't';
        else if (name === 'f') cell.hasFormula = true;
        else if (name === 'rPh') reading_ = null;
      }
    });
    reading.parser.on('closetag', (tag) => {
      if (reading.stop) return;
      const name = localName(tag.name);
      if (name === 'v' || name === 't') reading_ = null;
      else if (name === 'c') {
        if (cell && row && (cell.value !== '' || cell.inline !== '' || cell.hasFormula)) row.cells.push(cell);
        cell = null;
      } else if (name === 'row' && row) {
        const done = row;
        row = null;
        if (done.cells.length > 0 && !onRow(done)) reading.stop = true;
      } else if (name === 'sheetData') reading.stop = true;
    });
  });
}

/** The shared strings with the given indices (clipped); the others are skipped, not kept. */
async function sharedStrings(bytes: Uint8Array, entries: Map<string, ZipEntry>, budget: InflateBudget, wanted: Set<number>): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  const part = entries.get('xl/sharedStrings.xml');
  if (!part || wanted.size === 0) return found;
  const last = Math.max(...wanted);
  let index = -1;
  let text: string | null = null;
  let inPhonetic = false;
  let inText = false;
  await readXmlPart(bytes, part, budget, (reading) => {
    const onText = (more: string) => {
      if (!reading.stop && text !== null && inText && !inPhonetic) text = clip(text, more);
    };
    reading.parser.on('text', onText);
    reading.parser.on('cdata', onText);
    reading.parser.on('opentag', (tag) => {
      if (reading.stop) return;
      const name = localName(tag.name);
      if (name === 'si') {
        index += 1;
        text = wanted.has(index) ? '' : null;
      } else if (name === 'rPh') inPhonetic = true;
      else if (name === 't') inText = true;
    });
    reading.parser.on('closetag', (tag) => {
      if (reading.stop) return;
      const name = localName(tag.name);
      if (name === 'rPh') inPhonetic = false;
      else if (name === 't') inText = false;
      else if (name === 'si') {
        if (text !== null) found.set(index, text);
        text = null;
        if (index >= last) reading.stop = true;
      }
    });
  });
  return found;
}

/** A raw cell as the value exceljs would give, so readEanCell judges it. */
function cellValue(cell: RawCell | undefined, strings: Map<number, string>, dates: Set<number>): ExcelJS.CellValue {
  if (!cell) return null;
  switch (cell.type) {
    case 's':
      return strings.get(Number(cell.value)) ?? '';
    case 'inlineStr':
      return cell.inline;
    case 'str':
      return cell.value;
    case 'b':
      return cell.value.trim() === '1';
    case 'e':
      return { error: cell.value.trim() } as ExcelJS.CellErrorValue;
    case 'd':
      return new Date(cell.value);
    default: {
      if (cell.value.trim() === '') return cell.hasFormula ? ({ formula: '' } as ExcelJS.CellFormulaValue) : null;
      const number = Number(cell.value);
      if (Number.isNaN(number)) return cell.value;
      return dates.has(cell.style) ? new Date(0) : number;
    }
  }
}

/** Reads the sheet's rows; throws EanSheetError for a file that is not a usable EAN sheet. */
export async function readEanSheet(bytes: Uint8Array): Promise<EanSheetRow[]> {
  if (bytes.length > MAX_EAN_SHEET_BYTES) {
    throw new EanSheetError(413, serverSentence('eanFileTooLarge', MAX_EAN_SHEET_BYTES / 1024 / 1024));
  }
  checkXlsxContainer(bytes);
  try {
    return await readCheckedSheet(bytes);
  } catch (error) {
    if (error instanceof ZipReadError) throw new EanSheetError(error.kind === 'too-large' ? 413 : 422, error.kind === 'too-large' ? (error.message === UNPACKS_TOO_LARGE.message ? UNPACKS_TOO_LARGE : error.message) : DAMAGED_WORKBOOK);
    throw error;
  }
}

async function readCheckedSheet(bytes: Uint8Array): Promise<EanSheetRow[]> {
  const entries = new Map(zipEntries(bytes).map((entry) => [entry.name, entry]));
  const budget = new InflateBudget(MAX_EAN_SHEET_UNPACKED_BYTES, unpacksTooLarge);
  const sheet = entries.get(await firstSheetPath(bytes, entries, budget));
  if (!sheet) throw new EanSheetError(422, DAMAGED_WORKBOOK);
  const dates = await dateStyles(bytes, entries, budget);

  // The header: the first row with something in it.
  let header: RawRow | null = null;
  await readSheetRows(bytes, sheet, budget, () => true, (row) => {
    header = row;
    return false;
  });
  if (!header) throw new EanSheetError(422, serverSentence('eanSheetEmpty'));
  const headerRow: RawRow = header;
  const headerStrings = await sharedStrings(bytes, entries, budget, new Set(headerRow.cells.filter((cell) => cell.type === 's').map((cell) => Number(cell.value))));
  const seen = new Map<string, number>();
  for (const cell of headerRow.cells) {
    const text = headerText(cellValue(cell, headerStrings, dates));
    const name = normaliseHeader(text);
    if (name === '') continue;
    if (seen.has(name)) throw new EanSheetError(422, serverSentence('eanSheetColumnTwice', text.trim()));
    seen.set(name, cell.column);
  }
  const supplierColumn = seen.get(normaliseHeader(SUPPLIER_EAN_COLUMN)) ?? 0;
  const newColumn = seen.get(normaliseHeader(NEW_EAN_COLUMN)) ?? 0;
  const missing = [supplierColumn ? null : SUPPLIER_EAN_COLUMN, newColumn ? null : NEW_EAN_COLUMN].filter(Boolean);
  if (missing.length > 0) {
    throw new EanSheetError(422, serverSentence('eanSheetColumnsMissing', SUPPLIER_EAN_COLUMN, NEW_EAN_COLUMN, missing.map((name) => `'${name}'`).join(' and ')));
  }

  // The rows under it, only their two EAN cells; reading stops once there are too many.
  const pending: RawRow[] = [];
  let tooMany = false;
  await readSheetRows(
    bytes,
    sheet,
    budget,
    (column) => column === supplierColumn || column === newColumn,
    (row) => {
      if (row.row <= headerRow.row) return true;
      if (pending.length >= MAX_PENDING_ROWS) {
        tooMany = true;
        return false;
      }
      pending.push(row);
      return true;
    },
  );
  if (tooMany) throw tooManyRows();
  const wanted = new Set(pending.flatMap((row) => row.cells.filter((cell) => cell.type === 's').map((cell) => Number(cell.value))));
  const strings = await sharedStrings(bytes, entries, budget, wanted);

  const rows: EanSheetRow[] = [];
  for (const row of pending) {
    const supplierValue = cellValue(row.cells.find((cell) => cell.column === supplierColumn), strings, dates);
    const newValue = cellValue(row.cells.find((cell) => cell.column === newColumn), strings, dates);
    if (isBlank(supplierValue) && isBlank(newValue)) continue; // a row with only other columns filled
    if (rows.length >= MAX_EAN_SHEET_ROWS) throw tooManyRows();
    rows.push({ row: row.row, supplierEan: readEanCell(supplierValue), newEan: readEanCell(newValue) });
  }
  if (rows.length === 0) throw new EanSheetError(422, serverSentence('eanSheetNoRows'));
  return rows;
}

function isBlank(value: ExcelJS.CellValue): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}
