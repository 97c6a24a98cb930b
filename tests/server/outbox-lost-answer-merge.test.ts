/**
 * A change set whose answer was lost after the server wrote it, merged with later edits of the
 * same person (docs/offline.md "Change sets"), against the real PATCH /product/{id}: the person's
 * own earlier write is never "someone else changed it", however many edits merge before the next
 * drain. Found by the two-person chaos test (outbox-chaos-team.test.ts), which hit it only when
 * the timing of a loaded machine gave this order of edits and lost answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackofficeDatabase } from '../../src/app/db/database';
import { listOutbox } from '../../src/app/sync/outbox';
import { openTestDatabase } from '../unit/support/offline-fakes';
import { lostAnswerDevice } from './support/lost-answer-device';
import { insertCatalogueBasics, insertProduct } from './support/product-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let db: BackofficeDatabase;
beforeAll(async () => {
  t = await createTestApp();
  db = openTestDatabase();
});
afterAll(async () => {
  await db.delete();
  await t.close();
});

describe('an edit merged after a lost answer', () => {
  it('writes over my own earlier write of a field the merged edit left alone, with no conflict', async () => {
    const { supplierIds } = await insertCatalogueBasics(t.database.db);
    const productId = await insertProduct(t.database.db, { supplierId: supplierIds.shoes, title: 'Chair', deliveryCode: '1-2d', color: 'Black', stock: 0 });
    const { read, change, drain, drainWithAnswers } = await lostAnswerDevice(t, db, productId, 'bea');

    // Stock and colour; written by the server, the answer lost: the entry waits, tried once.
    await change(() => ({ stock: 32, color: 'Blue' }));
    expect((await drain()).retried).toBe(1);
    expect(await read()).toMatchObject({ stock: 32, color: 'Blue' });

    // Before the next drain: an edit of the stock only (merged into the tried entry under a new
    // key), then one of the colour (merged into that new, never-sent entry).
    await change(() => ({ stock: 26 }));
    await change(() => ({ color: 'Green' }));
    const summary = await drainWithAnswers();

    const waiting = await listOutbox(db);
    expect(waiting.map((entry) => `${entry.status}: ${entry.lastError ?? ''}`)).toEqual([]);
    expect(summary).toMatchObject({ sent: 1, conflicts: 0, failed: 0 });
    expect(await read()).toMatchObject({ stock: 26, color: 'Green', deliveryCode: '1-2d', title: 'Chair' });
  });
});
