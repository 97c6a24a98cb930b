/**
 * The chaos test with two people: two devices, each with its own outbox, edit
 * overlapping products through change sets (PATCH) while their connections drop and a third of
 * the calls fail (503s, resets, answers lost after the server committed). Ann edits title and
 * selling price, Bea delivery term, stock and colour, and both add images. At the end, field by
 * field: every field equals the last write of the person who changed it, no field anyone left
 * alone changed, no image is lost or doubled, and nothing waits. Seeded: CHAOS_SEED replays the
 * script and each connection's faults (support/chaos-transport.ts says what it cannot replay).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChangeSet } from '../../src/shared/change-set';
import { DELIVERY_CODES } from '../../src/shared/constants';
import type { Product } from '../../src/shared/contract';
import { fromCachedProduct, toCachedProduct, type BackofficeDatabase } from '../../src/app/db/database';
import { drainOutbox, type DrainDeps } from '../../src/app/sync/drainer';
import { earliestNextAttempt, enqueueImageUpload, enqueueProductChange } from '../../src/app/sync/outbox';
import { openTestDatabase } from '../unit/support/offline-fakes';
import { ChaosTransport, chaosStreams } from './support/chaos-transport';
import { insertCatalogueBasics, insertProduct } from './support/product-fixtures';
import { createTestApp, TEST_USER, type TestApp } from './support/test-app';
import { deviceClock } from './support/device-clock';

const SEED = Number(process.env.CHAOS_SEED ?? 20_251_125);
const PRODUCTS = 8;
const EDITS = 160;
const FINAL_ROUNDS = 400;

function makePng(index: number): Uint8Array {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  return new Uint8Array([...signature, ...new TextEncoder().encode(`team chaos ${index} `.repeat(8))]);
}

interface Device {
  name: string;
  db: BackofficeDatabase;
  token: string;
  transport: ChaosTransport;
  deps: DrainDeps;
  running: Promise<void>;
}

let t: TestApp;
const devices: Device[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const device of devices) await device.db.delete();
  await t.close();
});

describe('two people editing overlapping products under chaos', () => {
  it('keeps every field at the last write of the person who changed it, and nothing else changes', async () => {
    const streams = chaosStreams(SEED);
    const random = streams.script;
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const { supplierIds } = await insertCatalogueBasics(t.database.db);
    const clock = deviceClock(t.clock.now);
    const tokens: Record<string, string> = { [TEST_USER.username]: await t.token(), bea: await t.tokenFor('bea') };
    for (const [index, name] of [TEST_USER.username, 'bea'].entries()) {
      const transport = new ChaosTransport(t.app, streams.connection(index));
      const db = openTestDatabase();
      const token = tokens[name] as string;
      devices.push({
        name,
        db,
        token,
        transport,
        deps: { db, send: transport.send, token: () => token, currentUser: () => name, now: () => clock.now, random: streams.jitter },
        running: Promise.resolve(),
      });
    }
    const [ann, bea] = devices as [Device, Device];

    const productIds: number[] = [];
    for (let i = 0; i < PRODUCTS; i += 1) {
      productIds.push(await insertProduct(t.database.db, { supplierId: supplierIds.shoes, title: `Team product ${i}`, sellingPrice: 10 + i, material: `Material ${i}`, sku: `TEAM-${i}` }));
    }
    const initial = new Map<number, Product>();
    for (const productId of productIds) {
      const response = await t.app.request(`/api/v1/product/${productId}`, { headers: { Authorization: `Bearer ${ann.token}` } });
      const product = (await response.json()) as Product;
      initial.set(productId, product);
      for (const device of devices) await device.db.products.put(toCachedProduct(product));
    }

    // What each person last wrote, per product and field; the images each added.
    const lastWrite = new Map<string, unknown>();
    const added = new Map<number, Set<string>>(productIds.map((id) => [id, new Set<string>()]));
    const problems: string[] = [];
    const drain = async (device: Device) => {
      const summary = await drainOutbox(device.deps);
      if (summary.conflicts > 0 || summary.failed > 0) {
        const stuck = await device.db.outbox.where('status').anyOf('failed', 'conflict').toArray();
        problems.push(...stuck.map((entry) => `${device.name} ${entry.kind} ${entry.entityKey}: ${entry.status} ${entry.lastError ?? ''}`));
      }
    };

    for (let edit = 0; edit < EDITS; edit += 1) {
      for (const device of devices) if (device.transport.online ? random() < 0.06 : random() < 0.2) device.transport.online = !device.transport.online;
      const device = random() < 0.5 ? ann : bea;
      const productId = pick(productIds);
      const before = fromCachedProduct((await device.db.products.get(productId)) as Product);
      let after: Product;
      if (random() < 0.15) {
        const { filePath } = await enqueueImageUpload(device.db, { productId, bytes: makePng(edit % 5).slice().buffer, name: `${device.name}-${edit}.png`, type: 'image/png' }, device.name, clock.now);
        const id = randomUUID();
        added.get(productId)?.add(id);
        after = { ...before, productImages: [...before.productImages, { id, filePath, name: `${device.name}-${edit}.png`, altImage: '', isMainImage: false }] };
      } else if (device === ann) {
        after = { ...before, title: `Ann ${productId} edit ${edit}`, sellingPrice: Math.round((5 + random() * 100) * 100) / 100 };
        lastWrite.set(`${productId}:title`, after.title);
        lastWrite.set(`${productId}:sellingPrice`, after.sellingPrice);
      } else {
        after = { ...before, deliveryCode: pick(DELIVERY_CODES), stock: Math.floor(random() * 50), color: pick(['Red', 'Blue', 'Green', 'Black']) };
        for (const field of ['deliveryCode', 'stock', 'color'] as const) lastWrite.set(`${productId}:${field}`, after[field]);
      }
      await enqueueProductChange(device.db, buildChangeSet(before, after, clock.now, !device.transport.online), after, device.name, clock.now);
      if (random() < 0.35) {
        await device.running;
        clock.now += 500 + Math.floor(random() * 6_000);
        device.running = drain(device);
      }
    }
    for (const device of devices) await device.running;

    for (const device of devices) device.transport.online = true;
    for (let round = 0; round < FINAL_ROUNDS; round += 1) {
      await drain(ann);
      await drain(bea);
      const waiting = [...(await ann.db.outbox.toArray()), ...(await bea.db.outbox.toArray())];
      if (waiting.length === 0 || waiting.some((entry) => entry.status !== 'pending')) break;
      const wakes = (await Promise.all(devices.map((device) => earliestNextAttempt(device.db, device.name)))).filter((wake): wake is number => wake !== null);
      clock.now = Math.max(clock.now + 1, ...wakes);
    }

    const stats = devices.map((device) => device.transport.stats);
    console.log(
      `team chaos: ${EDITS} edits by two people over ${PRODUCTS} products; ` +
        stats.map((s, i) => `${devices[i]?.name}: ${s.requests} requests (${s.offline} offline, ${s.unavailable} 503, ${s.resetBefore} resets, ${s.lostAfter} lost after commit)`).join('; ') +
        `; seed ${SEED}`,
    );
    expect(problems).toEqual([]);
    for (const device of devices) expect(await device.db.outbox.toArray()).toEqual([]);
    // Lost answers are what this run is for. Each connection's faults are a fixed sequence, so the
    // count follows only from how many calls reached past the proxy: with this seed, 25 calls each
    // already draw 6, and a run makes about twice that.
    expect(stats.reduce((sum, s) => sum + s.lostAfter, 0)).toBeGreaterThan(5);

    for (const productId of productIds) {
      const response = await t.app.request(`/api/v1/product/${productId}`, { headers: { Authorization: `Bearer ${ann.token}` } });
      const server = (await response.json()) as Product;
      const start = initial.get(productId) as Product;
      for (const field of ['title', 'sellingPrice', 'deliveryCode', 'stock', 'color'] as const) {
        const key = `${productId}:${field}`;
        const want = lastWrite.has(key) ? lastWrite.get(key) : start[field];
        expect(field === 'sellingPrice' ? Number(server[field]) : server[field], `product ${productId} ${field}`).toEqual(want);
      }
      // Fields nobody touched are as they were.
      for (const field of ['sku', 'material', 'ean', 'description', 'priceSupplier', 'brand', 'familyKey'] as const) {
        expect(server[field], `product ${productId} ${field}`).toEqual(start[field]);
      }
      // Every image either person added is there once; none other appeared.
      const ids = server.productImages.map((image) => image.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort()).toEqual([...(added.get(productId) ?? [])].sort());
    }
  }, 180_000);
});
