/**
 * The EAN sheet upload in bounded memory (a probe found: a 4.7 MB zip bomb with lied sizes killed the
 * process, an honest 340 KB file holding a 95 MB sheet took 1.5 GB and froze the server for 10 s).
 * Each workbook here is written by hand (node:zlib + a hand-made zip), so its declared sizes can lie.
 * docs/security.md, "Uploads".
 */
import { constants as zlibConstants, crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EanUploadReport } from '../../src/shared/contract';
import { EAN_SHEET_WORKER_LIMITS, EanSheetReader } from '../../src/server/catalogue/ean-sheet-in-worker';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let auth: Record<string, string>;

beforeAll(async () => {
  // The real limits, except that only one upload may wait (so the queue test needs three, not ten).
  t = await createTestApp({ deps: { eanSheetReader: new EanSheetReader({ ...EAN_SHEET_WORKER_LIMITS, maxWaiting: 1 }) } });
  auth = { Authorization: `Bearer ${await t.token()}` };
});
afterAll(async () => {
  await t.close();
});

// ---- A hand-written zip ----

interface ZipPart {
  name: string;
  /** The deflated bytes. */
  data: Buffer;
  /** What the zip says the part unpacks to (a bomb lies here). */
  declaredSize: number;
  crc: number;
}

function part(name: string, xml: string): ZipPart {
  const raw = Buffer.from(xml, 'utf8');
  return { name, data: deflateRawSync(raw), declaredSize: raw.length, crc: crc32(raw) };
}

/**
 * Deflates `prefix + filler × n + suffix` without ever holding the inflated text, and without
 * deflating it all: one block of filler is deflated once, ended with a full flush, and repeated.
 * A full flush empties the compressor's window, so each piece stands alone and the pieces join
 * into one valid stream that inflates to exactly the text (deflating a whole gigabyte took ~2.5 s
 * of CPU per bomb).
 */
function streamedPart(name: string, prefix: string, filler: string, inflatedBytes: number, suffix: string, lie?: number): ZipPart {
  const piece = (text: string | Buffer, last: boolean) =>
    deflateRawSync(text, { level: 9, memLevel: 9, finishFlush: last ? zlibConstants.Z_FINISH : zlibConstants.Z_FULL_FLUSH });
  const block = Buffer.from(filler.repeat(Math.max(1, Math.floor((256 * 1024) / filler.length))), 'utf8');
  const deflatedBlock = piece(block, false);
  const out: Buffer[] = [piece(prefix, false)];
  let crc = crc32(prefix);
  let written = Buffer.byteLength(prefix);
  while (written < inflatedBytes) {
    out.push(deflatedBlock);
    crc = crc32(block, crc);
    written += block.length;
  }
  out.push(piece(suffix, true));
  crc = crc32(suffix, crc);
  return { name, data: Buffer.concat(out), declaredSize: lie ?? written + Buffer.byteLength(suffix), crc };
}

function zip(parts: ZipPart[]): Uint8Array<ArrayBuffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of parts) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, entry.data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  const file = Buffer.concat([...locals, directory, end]);
  return new Uint8Array(file.buffer.slice(file.byteOffset, file.byteOffset + file.length) as ArrayBuffer);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const workbookParts = () => [
  part('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
  part('xl/workbook.xml', `<?xml version="1.0"?><workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets><sheet name="EAN" sheetId="1" r:id="rId1"/></sheets></workbook>`),
  part(
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  ),
];
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const SHEET_START = `<?xml version="1.0"?><worksheet xmlns="${MAIN}"><sheetData><row r="1">${inline('A1', 'Supplier EAN')}${inline('B1', 'New EAN')}</row>`;
const SHEET_END = '</sheetData></worksheet>';

// ---- Measuring ----

const MB = 1024 * 1024;

interface Measured {
  response: Response;
  ms: number;
  rssGrowthMb: number;
  /** The slowest /healthz answer while the upload ran. */
  slowestHealthMs: number;
}

async function uploadMeasured(bytes: Uint8Array<ArrayBuffer>): Promise<Measured> {
  const form = new FormData();
  form.append('eanExel', new File([bytes], 'sheet.xlsx'));
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  let slowestHealthMs = 0;
  let running = true;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const health = (async () => {
    while (running) {
      const started = performance.now();
      const answer = await t.app.request('/healthz');
      expect(answer.status).toBe(200);
      slowestHealthMs = Math.max(slowestHealthMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const started = performance.now();
  const response = await t.app.request('/api/v1/ean', { method: 'POST', headers: auth, body: form });
  const ms = performance.now() - started;
  running = false;
  await health;
  clearInterval(sampler);
  return { response, ms, rssGrowthMb: (peak - before) / MB, slowestHealthMs };
}

function report(what: string, measured: Measured, bytes: Uint8Array, inflated: number) {
  console.log(
    `[ean-sheet-bounds] ${what}: file ${(bytes.length / 1024).toFixed(0)} KB, inflates to ${(inflated / MB).toFixed(0)} MB → ${measured.response.status} in ${measured.ms.toFixed(0)} ms; ` +
      `RSS +${measured.rssGrowthMb.toFixed(0)} MB at peak; slowest /healthz meanwhile ${measured.slowestHealthMs.toFixed(0)} ms`,
  );
}

const message = async (response: Response) => ((await response.json()) as { message: string }).message;

describe('POST /api/v1/ean with a workbook built to exhaust memory', () => {
  it('refuses a zip bomb whose sheet lies about its size (1 GB declared as 1 KB) with 413, memory bounded, server answering', async () => {
    const inflated = 1024 * MB;
    const sheet = streamedPart('xl/worksheets/sheet1.xml', `${SHEET_START}<row r="2">`, '<c r="C2"><v>1</v></c>', inflated, `</row>${SHEET_END}`, 1_000);
    const bytes = zip([...workbookParts(), sheet]);
    expect(bytes.length).toBeLessThan(5 * MB);
    const measured = await uploadMeasured(bytes);
    report('zip bomb (sheet, lied sizes)', measured, bytes, inflated);
    expect(measured.response.status).toBe(413);
    expect(await message(measured.response)).toBe('The workbook unpacks to more than 100 MB');
    expect(measured.rssGrowthMb).toBeLessThan(200);
    expect(measured.slowestHealthMs).toBeLessThan(1_000);
  });

  it('refuses a zip bomb in the shared strings (one endless text) with 413, memory bounded', async () => {
    const inflated = 1024 * MB;
    const sheet = part('xl/worksheets/sheet1.xml', `${SHEET_START}<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2"><v>8719999000011</v></c></row>${SHEET_END}`);
    const strings = streamedPart('xl/sharedStrings.xml', `<?xml version="1.0"?><sst xmlns="${MAIN}"><si><t>`, 'A', inflated, '</t></si></sst>', 2_000);
    const bytes = zip([...workbookParts(), sheet, strings]);
    const measured = await uploadMeasured(bytes);
    report('zip bomb (shared strings, lied sizes)', measured, bytes, inflated);
    expect(measured.response.status).toBe(413);
    expect(await message(measured.response)).toMatch(/^The workbook (unpacks to more than 100 MB|needs more memory to read than an EAN sheet may use)/);
    expect(measured.rssGrowthMb).toBeLessThan(200);
  });

  it('refuses an honest sheet of 95 MB (950,000 rows) with 413 once past the row limit, quickly', async () => {
    const row = (n: number) => `<row r="${n}">${inline(`A${n}`, '8712345000015')}<c r="B${n}"><v>8719999000011</v></c></row>`;
    const rows: string[] = [];
    for (let n = 2; n < 250; n += 1) rows.push(row(n));
    // The same 248 rows over and over, as a generated export would repeat itself (row numbers repeat;
    // the reader stops long before it matters).
    const inflated = 95 * MB;
    const sheet = streamedPart('xl/worksheets/sheet1.xml', SHEET_START, rows.join(''), inflated, SHEET_END);
    const bytes = zip([...workbookParts(), sheet]);
    const measured = await uploadMeasured(bytes);
    report('honest 95 MB sheet, 950,000 rows', measured, bytes, inflated);
    expect(measured.response.status).toBe(413);
    expect(await message(measured.response)).toBe('The sheet has more than 10,000 rows; split it into smaller files');
    expect(measured.rssGrowthMb).toBeLessThan(200);
    expect(measured.ms).toBeLessThan(5_000);
  });

  it('reads an honest 95 MB sheet of 9,000 wide rows to the end in bounded memory and answers its report', async () => {
    const filler = 'x'.repeat(10_000);
    const rows: string[] = [];
    for (let n = 2; n <= 9_001; n += 1) rows.push(`<row r="${n}">${inline(`A${n}`, '8712345000015')}<c r="B${n}"><v>8719999000011</v></c>${inline(`C${n}`, filler)}</row>`);
    const xml = `${SHEET_START}${rows.join('')}${SHEET_END}`;
    const sheet = part('xl/worksheets/sheet1.xml', xml);
    const bytes = zip([...workbookParts(), sheet]);
    rows.length = 0;
    const measured = await uploadMeasured(bytes);
    report('honest 95 MB sheet, 9,000 wide rows', measured, bytes, xml.length);
    expect(measured.response.status).toBe(200);
    const body = (await measured.response.json()) as EanUploadReport;
    expect(body.rowsRead).toBe(9_000);
    expect(body.applied).toEqual([]);
    expect(measured.rssGrowthMb).toBeLessThan(200);
    expect(measured.slowestHealthMs).toBeLessThan(1_000);
  });

  it('ends a worker that runs out of memory with 413, and the next upload is read normally', async () => {
    const small = new EanSheetReader({ ...EAN_SHEET_WORKER_LIMITS, maxOldGenerationSizeMb: 24 });
    const inflated = 90 * MB; // under the byte limit: only the memory limit can stop it
    const strings = streamedPart('xl/sharedStrings.xml', `<?xml version="1.0"?><sst xmlns="${MAIN}"><si><t>`, 'A', inflated, '</t></si></sst>');
    const sheet = part('xl/worksheets/sheet1.xml', `${SHEET_START}<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2"><v>8719999000011</v></c></row>${SHEET_END}`);
    const error = await small.read(zip([...workbookParts(), sheet, strings])).then(
      () => null,
      (thrown: unknown) => thrown as { status: number; message: string },
    );
    expect(error?.status).toBe(413);
    expect(error?.message).toMatch(/^The workbook needs more memory to read than an EAN sheet may use/);

    const fine = zip([...workbookParts(), part('xl/worksheets/sheet1.xml', `${SHEET_START}<row r="2">${inline('A2', '8712345000015')}${inline('B2', '8719999000011')}</row>${SHEET_END}`)]);
    expect(await small.read(fine)).toEqual([{ row: 2, supplierEan: { ean: '8712345000015' }, newEan: { ean: '8719999000011' } }]);
  });

  it('answers 503 with Retry-After when more uploads wait than the queue holds', async () => {
    const fine = zip([...workbookParts(), part('xl/worksheets/sheet1.xml', `${SHEET_START}<row r="2">${inline('A2', '8712345000015')}${inline('B2', '8719999000011')}</row>${SHEET_END}`)]);
    const send = () => {
      const form = new FormData();
      form.append('eanExel', new File([fine], 'sheet.xlsx'));
      return t.app.request('/api/v1/ean', { method: 'POST', headers: auth, body: form });
    };
    const answers = await Promise.all([send(), send(), send()]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 503]);
    const busy = answers.find((answer) => answer.status === 503)!;
    expect(busy.headers.get('Retry-After')).toBe('5');
    expect(await message(busy)).toMatch(/Too many EAN sheets are being read right now/);
  });
});
