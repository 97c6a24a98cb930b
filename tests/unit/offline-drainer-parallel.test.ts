/**
 * The drainer sends several products at once (docs/offline.md "Writes"): a server stub holds
 * every request and answers them in a shuffled order, and each product's changes must still
 * reach it strictly one after the other in the order they were made, an upload before the save
 * that refers to it, with at most `parallel` requests on their way.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { toCachedProduct, type BackofficeDatabase } from '../../src/app/db/database';
import { DEFAULT_PARALLEL_SENDS, drainOutbox, lanesOf, runWithLimit, type OutboxRequest, type ResponseLike } from '../../src/app/sync/drainer';
import { enqueueImageDelete, enqueueImageUpload, enqueueProductSave, type OutboxEntry } from '../../src/app/sync/outbox';
import type { Product } from '../../src/shared/contract';
import { seededRandom } from '../server/support/chaos-transport';
import { drainDeps, headerOf, jsonBody, makeProduct, openTestDatabase, response, StrictTransport } from './support/offline-fakes';

let db: BackofficeDatabase;
afterEach(async () => {
  await db.delete();
});

interface Held {
  request: OutboxRequest;
  answer: (reply: ResponseLike) => void;
}

/**
 * Holds requests until `flush` answers one of those waiting, chosen at random: answers come back
 * out of order. It keeps, per product, the idempotency keys in the order they arrived and checks
 * that no product ever has two requests on their way at once.
 */
class OutOfOrderServer {
  readonly arrived = new Map<number, string[]>();
  readonly held: Held[] = [];
  maxInFlight = 0;
  lastCount = 0;
  overlapping: string[] = [];
  private readonly inFlight = new Set<number>();
  private readonly versions = new Map<number, number>();
  private stored = 0;

  constructor(
    private readonly productOfKey: Map<string, number>,
    private readonly random: () => number,
  ) {}

  readonly send = (request: OutboxRequest): Promise<ResponseLike> => {
    const key = headerOf(request, 'Idempotency-Key') ?? '';
    const productId = this.productOfKey.get(key);
    if (productId === undefined) throw new Error(`unknown request ${key}`);
    if (this.inFlight.has(productId)) this.overlapping.push(`product ${productId}: ${request.method} ${request.url}`);
    this.inFlight.add(productId);
    this.arrived.set(productId, [...(this.arrived.get(productId) ?? []), key]);
    return new Promise((resolve) => {
      this.held.push({
        request,
        answer: (reply) => {
          this.inFlight.delete(productId);
          resolve(reply);
        },
      });
      this.maxInFlight = Math.max(this.maxInFlight, this.held.length);
    });
  };

  /** Answers one held request (a random one), as the real server would. */
  answerOne(): boolean {
    if (this.held.length === 0) return false;
    const index = Math.floor(this.random() * this.held.length);
    const [held] = this.held.splice(index, 1);
    if (!held) return false;
    const { request } = held;
    if (request.method === 'POST') {
      this.stored += 1;
      held.answer(response({ status: 200, body: `/media/stored-${this.stored}.png` }));
      return true;
    }
    const productId = request.method === 'PUT' ? (jsonBody(request) as Product).productId : Number(/\/image\/img-(\d+)-/.exec(request.url)?.[1]);
    const version = (this.versions.get(productId) ?? 1) + 1;
    this.versions.set(productId, version);
    if (request.method === 'DELETE') {
      held.answer(response({ status: 200, body: [], headers: { ETag: `"${version}"` } }));
      return true;
    }
    const sent = jsonBody(request) as Product;
    held.answer(response({ status: 200, body: { ...sent, version }, headers: { ETag: `"${version}"` } }));
    return true;
  }
}

async function tick(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('drainOutbox in parallel', () => {
  it("keeps each product's changes in order, uploads before the save that uses them, while answers come back out of order", async () => {
    db = openTestDatabase();
    const PRODUCTS = 10;
    const productOfKey = new Map<string, number>();
    const expectedOrder = new Map<number, string[]>();
    const note = (productId: number, entry: OutboxEntry) => {
      productOfKey.set(entry.id, productId);
      expectedOrder.set(productId, [...(expectedOrder.get(productId) ?? []), entry.id]);
    };
    const images = (productId: number) => [{ id: `img-${productId}-old`, filePath: '/media/old.png', name: '', altImage: '', isMainImage: false }];
    await db.products.bulkPut(Array.from({ length: PRODUCTS }, (_, i) => toCachedProduct(makeProduct({ productId: i + 1, productImages: images(i + 1) }))));
    // Odd products one after the other (each product's changes next to each other in the queue),
    // even products interleaved with each other, as a person editing several products would make them.
    const order: [number, number][] = [];
    for (let productId = 1; productId <= PRODUCTS; productId += 2) for (let round = 0; round < 3; round += 1) order.push([round, productId]);
    for (let round = 0; round < 3; round += 1) for (let productId = 2; productId <= PRODUCTS; productId += 2) order.push([round, productId]);
    for (const [round, productId] of order) {
      {
        if (round === 0) {
          note(productId, await enqueueImageDelete(db, { productId, imageId: `img-${productId}-old` }, 'anna'));
        } else if (round === 1) {
          const { entry, filePath } = await enqueueImageUpload(db, { productId, bytes: new ArrayBuffer(4), name: `p${productId}.png`, type: 'image/png' }, 'anna');
          note(productId, entry);
          const product = makeProduct({ productId, title: `Round 1 of ${productId}`, productImages: [{ id: `new-${productId}`, filePath, name: '', altImage: '', isMainImage: false }] });
          note(productId, await enqueueProductSave(db, product, 1, 'anna'));
        } else {
          const kept = await db.products.get(productId);
          const product = makeProduct({ productId, title: `Round 2 of ${productId}`, productImages: kept?.productImages ?? [] });
          // Merges into round 1's save (never sent yet): same entry, so same place in the order.
          const entry = await enqueueProductSave(db, product, 1, 'anna');
          if (!expectedOrder.get(productId)?.includes(entry.id)) note(productId, entry);
        }
      }
    }
    const server = new OutOfOrderServer(productOfKey, seededRandom(7));
    const deps = { ...drainDeps(db, new StrictTransport(), { parallel: 4 }), send: server.send };
    let finished = false;
    const running = drainOutbox(deps).then((summary) => {
      finished = true;
      return summary;
    });
    // The server answers only once 4 requests wait, or nothing new came for a while: the drainer
    // gets every chance to send two changes of one product at once.
    let quiet = 0;
    for (let steps = 0; !finished && steps < 20_000; steps += 1) {
      await tick();
      const waiting = server.held.length;
      quiet = waiting === server.lastCount ? quiet + 1 : 0;
      server.lastCount = waiting;
      if (waiting >= 4 || (waiting > 0 && quiet > 20)) server.answerOne();
    }
    const summary = await running;

    expect(summary.failed + summary.conflicts).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(server.overlapping).toEqual([]);
    expect(server.maxInFlight).toBeGreaterThan(1);
    expect(server.maxInFlight).toBeLessThanOrEqual(4);
    for (let productId = 1; productId <= PRODUCTS; productId += 1) {
      const arrived = (server.arrived.get(productId) ?? []).filter((key, index, all) => all.indexOf(key) === index);
      expect(arrived, `product ${productId}`).toEqual(expectedOrder.get(productId));
      // The save carries the stored path, never the placeholder.
      const kept = await db.products.get(productId);
      expect(kept?.title).toBe(`Round 2 of ${productId}`);
      expect(kept?.productImages.map((image) => image.filePath).every((path) => path.startsWith('/media/stored-'))).toBe(true);
    }
  });
});

describe('drain lanes', () => {
  it('puts every entry of one product in one lane, in seq order, lanes in order of their first entry', () => {
    const entry = (seq: number, productId: number, kind: 'product-save' | 'bol-model-save' = 'product-save') =>
      ({
        id: `e${seq}`,
        seq,
        kind,
        entityKey: kind === 'product-save' ? `product:${productId}` : `bol-model:${productId}`,
        payload: kind === 'product-save' ? { product: makeProduct({ productId }) } : { model: { productId } },
      }) as unknown as OutboxEntry;
    const lanes = lanesOf([entry(4, 1), entry(1, 2), entry(2, 1, 'bol-model-save'), entry(3, 3), entry(5, 2)]);
    expect(lanes.map((lane) => lane.map((e) => e.seq))).toEqual([[1, 5], [2, 4], [3]]);
  });

  it('runs at most the limit at once and takes no new item after stop', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await runWithLimit(
      [1, 2, 3, 4, 5, 6, 7, 8, 9],
      3,
      async (item) => {
        running += 1;
        most = Math.max(most, running);
        await tick();
        running -= 1;
        done.push(item);
      },
      () => done.includes(5),
    );
    expect(most).toBe(3);
    expect(done).toContain(5);
    expect(done.length).toBeLessThan(9);
    expect(DEFAULT_PARALLEL_SENDS).toBe(4);
  });
});
