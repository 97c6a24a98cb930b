/**
 * GET /api/v1/history/feed/{id}: one run of the parsing history with its held-back values, for the
 * Logs screen (docs/feeds.md, "Parsing history"). Refuses what is not a run id before the database
 * is asked: no token, ids that are not positive whole numbers in the database's range.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsingHistory, suppliers } from '../../src/server/db/schema';
import type { ParsingHistoryEntry } from '../../src/shared/contract';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let auth: Record<string, string>;
let importRun = 0;
let reexportRun = 0;
beforeAll(async () => {
  t = await createTestApp();
  auth = { Authorization: `Bearer ${await t.token()}` };
  const [supplier] = await t.database.db.insert(suppliers).values({ supplierName: 'History Co', supplierUrlFeed: 'https://supplier.test/h.csv', feedFormat: 'csv' }).returning();
  const supplierId = supplier?.supplierId ?? 0;
  const held = [{ productId: 7, field: 'color', mine: 'Sand', theirs: 'Beige' }];
  const runs = await t.database.db
    .insert(parsingHistory)
    .values([
      { supplierId, operation: 'feed-import', status: 'success', updated: 1, heldBack: 1, heldBackFields: held, message: '1 supplier value held back' },
      { supplierId, operation: 'image-reexport', status: 'success', message: 'Images re-exported' },
    ])
    .returning({ id: parsingHistory.id });
  importRun = runs[0]?.id ?? 0;
  reexportRun = runs[1]?.id ?? 0;
});
afterAll(async () => {
  await t.close();
});

const get = (id: string, headers: Record<string, string> = auth) => t.app.request(`/api/v1/history/feed/${id}`, { headers });
const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

describe('one run of the parsing history', () => {
  it("answers an import run with its held-back values", async () => {
    const response = await get(String(importRun));
    expect(response.status).toBe(200);
    const entry = (await response.json()) as ParsingHistoryEntry;
    expect(entry).toMatchObject({ id: importRun, operation: 'feed-import', heldBack: 1 });
    expect(entry.heldBackFields).toEqual([{ productId: 7, field: 'color', mine: 'Sand', theirs: 'Beige' }]);
  });

  it('answers a run of another kind (an image re-export) as it is, with nothing held back', async () => {
    const response = await get(String(reexportRun));
    expect(response.status).toBe(200);
    const entry = (await response.json()) as ParsingHistoryEntry;
    expect(entry).toMatchObject({ id: reexportRun, operation: 'image-reexport', heldBack: 0 });
    expect(entry.heldBackFields ?? []).toEqual([]);
  });

  it('refuses a call without a token, or with a broken one', async () => {
    expect((await get(String(importRun), {})).status).toBe(401);
    expect((await get(String(importRun), { Authorization: 'Bearer not-a-token' })).status).toBe(401);
  });

  it('answers 400 with a sentence for ids that are not positive whole numbers in range', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '1e3', '2147483648', '99999999999999999999', '%20', '0x10']) {
      const response = await get(id);
      expect(response.status, id).toBe(400);
      expect(await messageOf(response), id).toMatch(/^History id must be a positive whole number, got '.*'$/);
    }
  });

  it('answers 404 with a sentence for a run that does not exist', async () => {
    const response = await get('2147483647');
    expect(response.status).toBe(404);
    expect(await messageOf(response)).toBe('There is no import run with id 2147483647');
  });
});
