/**
 * Feed files and Test feed against the real server in a child process, over real HTTP
 * (docs/security.md, "Feed files and Test feed"): a feed file near the 50 MB limit streams into the
 * database in chunks while /healthz keeps answering and the process's memory hardly moves; a
 * hostile XML or CSV sent to Test feed is refused with 422 naming the limit at once, also four at
 * once, and the memory of their parse workers is given back. /healthz is asked every 100 ms and the
 * child's resident memory read from /proc/<pid>/status (scripts/lib/server-watch.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupplierDetails, TestFeedReport } from '../../src/shared/suppliers';
import { residentBytes, watchServer } from '../../scripts/lib/server-watch';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { sendAllThenRead } from './support/late-reader';

const MB = 1024 * 1024;
/** Answers of the hostile Test feeds: the old code took 37-60 s for each. */
const HOSTILE_ANSWER_MS = 1_500;
const HEALTHZ_MS = 1_000;

let server: ServerProcess;
let pid: number;
let token: string;
let supplierId: number;

beforeAll(async () => {
  server = await startServerProcess();
  pid = server.child.pid ?? 0;
  token = await server.signIn();
  const created = await fetch(`${server.origin}/api/v1/suppliers`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ supplierName: 'Uploaded feed', feedSource: 'upload', feedFormat: 'csv' }),
  });
  expect(created.status).toBe(201);
  supplierId = ((await created.json()) as SupplierDetails).supplierId;
});

afterAll(async () => {
  await server?.kill();
});

/** A valid CSV feed of about `bytes`. */
function csvFeed(bytes: number): Uint8Array<ArrayBuffer> {
  const lines = ['sku;title;price;stock;description'];
  let size = lines[0]?.length ?? 0;
  for (let i = 0; size < bytes; i += 1) {
    const line = `P-${i};Product ${i};${(5 + (i % 90)).toFixed(2)};${i % 9};A plain description of product ${i}, long enough to look like a feed.`;
    lines.push(line);
    size += line.length + 1;
  }
  return new TextEncoder().encode(lines.join('\n')) as Uint8Array<ArrayBuffer>;
}

async function post(path: string, form: FormData): Promise<{ status: number; text: string; ms: number; connection: string | null }> {
  const started = performance.now();
  const response = await fetch(`${server.origin}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form, signal: AbortSignal.timeout(120_000) });
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - started, connection: response.headers.get('connection') };
}

function testFeedForm(format: string, bytes: Uint8Array<ArrayBuffer>): FormData {
  const form = new FormData();
  form.append('settings', JSON.stringify({ feedSource: 'upload', feedFormat: format }));
  form.append('feedFile', new Blob([bytes]), `hostile.${format}`);
  return form;
}

const hostileXml = () => new TextEncoder().encode('<a>'.repeat(3_000_000)) as Uint8Array<ArrayBuffer>;
const wideCsv = () => new TextEncoder().encode(`${Array.from({ length: 1_000_000 }, (_, i) => `c${i}`).join(',')}\nx\n`) as Uint8Array<ArrayBuffer>;

/** Waits until the child's resident memory is within `slack` of `target`, up to `timeoutMs`; answers the last reading. */
async function residentSettles(target: number, slack: number, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let now = residentBytes(pid) ?? 0;
  while (now > target + slack && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    now = residentBytes(pid) ?? 0;
  }
  return now;
}

describe('a feed file near the 50 MB limit', () => {
  it('is accepted within seconds, /healthz answering in under 1 s throughout and the process growing by under 300 MB; Test feed reads it back', async () => {
    const feed = csvFeed(49 * MB);
    const form = new FormData();
    form.append('feedFile', new Blob([feed]), 'large-feed.csv');

    const watch = watchServer(server.origin, pid);
    const upload = await post(`/api/v1/suppliers/feed-file/${supplierId}`, form);
    const figures = await watch.stop();
    console.log(
      `[feed upload] ${(feed.byteLength / MB).toFixed(1)} MB in ${(upload.ms / 1000).toFixed(2)} s; /healthz max ${figures.maxHealthMs.toFixed(0)} ms over ${figures.healthAnswers} answers;` +
        ` RSS ${(figures.rssStart / MB).toFixed(0)} -> peak ${(figures.rssPeak / MB).toFixed(0)} MB`,
    );
    expect(upload.status, upload.text.slice(0, 300)).toBe(200);
    expect((JSON.parse(upload.text) as SupplierDetails).uploadedFile).toMatchObject({ name: 'large-feed.csv', bytes: feed.byteLength });
    expect(upload.ms).toBeLessThan(20_000);
    expect(figures.healthAnswers).toBeGreaterThan(0);
    expect(figures.unhealthyReasons).toEqual([]);
    expect(figures.unhealthy).toBe(0);
    expect(figures.maxHealthMs).toBeLessThan(HEALTHZ_MS);
    expect(figures.rssPeak - figures.rssStart).toBeLessThan(300 * MB);

    // The stored file is read back from its chunks.
    const preview = await fetch(`${server.origin}/api/v1/suppliers/test-feed`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ supplierId, feedSource: 'upload', feedFormat: 'csv' }),
    });
    expect(preview.status).toBe(200);
    const report = (await preview.json()) as TestFeedReport;
    expect(report.rows[0]).toMatchObject({ line: 2, problems: [], product: { sku: 'P-0', title: 'Product 0' } });
    expect(report.more).toBe(true);
  }, 120_000);
});

describe('Test feed with a hostile file', () => {
  it('answers 422 naming the nesting limit within a second for 3,000,000 unclosed <a> (9 MB)', async () => {
    const answer = await post('/api/v1/suppliers/test-feed', testFeedForm('xml', hostileXml()));
    console.log(`[hostile xml] ${answer.status} in ${answer.ms.toFixed(0)} ms: ${answer.text}`);
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.text)).toEqual({
      message: 'The XML feed nests elements more than 64 deep, the limit of a feed',
      messageId: 'server.feedXmlTooDeep',
      messageArgs: [{ message: 'The XML feed', messageId: 'server.feedWhatXml', messageArgs: [] }, 64],
    });
    expect(answer.ms).toBeLessThan(HOSTILE_ANSWER_MS);
  });

  it('answers 422 naming the column limit within a second for a CSV header of 1,000,000 columns', async () => {
    const answer = await post('/api/v1/suppliers/test-feed', testFeedForm('csv', wideCsv()));
    console.log(`[hostile csv] ${answer.status} in ${answer.ms.toFixed(0)} ms: ${answer.text}`);
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.text)).toEqual({
      message: 'The CSV header has more than 2,000 columns, the limit of a feed',
      messageId: 'server.feedCsvHeaderTooManyColumns',
      messageArgs: [2000],
    });
    expect(answer.ms).toBeLessThan(HOSTILE_ANSWER_MS);
    // Refused before the rest of the body was read: the connection is not offered for the next request.
    expect(answer.connection).toBe('close');
  });

  it('reaches a client that reads the 422 only after sending its whole file (the server lingers before closing)', async () => {
    const boundary = 'late-reader-boundary';
    const encoder = new TextEncoder();
    const parts = [
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="settings"\r\n\r\n${JSON.stringify({ feedSource: 'upload', feedFormat: 'csv' })}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="feedFile"; filename="hostile.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      wideCsv(),
      encoder.encode(`\r\n--${boundary}--\r\n`),
    ];
    const body = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
    parts.reduce((offset, part) => (body.set(part, offset), offset + part.byteLength), 0);
    const head =
      `POST /api/v1/suppliers/test-feed HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.byteLength}\r\n\r\n`;
    const reading = await sendAllThenRead(server.origin, head, body);
    expect(reading.error).toBeNull();
    expect(reading.answer).toMatch(/^HTTP\/1\.1 422 /);
    expect(reading.answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(reading.answer).toContain('more than 2,000 columns');
  });

  it('four at once: each refused, /healthz under 1 s meanwhile, and the memory given back afterwards', async () => {
    const xml = hostileXml();
    const csv = wideCsv();
    const before = residentBytes(pid) ?? 0;
    const watch = watchServer(server.origin, pid);
    const started = performance.now();
    const answers = await Promise.all([
      post('/api/v1/suppliers/test-feed', testFeedForm('xml', xml)),
      post('/api/v1/suppliers/test-feed', testFeedForm('csv', csv)),
      post('/api/v1/suppliers/test-feed', testFeedForm('xml', xml)),
      post('/api/v1/suppliers/test-feed', testFeedForm('csv', csv)),
    ]);
    const allMs = performance.now() - started;
    // Keep watching a moment after the answers: the workers end after them.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const figures = await watch.stop();
    const after = await residentSettles(before, 100 * MB, 10_000);
    console.log(
      `[four hostile] all answered in ${allMs.toFixed(0)} ms (${answers.map((a) => `${a.status} ${a.ms.toFixed(0)} ms`).join(', ')}); /healthz max ${figures.maxHealthMs.toFixed(0)} ms;` +
        ` RSS ${(before / MB).toFixed(0)} -> peak ${(figures.rssPeak / MB).toFixed(0)} -> after ${(after / MB).toFixed(0)} MB`,
    );
    expect(answers.map((a) => a.status)).toEqual([422, 422, 422, 422]);
    expect(answers[0]?.text).toMatch(/more than 64 deep/);
    expect(answers[1]?.text).toMatch(/more than 2,000 columns/);
    expect(allMs).toBeLessThan(4 * HOSTILE_ANSWER_MS);
    expect(figures.unhealthyReasons).toEqual([]);
    expect(figures.unhealthy).toBe(0);
    expect(figures.maxHealthMs).toBeLessThan(HEALTHZ_MS);
    expect(figures.rssPeak - before).toBeLessThan(300 * MB);
    expect(after - before).toBeLessThan(100 * MB);
  }, 60_000);
});
