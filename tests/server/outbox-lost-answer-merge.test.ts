/**
 * A change set whose answer was lost after the server wrote it, merged with later edits of the
 * same person (docs/offline.md "Change sets"), against the real PATCH /product/{id}: the person's
 * own earlier write is never "someone else changed it", however many edits merge before the next
 * drain. Found by the two-person chaos test (outbox-chaos-team.test.ts), which hit it only when
 * the timing of a loaded machine gave this order of edits and lost answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChangeSet } from '../../src/shared/change-set';
import type { Product } from '../../src/shared/contract';
import { fromCachedProduct, toCachedProduct, type BackofficeDatabase } from '../../src/app/db/database';
import { drainOutbox, type OutboxRequest, type ResponseLike } from '../../src/app/sync/drainer';
import { enqueueProductChange, listOutbox } from '../../src/app/sync/outbox';
import { openTestDatabase } from '../unit/support/offline-fakes';
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
    const token = await t.tokenFor('bea');
    const read = async () => (await (await t.app.request(`/api/v1/product/${productId}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Product;
    await db.products.put(toCachedProduct(await read()));

    let loseAnswers = true;
    const send = async (request: OutboxRequest): Promise<ResponseLike> => {
      const answer = await t.app.request(request.url, { method: request.method, headers: request.headers, ...(request.body === undefined ? {} : { body: request.body }) });
      if (!loseAnswers) return answer;
      await answer.arrayBuffer(); // the server finished and committed; the answer never arrives
      throw new Error('read ECONNRESET (after the server answered)');
    };
    const clock = { now: 1_760_000_000_000 };
    const deps = { db, send, token: () => token, currentUser: () => 'bea', now: () => clock.now, random: () => 0.5 };
    const change = async (values: Partial<Product>) => {
      const before = fromCachedProduct((await db.products.get(productId)) as Product);
      const after = { ...before, ...values };
      await enqueueProductChange(db, buildChangeSet(before, after, clock.now, false), after, 'bea', clock.now);
    };

    // Stock and colour; written by the server, the answer lost: the entry waits, tried once.
    await change({ stock: 32, color: 'Blue' });
    expect((await drainOutbox(deps)).retried).toBe(1);
    expect(await read()).toMatchObject({ stock: 32, color: 'Blue' });

    // Before the next drain: an edit of the stock only (merged into the tried entry under a new
    // key), then one of the colour (merged into that new, never-sent entry).
    await change({ stock: 26 });
    await change({ color: 'Green' });
    loseAnswers = false;
    clock.now += 60 * 60_000;
    const summary = await drainOutbox(deps);

    const waiting = await listOutbox(db);
    expect(waiting.map((entry) => `${entry.status}: ${entry.lastError ?? ''}`)).toEqual([]);
    expect(summary).toMatchObject({ sent: 1, conflicts: 0, failed: 0 });
    expect(await read()).toMatchObject({ stock: 26, color: 'Green', deliveryCode: '1-2d', title: 'Chair' });
  });
});
