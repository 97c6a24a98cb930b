/**
 * The outbox chaos test (outbox-chaos.test.ts) against two real server processes on one PostgreSQL
 * and one object store (docs/deployment.md, "Running on several machines"): the outbox's calls alternate
 * between the processes over HTTP, a third of them fail on the way (chaos-transport.ts), and
 * midway one process is killed with SIGKILL while calls are in flight, then started again. At the
 * end every product is its last edit (0 lost), no save or image landed twice (0 duplicated), and
 * every distinct image is one media row and one object. Needs a real PostgreSQL: runs when
 * TEST_DATABASE_URL is set (.ci/run sets it). Seeded: CHAOS_SEED replays the script and the faults (see support/chaos-transport.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromCachedProduct, toCachedProduct, type BackofficeDatabase } from '../../src/app/db/database';
import { drainOutbox, type DrainDeps } from '../../src/app/sync/drainer';
import { earliestNextAttempt, enqueueImageDelete, enqueueImageUpload, enqueueProductChange, enqueueProductSave, PLACEHOLDER_PREFIX } from '../../src/app/sync/outbox';
import { buildChangeSet } from '../../src/shared/change-set';
import type { Product } from '../../src/shared/contract';
import { mediaFiles, productHistory } from '../../src/server/db/schema';
import { S3MediaStore, type S3MediaConfig } from '../../src/server/media/s3-media-store';
import { openTestDatabase } from '../unit/support/offline-fakes';
import { ChaosTransport, chaosStreams } from './support/chaos-transport';
import { insertCatalogueBasics, insertProduct } from './support/product-fixtures';
import { sharedStoreEnv, startServerProcess, PROCESS_ADMIN, type ServerProcess } from './support/server-process';
import { createTestBucket } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { deviceClock } from './support/device-clock';

const postgres = process.env.TEST_DATABASE_URL;
const SEED = Number(process.env.CHAOS_SEED ?? 20_251_125);
const PRODUCTS = 12;
const EDITS = 120;
const KILL_AT_EDIT = 60;
const DISTINCT_IMAGES = 5;
const FINAL_ROUNDS = 400;
const AUTHOR = PROCESS_ADMIN.username;

function makePng(index: number): Uint8Array {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  return new Uint8Array([...signature, ...new TextEncoder().encode(`two-process chaos image ${index} `.repeat(8))]);
}
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const mediaPathOf = (bytes: Uint8Array) => `/media/${sha256(bytes).slice(0, 2)}/${sha256(bytes)}.png`;

/**
 * How the edits are queued: whole-product saves (PUT, one call each), or change sets as the editor
 * queues them, sent together in POST /product/batch (docs/offline.md "Batches").
 */
const SAVE_MODES = [
  { name: 'whole-product saves', changeSets: false },
  { name: 'change sets in batches', changeSets: true },
];

interface Expected {
  title: string;
  sellingPrice: number;
  images: { id: string; filePath: string; name: string }[];
}

describe.skipIf(!postgres)('the outbox under chaos, spread over two server processes, one killed and restarted midway', () => {
  let database: TestDatabase;
  let bucket: S3MediaConfig;
  let env: Record<string, string>;
  const processes: ServerProcess[] = [];
  let local: BackofficeDatabase;
  /** Every image uploaded by any run: the media store must hold each once. */
  const uploadedBytes = new Set<string>();
  let supplierIds: Awaited<ReturnType<typeof insertCatalogueBasics>>['supplierIds'] | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    bucket = await createTestBucket();
    env = sharedStoreEnv(database.url ?? '', bucket);
    // One after the other: both run the migrations and create the first user on start.
    processes.push(await startServerProcess(env));
    processes.push(await startServerProcess(env));
    local = openTestDatabase();
  }, 180_000);
  afterAll(async () => {
    for (const server of processes) await server.kill();
    await local?.delete();
    await database?.close();
  });

  it.each(SAVE_MODES)('ends with every product at its last edit: 0 lost, 0 duplicated ($name)', async (mode) => {
    const streams = chaosStreams(SEED);
    const random = streams.script;
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const images = Array.from({ length: DISTINCT_IMAGES }, (_, index) => makePng(index));
    const token = await processes[0]!.signIn();
    const auth = { Authorization: `Bearer ${token}` };
    supplierIds ??= (await insertCatalogueBasics(database.db)).supplierIds;

    // Which process answers the next call: they alternate, as behind a round-robin load balancer.
    let next = 0;
    /** Calls that found no process to answer (the killed one: reset in flight, or refused). */
    let unanswered = 0;
    const target = {
      async request(path: string, init: RequestInit): Promise<Response> {
        const server = processes[next % processes.length]!;
        next += 1;
        try {
          return await fetch(`${server.origin}${path}`, init);
        } catch (error) {
          unanswered += 1;
          throw error;
        }
      },
    };

    const productIds: number[] = [];
    const expected = new Map<number, Expected>();
    for (let i = 0; i < PRODUCTS; i += 1) {
      const productId = await insertProduct(database.db, { supplierId: supplierIds.shoes, title: `Chaos product ${i}`, sellingPrice: 10 + i });
      productIds.push(productId);
      const product = (await (await target.request(`/api/v1/product/${productId}`, { headers: auth })).json()) as Product;
      await local.products.put(toCachedProduct(product));
      expected.set(productId, { title: product.title, sellingPrice: product.sellingPrice, images: [] });
    }

    const transport = new ChaosTransport(target, streams.connection(0));
    const clock = deviceClock();
    const deps: DrainDeps = { db: local, send: transport.send, token: () => token, currentUser: () => AUTHOR, now: () => clock.now, random: streams.jitter };
    /** Queues an edit of `product` (the device's copy) the way this run saves. */
    const save = async (product: Product, edited: Product) => {
      if (mode.changeSets) await enqueueProductChange(local, buildChangeSet(product, edited, clock.now, false), edited, AUTHOR, clock.now);
      else await enqueueProductSave(local, edited, product.version, AUTHOR, clock.now);
    };
    const stuck: string[] = [];
    const drain = async () => {
      const summary = await drainOutbox(deps);
      if (summary.conflicts > 0 || summary.failed > 0 || summary.pausedForAuth) {
        const entries = await local.outbox.where('status').anyOf('failed', 'conflict').toArray();
        stuck.push(...entries.map((entry) => `${entry.kind} ${entry.entityKey}: ${entry.status} ${entry.lastError ?? ''}`));
      }
    };

    let saves = 0;
    let deletes = 0;
    let killedWithCallsInFlight = false;
    let untilNextDrain = 1;
    let running: Promise<void> = Promise.resolve();
    for (let edit = 0; edit < EDITS; edit += 1) {
      if (edit === KILL_AT_EDIT) {
        // SIGKILL while a drain of the edits held back has calls in flight; the balancer keeps
        // sending half the calls to the dead address until the process is back (on a new port).
        await running;
        const waiting = await local.outbox.count();
        const draining = drain();
        await new Promise((resolve) => setTimeout(resolve, 30));
        await processes[1]!.kill();
        await draining;
        for (let round = 0; round < 3; round += 1) {
          clock.now += 20_000;
          await drain();
        }
        killedWithCallsInFlight = waiting > 0;
        processes[1] = await startServerProcess(env);
        running = Promise.resolve();
      }
      const productId = pick(productIds);
      const want = expected.get(productId) as Expected;
      const cached = await local.products.get(productId);
      if (!cached) throw new Error(`product ${productId} is not cached`);
      const product = fromCachedProduct(cached);
      const storedImages = product.productImages.filter((image) => !image.filePath.startsWith(PLACEHOLDER_PREFIX));
      const roll = random();
      if (roll < 0.12 && storedImages.length > 0) {
        const doomed = pick(storedImages);
        await enqueueImageDelete(local, { productId, imageId: doomed.id }, AUTHOR, clock.now);
        want.images = want.images.filter((image) => image.id !== doomed.id);
        deletes += 1;
      } else if (roll < 0.3) {
        const bytes = images[Math.floor(random() * DISTINCT_IMAGES)] as Uint8Array;
        uploadedBytes.add(sha256(bytes));
        const name = `photo-${edit}.png`;
        const { filePath } = await enqueueImageUpload(local, { productId, bytes: bytes.slice().buffer, name, type: 'image/png' }, AUTHOR, clock.now);
        const id = randomUUID();
        await save(product, { ...product, productImages: [...product.productImages, { id, filePath, name, altImage: '', isMainImage: false }] });
        want.images = [...want.images, { id, filePath: mediaPathOf(bytes), name }];
        saves += 1;
      } else {
        const title = `Chaos product ${productId} edit ${edit}`;
        const sellingPrice = Math.round((5 + random() * 200) * 100) / 100;
        await save(product, { ...product, title, sellingPrice });
        want.title = title;
        want.sellingPrice = sellingPrice;
        saves += 1;
      }
      untilNextDrain -= 1;
      // The ten edits before the kill are held back, so the kill finds a queue being drained.
      if (untilNextDrain <= 0 && (edit < KILL_AT_EDIT - 10 || edit >= KILL_AT_EDIT)) {
        // Not awaited before the next edits: calls are in flight while the person edits on.
        await running;
        clock.now += 500 + Math.floor(random() * 6_000);
        running = running.then(drain);
        untilNextDrain = 1 + Math.floor(random() * 3);
      }
    }
    await running;

    // Both processes up, the chaos on the way goes on: drain until nothing waits.
    for (let round = 0; round < FINAL_ROUNDS; round += 1) {
      await drain();
      const waiting = await local.outbox.toArray();
      if (waiting.length === 0 || waiting.some((entry) => entry.status !== 'pending')) break;
      const wake = await earliestNextAttempt(local, AUTHOR);
      if (wake === null) break;
      clock.now = Math.max(clock.now + 1, wake);
      // A claim of a killed upload is held until its 10 s lease runs out (real time): let it.
      if (round % 20 === 19) await new Promise((resolve) => setTimeout(resolve, 1_000));
    }

    expect(killedWithCallsInFlight).toBe(true);
    expect(unanswered).toBeGreaterThan(0);
    expect(stuck).toEqual([]);
    expect(await local.outbox.toArray()).toEqual([]);

    // 0 lost: each product as its last edit, read through either process.
    let lost = 0;
    let duplicated = 0;
    for (const [index, productId] of productIds.entries()) {
      const server = processes[index % 2]!;
      const answer = await fetch(`${server.origin}/api/v1/product/${productId}`, { headers: auth });
      const product = (await answer.json()) as Product;
      const want = expected.get(productId) as Expected;
      const got = { title: product.title, sellingPrice: Number(product.sellingPrice), images: product.productImages.map(({ id, filePath, name }) => ({ id, filePath, name })) };
      if (got.images.length > want.images.length) duplicated += 1;
      else if (JSON.stringify(got) !== JSON.stringify(want)) lost += 1;
      expect(got, `product ${productId}`).toEqual(want);
    }
    // 0 duplicated: no save applied twice (one history entry per save at most) and one media row
    // and one object per distinct image.
    const [history] = await database.db
      .select({ rows: sql<number>`count(*)::int` })
      .from(productHistory)
      .where(inArray(productHistory.productId, productIds));
    // An image delete writes its own history entry ("Image 2 'x.png' deleted by …"), so it counts.
    const writes = saves + deletes;
    if ((history?.rows ?? 0) > writes) duplicated += 1;
    const distinct = new Set(uploadedBytes).size;
    const [media] = await database.db.select({ rows: sql<number>`count(*)::int` }).from(mediaFiles);
    const store = new S3MediaStore(null, bucket);
    let objects = 0;
    for await (const _file of store.list()) objects += 1;
    store.close();
    const { stats } = transport;
    console.log(
      `[chaos over two processes] ${EDITS} edits, ${saves} saves, ${deletes} image deletes, ${stats.requests} calls (${stats.unavailable} 503, ${stats.resetBefore} resets, ` +
        `${stats.lostAfter} lost answers, ${stats.offline} offline); process B killed at edit ${KILL_AT_EDIT} and restarted, ${unanswered} calls unanswered by it; ` +
        `lost ${lost}, duplicated ${duplicated}; ${history?.rows ?? 0} history entries; ${media?.rows ?? 0} media rows, ${objects} objects for ${distinct} images; ` +
        `${stats.batches} batch calls; ${mode.name}; seed ${SEED}`,
    );
    expect(history?.rows ?? 0).toBeLessThanOrEqual(writes);
    expect(media?.rows).toBe(distinct);
    expect(objects).toBe(distinct);
    expect([lost, duplicated]).toEqual([0, 0]);
    expect(stats.lostAfter).toBeGreaterThan(5);
  }, 300_000);
});
