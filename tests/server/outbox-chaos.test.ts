/**
 * The chaos test of the offline engine: 200 edits over 20 products go through the
 * outbox while the connection between the drainer and the real server drops and returns, and a
 * third of the calls fail (503s, resets, answers lost after the server committed). At the end the
 * server must hold exactly the last edit of every product, no image file twice, and the outbox
 * must be empty. Seeded: CHAOS_SEED replays the script and the faults (see support/chaos-transport.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromCachedProduct, toCachedProduct, type BackofficeDatabase } from '../../src/app/db/database';
import { drainOutbox, type DrainDeps } from '../../src/app/sync/drainer';
import {
  earliestNextAttempt,
  enqueueImageDelete,
  enqueueImageUpload,
  enqueueProductChange,
  enqueueProductSave,
  PLACEHOLDER_PREFIX,
} from '../../src/app/sync/outbox';
import { buildChangeSet } from '../../src/shared/change-set';
import type { Product } from '../../src/shared/contract';
import { mediaFiles } from '../../src/server/db/schema';
import { makeProduct, openTestDatabase } from '../unit/support/offline-fakes';
import { ChaosTransport, chaosStreams } from './support/chaos-transport';
import { insertCatalogueBasics, insertImages, insertProduct, type CatalogueFixture } from './support/product-fixtures';
import { createTestApp, TEST_USER, type TestApp } from './support/test-app';
import { deviceClock } from './support/device-clock';

const SEED = Number(process.env.CHAOS_SEED ?? 20_240_611);
const PRODUCTS = 20;
const EDITS = 200;
const DISTINCT_IMAGES = 6;
const FINAL_ROUNDS = 400;
const AUTHOR = TEST_USER.username;

/** A small PNG (signature + one chunk of its own bytes): the media store sniffs the signature. */
function makePng(index: number): Uint8Array {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const payload = new TextEncoder().encode(`chaos image ${index} `.repeat(8));
  return new Uint8Array([...signature, ...payload]);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const mediaPathOf = (bytes: Uint8Array) => {
  const hash = sha256(bytes);
  return `/media/${hash.slice(0, 2)}/${hash}.png`;
};

/** What the last edit of a product says it must look like on the server. */
interface Expected {
  title: string;
  sellingPrice: number;
  images: { id: string; filePath: string; name: string }[];
}

function countFiles(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) count += countFiles(path.join(dir, entry.name));
    else if (!entry.name.endsWith('.tmp')) count += 1;
  }
  return count;
}

let t: TestApp;
let db: BackofficeDatabase;
let token: string;
let supplierIds: CatalogueFixture['supplierIds'];
beforeAll(async () => {
  t = await createTestApp();
  token = await t.token();
  ({ supplierIds } = await insertCatalogueBasics(t.database.db));
  db = openTestDatabase();
});
afterAll(async () => {
  await db.delete();
  await t.close();
});

async function serverProduct(productId: number): Promise<Product> {
  const response = await t.app.request(`/api/v1/product/${productId}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as Product;
}

/**
 * How the edits are queued: whole-product saves (PUT, one request each), or change sets as the
 * editor queues them, which the drainer sends together in POST /product/batch (docs/offline.md
 * "Batches"), or one PATCH each when `batch` is off.
 */
type SaveMode = { name: string; changeSets: boolean; batch: boolean };
const SAVE_MODES: SaveMode[] = [
  { name: 'whole-product saves', changeSets: false, batch: true },
  { name: 'change sets in batches', changeSets: true, batch: true },
];

describe.each(SAVE_MODES)('the outbox under chaos ($name)', (mode) => {
  it('delivers every product\'s last edit exactly once through drops, 503s, resets and lost answers', async () => {
    const streams = chaosStreams(SEED);
    const random = streams.script;
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const images = Array.from({ length: DISTINCT_IMAGES }, (_, index) => makePng(index));

    // 20 products on the server; the first five already carry one stored image each.
    const productIds: number[] = [];
    const knownBytes = new Set<string>();
    for (let i = 0; i < PRODUCTS; i += 1) {
      const productId = await insertProduct(t.database.db, { supplierId: supplierIds.shoes, title: `Chaos product ${i}`, sellingPrice: 10 + i });
      productIds.push(productId);
      if (i < 5) {
        const bytes = images[i] as Uint8Array;
        const stored = await t.media.storeImage(bytes);
        knownBytes.add(sha256(bytes));
        await insertImages(t.database.db, productId, [{ id: randomUUID(), filePath: stored.filePath, name: `initial-${i}.png`, position: 1 }]);
      }
    }

    // The app's cache: every product as the server answered it.
    const expected = new Map<number, Expected>();
    for (const productId of productIds) {
      const product = await serverProduct(productId);
      await db.products.put(toCachedProduct(product));
      expected.set(productId, {
        title: product.title,
        sellingPrice: product.sellingPrice,
        images: product.productImages.map(({ id, filePath, name }) => ({ id, filePath, name })),
      });
    }

    const transport = new ChaosTransport(t.app, streams.connection(0));
    const clock = deviceClock(t.clock.now);
    const deps: DrainDeps = {
      db,
      send: transport.send,
      token: () => token,
      currentUser: () => AUTHOR,
      now: () => clock.now,
      random: streams.jitter,
      batch: mode.batch,
    };
    /** Queues an edit of `product` (the device's copy) the way this run saves. */
    const save = async (product: Product, edited: Product) => {
      if (mode.changeSets) await enqueueProductChange(db, buildChangeSet(product, edited, clock.now, false), edited, AUTHOR, clock.now);
      else await enqueueProductSave(db, edited, product.version, AUTHOR, clock.now);
    };
    const conflictsOrFailures: string[] = [];
    let drainMs = 0;
    const drain = async () => {
      const started = performance.now();
      const summary = await drainOutbox(deps);
      drainMs += performance.now() - started;
      if (summary.conflicts > 0 || summary.failed > 0 || summary.pausedForAuth) {
        const stuck = await db.outbox.where('status').anyOf('failed', 'conflict').toArray();
        conflictsOrFailures.push(...stuck.map((entry) => `${entry.kind} ${entry.entityKey}: ${entry.status} ${entry.lastError ?? ''}`));
      }
    };

    const counts = { saves: 0, uploads: 0, deletes: 0, drains: 0 };
    const uploadedBytes = new Set<string>();
    let untilNextDrain = 1 + Math.floor(random() * 4);
    let running: Promise<void> = Promise.resolve();
    for (let edit = 0; edit < EDITS; edit += 1) {
      // The connection drops now and then, and comes back after a while.
      if (transport.online ? random() < 0.06 : random() < 0.2) transport.online = !transport.online;

      const productId = pick(productIds);
      const want = expected.get(productId) as Expected;
      const local = await db.products.get(productId);
      if (!local) throw new Error(`product ${productId} is not cached`);
      const product = fromCachedProduct(local);
      const storedImages = product.productImages.filter((image) => !image.filePath.startsWith(PLACEHOLDER_PREFIX));
      const roll = random();

      if (roll < 0.12 && storedImages.length > 0) {
        const target = pick(storedImages);
        await enqueueImageDelete(db, { productId, imageId: target.id }, AUTHOR, clock.now);
        want.images = want.images.filter((image) => image.id !== target.id);
        counts.deletes += 1;
      } else if (roll < 0.3) {
        // An image picked (possibly the same bytes as an earlier one), then the product saved with it.
        const index = Math.floor(random() * DISTINCT_IMAGES);
        const bytes = images[index] as Uint8Array;
        uploadedBytes.add(sha256(bytes));
        const name = `photo-${edit}.png`;
        const { filePath } = await enqueueImageUpload(
          db,
          { productId, bytes: bytes.slice().buffer, name, type: 'image/png' },
          AUTHOR,
          clock.now,
        );
        const id = randomUUID();
        const image = { id, filePath, name, altImage: '', isMainImage: false };
        await save(product, { ...product, productImages: [...product.productImages, image] });
        want.images = [...want.images, { id, filePath: mediaPathOf(bytes), name }];
        counts.uploads += 1;
      } else {
        const title = `Chaos product ${productId} edit ${edit}`;
        const sellingPrice = Math.round((5 + random() * 200) * 100) / 100;
        await save(product, { ...product, title, sellingPrice });
        want.title = title;
        want.sellingPrice = sellingPrice;
        counts.saves += 1;
      }

      // The scheduler drains now and then, while the person keeps editing (the next edits are
      // made while the drain's requests are in flight); time passes, so backoffs come due.
      untilNextDrain -= 1;
      if (untilNextDrain === 0) {
        await running;
        clock.now += 500 + Math.floor(random() * 6_000);
        running = drain();
        counts.drains += 1;
        untilNextDrain = 1 + Math.floor(random() * 4);
      }
    }
    await running;

    // The connection is back for good (the server still fails a third of the calls): drain
    // until nothing waits, jumping the clock to the next retry time.
    transport.online = true;
    const finalStarted = performance.now();
    let rounds = 0;
    /** Wake times already past after a drain: the scheduler would drain again at once, for nothing. */
    let stalledWakes = 0;
    for (; rounds < FINAL_ROUNDS; rounds += 1) {
      await drain();
      const waiting = await db.outbox.toArray();
      if (waiting.length === 0 || waiting.some((entry) => entry.status !== 'pending')) break;
      // Like the scheduler: sleep until the earliest time something can be sent.
      const wake = await earliestNextAttempt(db, AUTHOR);
      if (wake === null) break;
      if (wake <= clock.now) stalledWakes += 1;
      clock.now = Math.max(clock.now + 1, wake);
    }
    const finalMs = performance.now() - finalStarted;

    const failures = transport.injectedFailures;
    const { stats } = transport;
    console.log(
      `chaos: ${EDITS} edits (${counts.saves} saves, ${counts.uploads} uploads+saves, ${counts.deletes} image deletes), ` +
        `${PRODUCTS} products, ${stats.requests} requests, ${failures} injected failures ` +
        `(${stats.offline} offline, ${stats.unavailable} 503, ${stats.resetBefore} resets, ${stats.lostAfter} lost answers after commit), ` +
        `drained in ${(drainMs / 1000).toFixed(1)} s over ${counts.drains + rounds + 1} drain runs ` +
        `(final drain after reconnect: ${(finalMs / 1000).toFixed(1)} s, ${rounds + 1} runs); ${stats.batches} batch calls; ${mode.name}; seed ${SEED}`,
    );

    // Nothing waits, failed or conflicts; no picked file is left behind.
    expect(conflictsOrFailures).toEqual([]);
    expect(stalledWakes).toBe(0);
    expect(await db.outbox.toArray()).toEqual([]);
    expect(await db.files.count()).toBe(0);
    // The chaos really happened: about a third of the calls that got through the offline periods.
    expect(stats.lostAfter).toBeGreaterThan(10);
    expect(stats.offline).toBeGreaterThan(10);
    const onlineCalls = stats.requests - stats.offline;
    expect((stats.unavailable + stats.resetBefore + stats.lostAfter) / onlineCalls).toBeGreaterThan(0.25);

    // Every product on the server is its last edit, and the app's copy is the server's.
    for (const productId of productIds) {
      const server = await serverProduct(productId);
      const want = expected.get(productId) as Expected;
      const got = {
        title: server.title,
        sellingPrice: Number(server.sellingPrice),
        images: server.productImages.map(({ id, filePath, name }) => ({ id, filePath, name })),
      };
      expect(got, `product ${productId}`).toEqual(want);
      expect(server.numberOfImages).toBe(want.images.length);
      const local = fromCachedProduct((await db.products.get(productId)) as Product);
      expect({ ...local, productImages: local.productImages.map(({ id, filePath, name }) => ({ id, filePath, name })) }).toMatchObject({
        version: server.version,
        title: server.title,
        productImages: got.images,
      });
    }

    // No image stored twice: one media row and one file per distinct content.
    const distinct = new Set([...knownBytes, ...uploadedBytes]);
    const [media] = await t.database.db.select({ rows: sql<number>`count(*)::int` }).from(mediaFiles);
    expect(media?.rows).toBe(distinct.size);
    expect(countFiles(t.mediaDir)).toBe(distinct.size);
  }, 120_000);
});

describe('the scheduler\'s wake time under backoff', () => {
  it('is the backing-off head\'s retry time, not the due time of an edit queued behind it', async () => {
    const local = openTestDatabase();
    try {
      const first = await enqueueProductSave(local, makeProduct({ productId: 7 }), 1, AUTHOR);
      // The first save was sent and lost; it backs off. A new edit is queued behind it.
      await local.outbox.update(first.id, { attempts: 1, nextAttemptAt: 50_000 });
      await enqueueProductSave(local, makeProduct({ productId: 7, title: 'Later edit' }), 1, AUTHOR);
      await enqueueProductSave(local, makeProduct({ productId: 8 }), 1, 'someone-else');

      expect(await local.outbox.count()).toBe(3);
      expect(await earliestNextAttempt(local, AUTHOR)).toBe(50_000);
      expect(await earliestNextAttempt(local, null)).toBeNull();
      expect(await earliestNextAttempt(local)).toBe(0);
    } finally {
      await local.delete();
    }
  });
});

describe('an image delete waiting behind a save', () => {
  it('stays deleted locally and on the server when the save before it succeeds', async () => {
    const local = openTestDatabase();
    try {
      const productId = await insertProduct(t.database.db, { supplierId: supplierIds.bags, title: 'Delete behind a save' });
      const stored = await t.media.storeImage(makePng(99));
      const imageId = randomUUID();
      await insertImages(t.database.db, productId, [{ id: imageId, filePath: stored.filePath, name: 'doomed.png', position: 1 }]);
      const cached = await serverProduct(productId);
      await local.products.put(toCachedProduct(cached));
      const transport = new ChaosTransport(t.app, () => 1);
      transport.chaos = false;
      const deps: DrainDeps = { db: local, send: transport.send, token: () => token, currentUser: () => AUTHOR, now: () => 0, random: () => 0.5 };

      await enqueueProductSave(local, { ...cached, title: 'Renamed' }, cached.version, AUTHOR);
      await enqueueImageDelete(local, { productId, imageId }, AUTHOR);
      await drainOutbox(deps);
      // The save's answer (still with the image) must not undo the waiting delete locally.
      const afterDrain = fromCachedProduct((await local.products.get(productId)) as Product);
      expect(afterDrain.productImages).toEqual([]);

      await enqueueProductSave(local, { ...afterDrain, title: 'Renamed again' }, afterDrain.version, AUTHOR);
      await drainOutbox(deps);
      expect(await local.outbox.count()).toBe(0);
      const server = await serverProduct(productId);
      expect(server).toMatchObject({ title: 'Renamed again', productImages: [] });
    } finally {
      await local.delete();
    }
  });
});

describe('an edit made on the version the author\'s own save replaced', () => {
  it('builds on the author\'s own new version, but still conflicts with someone else\'s', async () => {
    const local = openTestDatabase();
    try {
      const productId = await insertProduct(t.database.db, { supplierId: supplierIds.bags, title: 'Edited twice' });
      const opened = await serverProduct(productId);
      await local.products.put(toCachedProduct(opened));
      const transport = new ChaosTransport(t.app, () => 1);
      transport.chaos = false;
      const deps: DrainDeps = { db: local, send: transport.send, token: () => token, currentUser: () => AUTHOR, now: () => 0, random: () => 0.5 };

      // Saved, sent (the version goes up), then saved again from the form opened before.
      await enqueueProductSave(local, { ...opened, title: 'First save' }, opened.version, AUTHOR);
      await drainOutbox(deps);
      await enqueueProductSave(local, { ...opened, title: 'Second save' }, opened.version, AUTHOR);
      expect(await drainOutbox(deps)).toMatchObject({ sent: 1, conflicts: 0 });
      const second = await serverProduct(productId);
      expect(second).toMatchObject({ title: 'Second save', version: opened.version + 2 });

      // Someone else saves; an edit on the version before theirs is a real conflict.
      const theirs = await t.app.request('/api/v1/product', {
        method: 'PUT',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...second, title: 'Their save' }),
      });
      expect(theirs.status).toBe(200);
      await enqueueProductSave(local, { ...second, title: 'Third save' }, second.version, AUTHOR);
      expect(await drainOutbox(deps)).toMatchObject({ sent: 0, conflicts: 1 });
      expect(await serverProduct(productId)).toMatchObject({ title: 'Their save' });
    } finally {
      await local.delete();
    }
  });
});
