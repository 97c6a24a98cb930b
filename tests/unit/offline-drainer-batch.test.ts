/**
 * Waiting change sets of different products travel together in POST /product/batch
 * (docs/offline.md "Batches"): the grouping rule, and the drain on fake IndexedDB against a stub
 * server that answers every item as the single call would.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { toCachedProduct, type BackofficeDatabase } from '../../src/app/db/database';
import { drainOutbox, type OutboxRequest, type ResponseLike } from '../../src/app/sync/drainer';
import { enqueueImageDelete, enqueueProductChange, type OutboxEntry } from '../../src/app/sync/outbox';
import { applyChangeSet, buildChangeSet, type ProductChangeSet } from '../../src/shared/change-set';
import type { Product } from '../../src/shared/contract';
import { planBatches, PRODUCT_BATCH_MAX_BYTES, PRODUCT_BATCH_MAX_ITEMS, type ProductBatchAnswer, type ProductBatchItem } from '../../src/shared/product-batch';
import { makeProduct, openTestDatabase, response } from './support/offline-fakes';

describe('planBatches', () => {
  const of = (...sizes: number[]) => sizes.map((bytes, index) => ({ productId: index + 1, bytes }));

  it('groups in order, at most maxItems per batch', () => {
    expect(planBatches(of(10, 10, 10, 10, 10), 2, 1_000)).toEqual({ batches: [[0, 1], [2, 3], [4]], alone: [] });
    expect(planBatches(of(...Array.from({ length: 120 }, () => 100))).batches.map((batch) => batch.length)).toEqual([
      PRODUCT_BATCH_MAX_ITEMS,
      PRODUCT_BATCH_MAX_ITEMS,
      20,
    ]);
  });

  it('keeps each batch under maxBytes and leaves a change too big for any batch to go alone', () => {
    const plan = planBatches(of(500, 500, 2_000, 300, 100), 50, 1_000);
    expect(plan).toEqual({ batches: [[0], [1, 3, 4]], alone: [2] });
    const big = planBatches(of(PRODUCT_BATCH_MAX_BYTES / 2, PRODUCT_BATCH_MAX_BYTES / 2, 10));
    expect(big.batches).toEqual([[0], [1, 2]]);
  });

  it('refuses two changes of one product among the candidates (they would race in parallel batches)', () => {
    expect(() => planBatches([{ productId: 7, bytes: 10 }, { productId: 7, bytes: 10 }])).toThrow(/product 7/);
  });

  it('plans nothing for nothing', () => {
    expect(planBatches([])).toEqual({ batches: [], alone: [] });
  });
});

let db: BackofficeDatabase;
afterEach(async () => {
  // The planBatches tests open no database.
  await (db as BackofficeDatabase | undefined)?.delete();
});

/**
 * A stub of the server: products by id, answering PATCH /product/{id} and POST /product/batch
 * item by item the same way (a base that does not match is a 409, `refuse` ids a 400, unknown
 * ids a 404), keeping answers per Idempotency-Key, and recording the order each product's
 * changes arrived in.
 */
class BatchServer {
  readonly requests: OutboxRequest[] = [];
  readonly arrived = new Map<number, string[]>();
  readonly answered = new Map<string, ProductBatchAnswer>();
  readonly products = new Map<number, Product>();
  refuse = new Set<number>();
  /** The whole batch call answers this status instead (e.g. 404 for an older server, 503). */
  batchStatus: number | null = null;
  inFlight = 0;
  maxInFlight = 0;

  readonly send = async (request: OutboxRequest): Promise<ResponseLike> => {
    this.requests.push(request);
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    await new Promise((resolve) => setTimeout(resolve, 1));
    this.inFlight -= 1;
    if (request.url === '/api/v1/product/batch') {
      if (this.batchStatus !== null) return response({ status: this.batchStatus, body: { message: 'no' } });
      const { items } = JSON.parse(request.body as string) as { items: ProductBatchItem[] };
      return response({ status: 200, body: { items: items.map((item) => this.apply(item)) } });
    }
    const productId = Number(/\/product\/(\d+)$/.exec(request.url)?.[1]);
    const answer = this.apply({ productId, key: request.headers['Idempotency-Key'] ?? '', changes: JSON.parse(request.body as string) });
    return response({ status: answer.status, body: answer.body });
  };

  private apply(item: ProductBatchItem): ProductBatchAnswer {
    const stored = this.answered.get(item.key);
    if (stored) return { ...stored, replayed: true };
    this.arrived.set(item.productId, [...(this.arrived.get(item.productId) ?? []), item.key]);
    const current = this.products.get(item.productId);
    const set = item.changes as ProductChangeSet;
    if (!current) return { key: item.key, status: 404, body: { message: `Product ${item.productId} does not exist` }, replayed: false };
    if (this.refuse.has(item.productId)) return { key: item.key, status: 400, body: { message: 'Selling price: must be 0 or more' }, replayed: false };
    const stale = Object.entries(set.fields).some(([name, change]) => change && current[name as keyof Product] !== change.base);
    if (stale) return { key: item.key, status: 409, body: { message: 'conflict', conflicts: [], product: current }, replayed: false };
    const saved = { ...applyChangeSet(current, set), version: current.version + 1 };
    this.products.set(item.productId, saved);
    const answer: ProductBatchAnswer = { key: item.key, status: 200, body: saved, replayed: false };
    this.answered.set(item.key, answer);
    return answer;
  }
}

const AUTHOR = 'anna';

async function queueTitleChange(server: BatchServer, productId: number, title: string, local: Product | undefined): Promise<{ entry: OutboxEntry | null; after: Product }> {
  const before = local ?? (server.products.get(productId) as Product);
  const after = { ...before, title };
  const set = buildChangeSet(before, after, 1_000, true);
  return { entry: await enqueueProductChange(db, set, after, AUTHOR), after };
}

function depsFor(server: BatchServer, parallel = 4) {
  return { db, send: server.send, token: () => 'token-anna', currentUser: () => AUTHOR, now: () => 1_000_000, random: () => 0.5, parallel };
}

async function seedProducts(server: BatchServer, count: number): Promise<void> {
  for (let productId = 1; productId <= count; productId += 1) {
    const product = makeProduct({ productId, title: `Product ${productId}`, version: 1 });
    server.products.set(productId, product);
    await db.products.put(toCachedProduct(product));
  }
}

describe('drainOutbox with batches', () => {
  it('sends change sets of many products in few requests, each under its own key, and applies every answer', async () => {
    db = openTestDatabase();
    const server = new BatchServer();
    await seedProducts(server, 120);
    for (let productId = 1; productId <= 120; productId += 1) await queueTitleChange(server, productId, `Renamed ${productId}`, undefined);

    expect(await drainOutbox(depsFor(server))).toMatchObject({ sent: 120, conflicts: 0, failed: 0 });
    expect(server.requests.map((request) => request.url)).toEqual(Array.from({ length: 3 }, () => '/api/v1/product/batch'));
    expect(server.requests.every((request) => request.headers.Authorization === 'Bearer token-anna' && request.headers['Idempotency-Key'] === undefined)).toBe(true);
    expect(await db.outbox.count()).toBe(0);
    for (let productId = 1; productId <= 120; productId += 1) {
      expect(server.products.get(productId)).toMatchObject({ title: `Renamed ${productId}`, version: 2 });
      expect(await db.products.get(productId)).toMatchObject({ title: `Renamed ${productId}`, version: 2 });
    }
    // 120 products through fake-indexeddb: under 1 s on a quiet machine, over 5 s (the default) on a busy one.
  }, 15_000);

  it('keeps each product strictly in order: its next change goes only after the answer to the one before', async () => {
    db = openTestDatabase();
    const server = new BatchServer();
    await seedProducts(server, 3);
    // Product 1: a change, an image delete, another change (not merged: the delete is between).
    const first = await queueTitleChange(server, 1, 'One', undefined);
    await enqueueImageDelete(db, { productId: 1, imageId: 'img-x' }, AUTHOR);
    const second = await queueTitleChange(server, 1, 'One again', first.after);
    await queueTitleChange(server, 2, 'Two', undefined);
    await queueTitleChange(server, 3, 'Three', undefined);
    const keys = [first.entry?.id, second.entry?.id];

    const deps = depsFor(server);
    const realSend = server.send;
    const order: string[] = [];
    deps.send = async (request) => {
      order.push(request.url === '/api/v1/product/batch' ? `batch ${(JSON.parse(request.body as string) as { items: ProductBatchItem[] }).items.map((item) => item.productId).join(',')}` : `${request.method} ${request.url}`);
      if (request.method === 'DELETE') return response({ status: 200, body: [], headers: { ETag: '"3"' } });
      return realSend(request);
    };
    expect(await drainOutbox(deps)).toMatchObject({ sent: 5, failed: 0, conflicts: 0 });
    // Round 1: the heads of the three products together; round 2: product 1's delete; round 3: its last change (alone: a PATCH).
    expect(order).toEqual(['batch 1,2,3', 'DELETE /api/v1/image/img-x', 'PATCH /api/v1/product/1']);
    expect(server.arrived.get(1)).toEqual(keys);
    expect(server.products.get(1)?.title).toBe('One again');
  });

  it('a refused, a conflicting and an unknown item keep their own outcome; the others in the batch are saved', async () => {
    db = openTestDatabase();
    const server = new BatchServer();
    await seedProducts(server, 4);
    for (let productId = 1; productId <= 4; productId += 1) await queueTitleChange(server, productId, `New ${productId}`, undefined);
    server.refuse.add(2);
    server.products.set(3, { ...(server.products.get(3) as Product), title: 'Theirs', version: 5 });
    server.products.delete(4);

    expect(await drainOutbox(depsFor(server))).toMatchObject({ sent: 1, failed: 2, conflicts: 1 });
    expect(server.requests).toHaveLength(1);
    const left = await db.outbox.toArray();
    const byProduct = new Map(left.map((entry) => [entry.entityKey, entry]));
    expect(byProduct.get('product:1')).toBeUndefined();
    expect(byProduct.get('product:2')).toMatchObject({ status: 'failed', lastError: 'Selling price: must be 0 or more' });
    expect(byProduct.get('product:3')).toMatchObject({ status: 'conflict', serverCopy: { product: { title: 'Theirs' } } });
    expect(byProduct.get('product:4')).toMatchObject({ status: 'failed', lastError: 'Product 4 does not exist' });
    expect(server.products.get(1)?.title).toBe('New 1');
  });

  it('keeps every change when the batch gets no answer or a 5xx, and sends them again later under the same keys', async () => {
    db = openTestDatabase();
    const server = new BatchServer();
    await seedProducts(server, 3);
    for (let productId = 1; productId <= 3; productId += 1) await queueTitleChange(server, productId, `Later ${productId}`, undefined);
    const keys = (await db.outbox.toArray()).map((entry) => entry.id).sort();
    server.batchStatus = 503;
    expect(await drainOutbox(depsFor(server))).toMatchObject({ sent: 0, retried: 3 });
    expect((await db.outbox.toArray()).every((entry) => entry.status === 'pending' && entry.attempts === 1 && entry.nextAttemptAt > 1_000_000)).toBe(true);

    server.batchStatus = null;
    const later = { ...depsFor(server), now: () => 10_000_000 };
    expect(await drainOutbox(later)).toMatchObject({ sent: 3 });
    const sent = JSON.parse(server.requests[1]?.body as string) as { items: ProductBatchItem[] };
    expect(sent.items.map((item) => item.key).sort()).toEqual(keys);
  });

  it('stops on a 401 for the batch and keeps everything for after the new sign-in', async () => {
    db = openTestDatabase();
    const server = new BatchServer();
    await seedProducts(server, 2);
    for (let productId = 1; productId <= 2; productId += 1) await queueTitleChange(server, productId, `Auth ${productId}`, undefined);
    server.batchStatus = 401;
    expect(await drainOutbox(depsFor(server))).toMatchObject({ sent: 0, pausedForAuth: true });
    expect((await db.outbox.toArray()).map((entry) => [entry.status, entry.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
  });

  it('falls back to one PATCH per change when the server has no batch call (404), and remembers it', async () => {
    db = openTestDatabase();
    const server = new BatchServer();
    await seedProducts(server, 4);
    for (let productId = 1; productId <= 2; productId += 1) await queueTitleChange(server, productId, `Old server ${productId}`, undefined);
    server.batchStatus = 404;
    expect(await drainOutbox(depsFor(server))).toMatchObject({ sent: 2, failed: 0 });
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /api/v1/product/batch',
      'PATCH /api/v1/product/1',
      'PATCH /api/v1/product/2',
    ]);
    for (let productId = 3; productId <= 4; productId += 1) await queueTitleChange(server, productId, `Old server ${productId}`, undefined);
    expect(await drainOutbox(depsFor(server))).toMatchObject({ sent: 2 });
    expect(server.requests.slice(3).map((request) => request.method)).toEqual(['PATCH', 'PATCH']);
    expect(server.products.get(4)?.title).toBe('Old server 4');
  });

  it('a repeat after a lost answer is answered from the stored result, not saved twice', async () => {
    db = openTestDatabase();
    const server = new BatchServer();
    await seedProducts(server, 2);
    for (let productId = 1; productId <= 2; productId += 1) await queueTitleChange(server, productId, `Once ${productId}`, undefined);
    const deps = depsFor(server);
    let lose = true;
    const realSend = server.send;
    deps.send = async (request) => {
      const answer = await realSend(request);
      if (lose) {
        lose = false;
        throw new Error('connection reset after the server saved');
      }
      return answer;
    };
    expect(await drainOutbox(deps)).toMatchObject({ sent: 0, retried: 2 });
    expect(await drainOutbox({ ...deps, now: () => 10_000_000 })).toMatchObject({ sent: 2 });
    expect(server.products.get(1)).toMatchObject({ title: 'Once 1', version: 2 });
    expect(server.arrived.get(1)).toHaveLength(1);
    expect(await db.products.get(1)).toMatchObject({ title: 'Once 1', version: 2 });
  });
});
