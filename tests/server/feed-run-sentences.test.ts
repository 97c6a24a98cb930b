/**
 * The feed import's last English sentences name their sentence too (docs/languages.md, "Sentences
 * the server writes"): the line reasons the reader and the row batches write (a CSV row with the
 * wrong number of fields, a key seen twice, several images in one cell), with the same English as
 * before, so a Dutch tablet words them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, JobStartAnswer } from '../../src/shared/jobs';
import { suppliers } from '../../src/server/db/schema';
import { servedFeeds } from './support/served-feeds';
import { createTestApp, type TestApp } from './support/test-app';

const { served, feedFetch } = servedFeeds();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ deps: { fetch: feedFetch } });
});
afterAll(async () => {
  await t.close();
});

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { Authorization: `Bearer ${await t.token()}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await t.app.request(path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: response.status, body: await response.json() };
}

async function addSupplier(name: string, url: string): Promise<number> {
  const [created] = await t.database.db.insert(suppliers).values({ supplierName: name, supplierUrlFeed: url, feedFormat: 'csv' }).returning();
  if (!created) throw new Error('no supplier');
  return created.supplierId;
}

async function endedJob(id: number): Promise<Job> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const job = (await call('GET', `/api/v1/jobs/${id}`)).body as Job;
    if (job.status !== 'queued' && job.status !== 'running') return job;
    if (Date.now() > deadline) throw new Error(`job ${id} did not end`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts the supplier's import and answers the job once it ended. */
async function importedJob(supplierId: number): Promise<Job> {
  const started = await call('POST', `/api/v1/feed/parse/${supplierId}`);
  expect(started.status).toBe(202);
  return endedJob((started.body as JobStartAnswer).jobs[0]?.id ?? 0);
}

describe("the feed import's line reasons", () => {
  it('a row with the wrong number of fields, a key seen twice and several images in one cell name their sentence', async () => {
    const url = 'https://supplier.test/lines.csv';
    served.set(
      url,
      [
        'ean;sku;title;price;stock;images',
        '8720000000016;SKU-1;Product 1;10,00;1;',
        '8720000000023;SKU-2;Product 2;10,00',
        '8720000000016;SKU-1;Product 1 again;10,00;1;',
        '8720000000030;SKU-3;Product 3;10,00;1;https://img.test/a.jpg,https://img.test/b.jpg',
      ].join('\n') + '\n',
    );
    const job = await importedJob(await addSupplier('Lines Co', url));
    expect(job.refusals).toEqual([
      { line: 3, reason: 'The row has 4 fields but the header has 6', reasonId: 'server.feedFieldCount', reasonArgs: [4, 6] },
      { line: 4, reason: 'EAN 8720000000016 appears again (first on line 2); the row is skipped', reasonId: 'server.feedKeyAgain', reasonArgs: ['EAN 8720000000016', 2] },
      {
        line: 5,
        reason:
          'One image field holds several addresses (a.jpg, b.jpg) separated by , (comma), but the mapping separates images by | (bar); choose , (comma) as the image separator',
        reasonId: 'feedReading.severalImages',
        reasonArgs: [
          'a.jpg, b.jpg',
          { message: ', (comma)', messageId: 'parser.imageSeparators.comma', messageArgs: [] },
          { message: '| (bar)', messageId: 'parser.imageSeparators.bar', messageArgs: [] },
        ],
      },
    ]);
  });
});

describe("a parsing-history entry's message", () => {
  it('keeps its sentence beside the English: the entry, the list of entries and the supplier\'s last run', async () => {
    const url = 'https://supplier.test/history.csv';
    served.set(url, 'ean;sku;title;price;stock\n8720000000047;SKU-4;Product 4;10,00;1\n;;No key;1;1\n');
    const supplierId = await addSupplier('History Co', url);
    const job = await importedJob(supplierId);
    const said = { message: 'Read 2 rows: 1 new, 0 updated, 0 unchanged, 1 refused', messageId: 'server.feedRunSummary', messageArgs: [2, 1, 0, 0, 1, 0, 0, 0] };
    const entry = (await call('GET', `/api/v1/history/feed/${job.historyId}`)).body;
    expect(entry).toMatchObject(said);
    const listed = (await call('GET', '/api/v1/history/feed?size=50')).body as { content: { id: number }[] };
    expect(listed.content.find((item) => item.id === job.historyId)).toMatchObject(said);
    const suppliersListed = (await call('GET', '/api/v1/suppliers')).body as { supplierId: number; lastRun: unknown }[];
    expect(suppliersListed.find((supplier) => supplier.supplierId === supplierId)?.lastRun).toMatchObject(said);
  });

  it('a run that failed keeps its sentence, a sentence inside it too', async () => {
    const job = await importedJob(await addSupplier('Gone History Co', 'https://supplier.test/nowhere-history.csv'));
    const entry = (await call('GET', `/api/v1/history/feed/${job.historyId}`)).body as { message: string; messageId: string; messageArgs: unknown[] };
    expect(entry.messageId).toBe('server.feedDownloadFailed');
    expect(entry.messageArgs[0]).toBe('Gone History Co');
    expect(entry.message).toBe(`The feed of supplier 'Gone History Co' could not be downloaded: ${String(entry.messageArgs[1])}`);
  });
});
