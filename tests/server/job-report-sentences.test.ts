/**
 * The reports jobs write name their sentence (docs/languages.md, "Sentences the server writes"):
 * the feed import's report and bol's job reports answer the same English `message` as before and
 * beside it `messageId` and `messageArgs`, kept with the job, so a Dutch tablet words them; a
 * report inside a sentence ("… was cancelled. Read 2 rows: …") is a sentence argument of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BolJobReport } from '../../src/shared/bol-contract';
import type { Job, JobStartAnswer } from '../../src/shared/jobs';
import { suppliers } from '../../src/server/db/schema';
import { createBolKit, type BolKit } from './support/bol-fixtures';
import { servedFeeds } from './support/served-feeds';
import { createTestApp, type TestApp } from './support/test-app';

const { served, feedFetch } = servedFeeds();
let t: TestApp;
let kit: BolKit;

const HEADER = 'ean;sku;title;price;stock';
const ROW_1 = '8720000000016;SKU-1;Product 1;10,00;1';
const ROW_2 = '8720000000023;SKU-2;Product 2;10,00;2';

beforeAll(async () => {
  kit = createBolKit();
  t = await createTestApp({ deps: { fetch: feedFetch, bol: kit.deps } });
});
afterAll(async () => {
  await t.close();
});

async function call(method: string, path: string): Promise<{ status: number; body: unknown }> {
  const response = await t.app.request(path, { method, headers: { Authorization: `Bearer ${await t.token()}` } });
  return { status: response.status, body: await response.json() };
}

async function addSupplier(name: string, url: string): Promise<number> {
  const [created] = await t.database.db.insert(suppliers).values({ supplierName: name, supplierUrlFeed: url, feedFormat: 'csv' }).returning();
  if (!created) throw new Error('no supplier');
  return created.supplierId;
}

/** Starts the supplier's import and answers the job once it ended. */
async function importedJob(supplierId: number): Promise<Job> {
  const started = await call('POST', `/api/v1/feed/parse/${supplierId}`);
  expect(started.status).toBe(202);
  const id = (started.body as JobStartAnswer).jobs[0]?.id ?? 0;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const answer = await call('GET', `/api/v1/jobs/${id}`);
    const job = answer.body as Job;
    if (job.status !== 'queued' && job.status !== 'running') return job;
    if (Date.now() > deadline) throw new Error(`job ${id} did not end`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the feed import's report", () => {
  it("names why the feed stopped being readable as a sentence of its own inside the report", async () => {
    const url = 'https://supplier.test/unmapped.csv';
    served.set(url, `naam;prijs\nEmmer;4,95\n`);
    const job = await importedJob(await addSupplier('Unmapped Co', url));
    expect(job.status).toBe('failed');
    expect(job.messageId).toBe('server.feedUnreadable');
    const [name, said] = job.messageArgs ?? [];
    expect(name).toBe('Unmapped Co');
    const problem = said as { message: string; messageId: string; messageArgs: unknown[] };
    expect(problem).toMatchObject({
      messageId: 'server.feedHeaderNoTitle',
      message: `The header (line 1) has no 'title' column; expected columns: ${String(problem.messageArgs[1])}`,
    });
    expect(job.message).toContain(`stopped being readable; rows before were imported. ${problem.message}. Read 0 rows`);
  });

  it('names the counts sentence with the counts, the English as before', async () => {
    const url = 'https://supplier.test/report.csv';
    served.set(url, `${HEADER}\n${ROW_1}\n;;No key;1;1\n${ROW_2}\n`);
    const job = await importedJob(await addSupplier('Report Co', url));
    expect(job).toMatchObject({
      status: 'partial',
      message: 'Read 3 rows: 2 new, 0 updated, 0 unchanged, 1 refused',
      messageId: 'server.feedRunSummary',
      messageArgs: [3, 2, 0, 0, 1, 0, 0, 0],
    });
    // The refused line names its reason's sentence; the parsing history keeps the reason alone.
    expect(job.refusals).toEqual([
      {
        line: 3,
        reason: "Neither EAN nor SKU is given, so the row cannot be matched to a product of Report Co",
        reasonId: 'server.feedNoEanNorSku',
        reasonArgs: ['Report Co'],
      },
    ]);
    const history = (await call('GET', `/api/v1/history/feed/${job.historyId}`)).body as { problems: unknown[] };
    // The parsing history keeps the reason's sentence too, for the list's parsing history on a Dutch tablet.
    expect(history.problems).toEqual([
      {
        line: 3,
        reason: "Neither EAN nor SKU is given, so the row cannot be matched to a product of Report Co",
        reasonId: 'server.feedNoEanNorSku',
        reasonArgs: ['Report Co'],
      },
    ]);
    // The list answers the same as the job itself.
    const listed = (await call('GET', `/api/v1/jobs?kind=feed-import&size=50`)).body as { content: Job[] };
    expect(listed.content.find((item) => item.id === job.id)).toMatchObject({ messageId: 'server.feedRunSummary', messageArgs: [3, 2, 0, 0, 1, 0, 0, 0] });
  });

  it('a run whose every row is refused: the counts are a sentence inside the sentence', async () => {
    const url = 'https://supplier.test/refused.csv';
    served.set(url, `${HEADER}\n;;No key;1;1\n`);
    const job = await importedJob(await addSupplier('Refused Co', url));
    const counts = 'Read 1 rows: 0 new, 0 updated, 0 unchanged, 1 refused';
    expect(job).toMatchObject({
      status: 'failed',
      message: `Nothing of supplier 'Refused Co' was imported: every row was refused; the reasons are listed below. ${counts}`,
      messageId: 'server.feedNothingImported',
      messageArgs: ['Refused Co', { message: counts, messageId: 'server.feedRunSummary', messageArgs: [1, 0, 0, 0, 1, 0, 0, 0] }],
    });
  });

  it("a feed that cannot be downloaded: the download's problem stays its English argument", async () => {
    const job = await importedJob(await addSupplier('Gone Co', 'https://supplier.test/nowhere.csv'));
    expect(job.status).toBe('failed');
    expect(job.messageId).toBe('server.feedDownloadFailed');
    const [supplier, problem] = job.messageArgs ?? [];
    expect(supplier).toBe('Gone Co');
    expect(job.message).toBe(`The feed of supplier 'Gone Co' could not be downloaded: ${String(problem)}`);
  });
});

describe("bol's job reports", () => {
  it('the order import names its report with the counts, the English as before, kept with the job', async () => {
    const answer = await call('POST', '/api/v1/bol/order/import');
    expect(answer.status).toBe(200);
    const report = answer.body as BolJobReport;
    expect(report).toMatchObject({ message: '130 order(s) on 3 page(s): 130 new, 0 updated, 0 unchanged', messageId: 'server.orderImportReport', messageArgs: [130, '', 3, 130, 0, 0, 0] });
    const job = (await call('GET', `/api/v1/jobs/${report.jobId}`)).body as Job;
    expect(job).toMatchObject({ message: report.message, messageId: 'server.orderImportReport', messageArgs: [130, '', 3, 130, 0, 0, 0] });
    expect((await call('GET', `/api/v1/bol/jobs/${report.jobId}`)).body).toMatchObject({ messageId: 'server.orderImportReport' });
  });

  it('the offer import names its report', async () => {
    const answer = await call('GET', '/api/v1/process/report/bol/offer/import');
    expect(answer.status).toBe(200);
    const report = answer.body as BolJobReport;
    expect(report.messageId).toBe('server.offerImportReport');
    const [offers, matched, unmatched, removed] = report.messageArgs ?? [];
    expect(report.message).toBe(`${String(offers)} offer(s) on bol: ${String(matched)} product(s) matched by EAN, ${String(unmatched)} offer(s) without a product here, ${String(removed)} offer(s) no longer on bol`);
  });

  it('a refused start (one of that kind already running) names no sentence and is refused as before', async () => {
    const unknown = await call('GET', '/api/v1/bol/jobs/999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body).not.toHaveProperty('messageId');
  });
});
