/**
 * The per-item messages of bol's jobs name their sentence when they are ours (docs/languages.md,
 * "Sentences the server writes"): an offer on bol without a product here is skipped with the same
 * English as before and its id and arguments, in the job's answer and in the job list's refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BolJobReport } from '../../src/shared/bol-contract';
import { serverMessages } from '../../src/shared/server-messages';
import { createBolKit, type BolKit } from './support/bol-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let kit: BolKit;

beforeAll(async () => {
  kit = createBolKit();
  t = await createTestApp({ deps: { bol: kit.deps } });
});
afterAll(async () => {
  await t.close();
});

async function call(method: string, path: string): Promise<{ status: number; body: unknown }> {
  const response = await t.app.request(path, { method, headers: { Authorization: `Bearer ${await t.token()}` } });
  return { status: response.status, body: await response.json() };
}

describe("bol's job items", () => {
  it('an offer without a product here is skipped naming its sentence, the English as before', async () => {
    const answer = await call('GET', '/api/v1/process/report/bol/offer/import');
    expect(answer.status).toBe(200);
    const report = answer.body as BolJobReport;
    const skipped = report.items.filter((item) => item.status === 'skipped');
    expect(skipped.length).toBeGreaterThan(0);
    for (const item of skipped) {
      expect(item.messageId).toBe('server.bolItemOfferUnmatched');
      const [offerId, ean] = (item.messageArgs ?? []) as string[];
      expect(item.message).toBe(serverMessages.bolItemOfferUnmatched(offerId ?? '', ean ?? ''));
      expect(item.message).toMatch(/^Offer \S+: no product with EAN \S+/);
    }
    // The same items read back with the job.
    const again = (await call('GET', `/api/v1/bol/jobs/${report.jobId}`)).body as BolJobReport;
    expect(again.items.find((item) => item.status === 'skipped')).toMatchObject({ messageId: 'server.bolItemOfferUnmatched' });
  });
});
