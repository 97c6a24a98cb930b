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
