/**
 * .xlsx feed reader: the first worksheet, its first non-empty row is the header, every later row a
 * record keyed by the header's names in lower case (as the CSV reader). The workbook is a zip, so
 * it is read whole into memory first (bounded by the caller), and its parts are inflated as streams
 * with a running limit on the real inflated bytes (xlsx-zip.ts, as the EAN sheet): a zip bomb stops
 * at the limit. Runs in the parse worker for imports (feed-row-batches.ts), so a workbook that needs
 * too much memory ends that worker, not the server. Its parts are held to the XML limits and the
 * sheet to MAX_FEED_COLUMNS columns (feed-limits.ts).
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { InflateBudget, readZipEntry, ZipReadError, zipEntries, type ZipEntry } from '../lib/xlsx-zip';
import { FeedFormatError, type FeedItem } from './feed-item';
import { serverSentence } from '../../shared/server-messages';
import { MAX_FEED_COLUMNS, tooManyColumns, XmlLimits } from './feed-limits';
import { columnOf, localName } from '../lib/xlsx-cells';

/** Longest text kept of one cell (a description fits). */
const MAX_CELL_CHARS = 200_000;


/** A parser for one part with its XML limits: attributes are counted here, the callers' handlers report the rest. */
function limitedParser(entry: ZipEntry): { parser: SaxesParser; limits: XmlLimits } {
  const parser = new SaxesParser({ position: false });
  const limits = new XmlLimits(serverSentence('feedWhatWorkbookPart', entry.name));
  parser.on('attribute', (attribute) => limits.attribute(attribute.name));
  return { parser, limits };
}

/** Streams one part through a saxes parser; `drain` runs after every chunk (to hand out finished rows). */
async function* parsePart(
  bytes: Uint8Array,
  entry: ZipEntry,
  budget: InflateBudget,
  { parser, limits }: { parser: SaxesParser; limits: XmlLimits },
  drain: () => FeedItem[],
): AsyncGenerator<FeedItem> {
  let failure: string | null = null;
  parser.on('error', (error) => {
    failure ??= error.message;
  });
  parser.on('doctype', () => {
    failure ??= 'a DOCTYPE is not allowed';
  });
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of readZipEntry(bytes, entry, budget)) {
    limits.write(parser, decoder.decode(chunk, { stream: true }));
    if (failure) throw new FeedFormatError(serverSentence('feedWorkbookPartNotXml', entry.name));
    yield* drain();
  }
  limits.write(parser, decoder.decode());
  parser.close();
  if (failure) throw new FeedFormatError(serverSentence('feedWorkbookPartNotXml', entry.name));
  yield* drain();
}

async function sharedStrings(bytes: Uint8Array, entry: ZipEntry | undefined, budget: InflateBudget): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  const part = limitedParser(entry);
  const { parser, limits } = part;
  let current: string | null = null;
  let inText = false;
  let inPhonetic = false;
  const onText = (text: string) => {
    limits.sawText();
    if (current !== null && inText && !inPhonetic && current.length < MAX_CELL_CHARS) current += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('opentag', (tag) => {
    limits.opened(tag.name);
    const name = localName(tag.name);
    if (name === 'si') current = '';
    else if (name === 't') inText = true;
    else if (name === 'rPh') inPhonetic = true;
  });
  parser.on('closetag', (tag) => {
    limits.closed();
    const name = localName(tag.name);
    if (name === 't') inText = false;
    else if (name === 'rPh') inPhonetic = false;
    else if (name === 'si') {
      strings.push((current ?? '').slice(0, MAX_CELL_CHARS));
      current = null;
    }
  });
  for await (const _ of parsePart(bytes, entry, budget, part, () => [])) {
    // parsePart yields nothing here; the loop drives it.
  }
  return strings;
}

function firstSheet(entries: ZipEntry[]): ZipEntry | undefined {
  const sheets = entries.filter((entry) => /^xl\/worksheets\/[^/]+\.xml$/.test(entry.name));
  return sheets.find((entry) => entry.name === 'xl/worksheets/sheet1.xml') ?? sheets.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))[0];
}

export interface XlsxReadOptions {
  /** The real bytes the workbook's parts may inflate to. */
  maxInflatedBytes: number;
  onColumns?: (columns: string[], line: number) => void;
}

/** Records of the first worksheet of an .xlsx held in memory; `line` is the sheet's row number. */
export async function* readXlsxFeed(bytes: Uint8Array, options: XlsxReadOptions): AsyncGenerator<FeedItem> {
  const budget = new InflateBudget(
    options.maxInflatedBytes,
    () => new ZipReadError('too-large', `the workbook unpacks to more than ${Math.round(options.maxInflatedBytes / 1024 / 1024)} MB`),
  );
  try {
    let entries: ZipEntry[];
    try {
      entries = zipEntries(bytes);
    } catch {
      throw new FeedFormatError(serverSentence('feedNotXlsx'));
    }
    const sheet = firstSheet(entries);
    if (!sheet) throw new FeedFormatError(serverSentence('feedNoWorksheet'));
    const strings = await sharedStrings(bytes, entries.find((entry) => entry.name === 'xl/sharedStrings.xml'), budget);

    const part = limitedParser(sheet);
    const { parser, limits } = part;
    const ready: FeedItem[] = [];
    let header: string[] | null = null;
    let rowNumber = 0;
    let cells: Map<number, string> | null = null;
    let cell: { column: number; type: string; value: string; inline: string } | null = null;
    let reading: 'v' | 't' | null = null;
    let lastColumn = 0;
    const onText = (text: string) => {
      limits.sawText();
      if (!cell || reading === null) return;
      if (reading === 'v') cell.value = (cell.value + text).slice(0, MAX_CELL_CHARS);
      else cell.inline = (cell.inline + text).slice(0, MAX_CELL_CHARS);
    };
    parser.on('text', onText);
    parser.on('cdata', onText);
    parser.on('opentag', (tag) => {
      limits.opened(tag.name);
      const name = localName(tag.name);
      const attributes = (tag as SaxesTagPlain).attributes;
      if (name === 'row') {
        const number = Number(attributes.r);
        rowNumber = Number.isInteger(number) && number > 0 ? number : rowNumber + 1;
        cells = new Map();
        lastColumn = 0;
      } else if (name === 'c' && cells) {
        const column = columnOf(attributes.r ?? '') || lastColumn + 1;
        if (column > MAX_FEED_COLUMNS) throw tooManyColumns({ row: rowNumber });
        lastColumn = column;
        cell = { column, type: attributes.t ?? 'n', value: '', inline: '' };
      } else if (cell) {
        if (name === 'v') reading = 'v';
        else if (name === 't') reading = 't';
        else if (name === 'rPh') reading = null;
      }
    });
    parser.on('closetag', (tag) => {
      limits.closed();
      const name = localName(tag.name);
      if (name === 'v' || name === 't') reading = null;
      else if (name === 'c' && cell && cells) {
        const value =
          cell.type === 's' ? (strings[Number(cell.value)] ?? '') : cell.type === 'inlineStr' ? cell.inline : cell.type === 'b' ? (cell.value.trim() === '1' ? 'TRUE' : 'FALSE') : cell.value;
        if (value !== '') cells.set(cell.column, value);
        cell = null;
      } else if (name === 'row' && cells) {
        const row = cells;
        cells = null;
        if (row.size === 0) return;
        if (!header) {
          const width = Math.max(...row.keys());
          const names = Array.from({ length: width }, (_, i) => (row.get(i + 1) ?? '').trim());
          options.onColumns?.(names.filter((n) => n !== ''), rowNumber);
          header = names.map((n) => n.toLowerCase());
          return;
        }
        const record: Record<string, string> = {};
        for (const [column, value] of row) {
          const key = header[column - 1];
          if (key) record[key] ??= value;
        }
        ready.push({ line: rowNumber, record });
      }
    });
    yield* parsePart(bytes, sheet, budget, part, () => ready.splice(0));
  } catch (error) {
    if (error instanceof ZipReadError) throw new FeedFormatError(serverSentence('feedWorkbookUnreadable', error.message));
    throw error;
  }
}
