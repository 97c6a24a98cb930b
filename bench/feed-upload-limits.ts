/**
 * Supplier feed files and Test feed against the real server (docs/security.md, "Feed files and Test
 * feed"): uploads of 10, 25 and 49 MB feed files, then Test feed with a hostile XML (3,000,000
 * unclosed <a>, 9 MB) and a CSV whose header has 1,000,000 columns, once and four at once. For
 * each: the answer's time and status, the slowest /healthz meanwhile (asked every 100 ms) and the
 * server's resident memory (start, peak, and a few seconds after). Not part of `npm run bench`:
 * run it by hand, `npx tsx bench/feed-upload-limits.ts [upload|xml|csv ...]`.
 */
import { buildServerIfNeeded } from '../scripts/lib/server-bundle';
import { startServerProcess } from '../scripts/lib/server-process';
import { residentBytes, watchServer } from '../scripts/lib/server-watch';
import { FEED_HEADER, row } from './lib/generated-feed';

const ADMIN = { username: 'bench', password: 'bench-password-1' };
const MB = 1024 * 1024;
const REQUEST_TIMEOUT_MS = 300_000;
const only = new Set(process.argv.slice(2));
const wanted = (name: string) => only.size === 0 || only.has(name);
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

/** A valid CSV feed of about `bytes`. */
function csvFeed(bytes: number): Uint8Array {
  const lines = [FEED_HEADER];
  let size = FEED_HEADER.length + 1;
  for (let i = 0; size < bytes; i += 1) {
    const line = row(i);
    lines.push(line);
    size += line.length + 1;
  }
  return new TextEncoder().encode(lines.join('\n'));
}

const hostileXml = () => new TextEncoder().encode('<a>'.repeat(3_000_000));
const wideCsvHeader = () =>
  new TextEncoder().encode(`${Array.from({ length: 1_000_000 }, (_, i) => `c${i}`).join(',')}\nx\n`);

buildServerIfNeeded();
const server = await startServerProcess({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, DEMO_CATALOGUE: '0' });
const pid = server.pid ?? 0;
try {
  const login = await fetch(`${server.url}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const auth = { Authorization: `Bearer ${accessToken}` };
  const created = await fetch(`${server.url}/api/v1/suppliers`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ supplierName: 'Upload probe', feedSource: 'upload', feedFormat: 'csv' }),
  });
  const { supplierId } = (await created.json()) as { supplierId: number };

  const measure = async (label: string, send: () => Promise<{ status: number; text: string }[]>) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const watch = watchServer(server.url, pid);
    const started = performance.now();
    let answers: { status: number; text: string }[];
    try {
      answers = await send();
    } catch (error) {
      answers = [{ status: 0, text: error instanceof Error ? error.message : String(error) }];
    }
    const tookMs = performance.now() - started;
    const figures = await watch.stop();
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const after = residentBytes(pid) ?? 0;
    console.log(
      `${label}: ${(tookMs / 1000).toFixed(2)} s, status ${answers.map((a) => a.status).join('/')}, /healthz max ${figures.maxHealthMs.toFixed(0)} ms` +
        ` (${figures.healthAnswers} answers, ${figures.unhealthy} not ok), RSS start ${mb(figures.rssStart)} peak ${mb(figures.rssPeak)} (+${mb(figures.rssPeak - figures.rssStart)})` +
        ` 5 s after ${mb(after)}; ${answers[0]?.text.slice(0, 160)}`,
    );
  };

  const post = async (path: string, form: FormData) => {
    const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: auth, body: form, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    return { status: response.status, text: await response.text() };
  };
  const testFeed = (format: string, bytes: Uint8Array) => {
    const form = new FormData();
    form.append('settings', JSON.stringify({ feedSource: 'upload', feedFormat: format }));
    form.append('feedFile', new Blob([bytes as Uint8Array<ArrayBuffer>]), `hostile.${format}`);
    return post('/api/v1/suppliers/test-feed', form);
  };

  if (wanted('upload')) {
    for (const size of [10, 25, 49]) {
      const feed = csvFeed(size * MB);
      await measure(`feed file upload ${mb(feed.byteLength)}`, async () => {
        const form = new FormData();
        form.append('feedFile', new Blob([feed as Uint8Array<ArrayBuffer>]), 'feed.csv');
        return [await post(`/api/v1/suppliers/feed-file/${supplierId}`, form)];
      });
    }
  }
  if (wanted('xml')) {
    const xml = hostileXml();
    await measure('Test feed, 3,000,000 unclosed <a> (9 MB)', async () => [await testFeed('xml', xml)]);
    await measure('Test feed, 3,000,000 unclosed <a>, four at once', () => Promise.all([1, 2, 3, 4].map(() => testFeed('xml', xml))));
  }
  if (wanted('csv')) {
    const csv = wideCsvHeader();
    await measure(`Test feed, CSV header of 1,000,000 columns (${mb(csv.byteLength)})`, async () => [await testFeed('csv', csv)]);
    await measure('Test feed, CSV header of 1,000,000 columns, four at once', () => Promise.all([1, 2, 3, 4].map(() => testFeed('csv', csv))));
  }
} finally {
  await server.stop();
}
