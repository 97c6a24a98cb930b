/**
 * Feed files sent as the Parser screen sends them: Test feed with a file, and an upload supplier
 * with a mapping whose file is stored and imported (docs/feeds.md, "Suppliers (our calls …)").
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { FeedRunReport } from '../../../src/shared/contract';
import type { FeedMapping } from '../../../src/shared/feed-mapping';
import type { SupplierDetails, TestFeedReport } from '../../../src/shared/suppliers';
import type { TestApp } from './test-app';

const auth = async (t: TestApp) => ({ Authorization: `Bearer ${await t.token()}` });

/** Test feed on a CSV file with this mapping (null: none yet). */
export async function testFeedFile(t: TestApp, file: string, name: string, mapping: FeedMapping | null): Promise<TestFeedReport> {
  const form = new FormData();
  form.append('settings', JSON.stringify({ feedSource: 'upload', feedFormat: 'csv', mapping }));
  form.append('feedFile', new File([file], name));
  const response = await t.app.request('/api/v1/suppliers/test-feed', { method: 'POST', headers: await auth(t), body: form });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as TestFeedReport;
}

/** Adds an upload supplier with this mapping, uploads the CSV file and imports it (waiting for the run): the run's HTTP status and report. */
export async function importFeedFile(t: TestApp, supplierName: string, file: string, name: string, mapping: FeedMapping): Promise<{ supplier: SupplierDetails; status: number; report: FeedRunReport }> {
  const added = await t.app.request('/api/v1/suppliers', {
    method: 'POST',
    headers: { ...(await auth(t)), 'Content-Type': 'application/json' },
    body: JSON.stringify({ supplierName, feedSource: 'upload', feedFormat: 'csv', mapping }),
  });
  expect(added.status).toBe(201);
  const supplier = (await added.json()) as SupplierDetails;
  const form = new FormData();
  form.append('feedFile', new File([file], name));
  expect((await t.app.request(`/api/v1/suppliers/feed-file/${supplier.supplierId}`, { method: 'POST', headers: await auth(t), body: form })).status).toBe(200);
  const run = await t.app.request(`/api/v1/feed/parse/${supplier.supplierId}?wait=true`, { method: 'POST', headers: await auth(t) });
  return { supplier, status: run.status, report: (await run.json()) as FeedRunReport };
}

/** A feed file of tests/fixtures/feeds as text. */
export const feedFixture = (name: string) => readFileSync(new URL(`../../fixtures/feeds/${name}`, import.meta.url), 'utf8');

/** Test feed as the Parser screen runs it: without a mapping, then again with the guess it answered. */
export async function guessedFeedReport(t: TestApp, file: string, name: string): Promise<TestFeedReport> {
  const first = await testFeedFile(t, file, name, null);
  return testFeedFile(t, file, name, first.guessedMapping);
}
