/**
 * "Take the supplier's" on a held-back image list (docs/feeds.md, "Held-back values"): POST
 * /api/v1/product/{id}/held-back/images/take writes the supplier's list as the import writes a list
 * (rows, order, main image, the feed's base), ends the hold, raises the version and names who took
 * it in the history; a repeat after a lost answer is harmless; the images or the supplier's list
 * changed since the note was shown is a 409 that writes nothing. Also: every write that changes what
 * GET /api/v1/product/{id} answers raises the version (a supplier's new name).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImages, products, suppliers } from '../../src/server/db/schema';
import { importSupplierFeed } from '../../src/server/feeds/feed-import';
import type { ParsingHistoryEntry, Product } from '../../src/shared/contract';
import { heldImagesMessages } from '../../src/shared/held-images-messages';
import { productReads } from './support/product-reads';
import { servedFeeds } from './support/served-feeds';
import { createTestApp, type TestApp } from './support/test-app';

const { served, feedFetch } = servedFeeds();

let t: TestApp;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ deps: { fetch: feedFetch } });
  auth = { Authorization: `Bearer ${await t.token()}` };
});
afterAll(async () => {
  await t.close();
});

const HEADER = 'ean;sku;title;description;brand;category;price;retailPrice;deliveryCode;stock;color;images';
const EAN = '8710103974307';
const img = (name: string) => `https://img.test/${name}`;
const line = (images: readonly string[]) => [EAN, 'LMP-1', 'Desk lamp', '<p>Bright</p>', 'Lumo', 'Lamps', '10,00', '19,95', '1-2d', '5', 'White', images.join('|')].join(';');

async function addSupplier(name: string): Promise<{ id: number; url: string }> {
  const url = `https://supplier.test/${encodeURIComponent(name)}.csv`;
  const [row] = await t.database.db.insert(suppliers).values({ supplierName: name, supplierUrlFeed: url, feedFormat: 'csv' }).returning();
  if (!row) throw new Error('no supplier');
  return { id: row.supplierId, url };
}

async function runFeed(supplier: { id: number; url: string }, images: readonly string[]): Promise<ParsingHistoryEntry> {
  served.set(supplier.url, `${HEADER}\n${line(images)}\n`);
  const { entry } = await importSupplierFeed({ db: t.database.db, fetch: feedFetch }, supplier.id, { parseInWorker: false });
  expect(entry.status).toBe('success');
  return entry;
}

const { product, history } = productReads(() => t, () => auth);

function take(id: number | string, body: unknown, headers: Record<string, string> = auth) {
  return t.app.request(`/api/v1/product/${id}/held-back/images/take`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

/** What the product's images are, in order: the supplier's address or the stored file, and which is main. */
const shown = (p: Product) => p.productImages.map((image) => `${image.isMainImage ? '*' : ''}${image.filePath}`);

/**
 * A feed product with images a, b, c (c stored on this server by a re-export); a person deletes a
 * and b and uploads a picture of their own (made main); the feed then sends b, c, d: held back.
 */
async function heldProduct(name: string): Promise<{ supplier: { id: number; url: string }; id: number; held: Product }> {
  const supplier = await addSupplier(name);
  await runFeed(supplier, [img('a.png'), img('b.png'), img('c.png')]);
  const [row] = await t.database.db.select({ id: products.productId }).from(products).where(eq(products.supplierId, supplier.id));
  if (!row) throw new Error('no product');
  const id = row.id;
  const created = await product(id);
  for (const image of created.productImages.slice(0, 2)) {
    expect((await t.app.request(`/api/v1/image/${image.id}`, { method: 'DELETE', headers: auth })).status).toBe(200);
  }
  await t.database.db.update(productImages).set({ isMainImage: false, filePath: '/media/cd/c.png' }).where(eq(productImages.productId, id));
  await t.database.db.insert(productImages).values({ id: crypto.randomUUID(), productId: id, filePath: '/media/ab/mine.png', name: 'mine.png', isMainImage: true, position: 2 });
  const entry = await runFeed(supplier, [img('b.png'), img('c.png'), img('d.png')]);
  expect(entry.heldBack).toBe(1);
  const held = await product(id);
  expect(shown(held)).toEqual(['/media/cd/c.png', '*/media/ab/mine.png']);
  expect(held.heldBack?.map((value) => [value.field, value.value])).toEqual([['images', [img('b.png'), img('c.png'), img('d.png')]]]);
  return { supplier, id, held };
}

const bodyOf = (held: Product) => ({ images: held.heldBack?.[0]?.value as string[], base: held.productImages.map((image) => image.id) });

describe("taking the supplier's held-back image list", () => {
  it('writes the list as the import would, ends the hold, raises the version and names who took it', async () => {
    const { supplier, id, held } = await heldProduct('Take Lamps');
    const response = await take(id, bodyOf(held));
    expect(response.status).toBe(200);
    const taken = (await response.json()) as Product;
    // The supplier's images in its order (c kept, with its stored file), then the person's upload (still main).
    expect(shown(taken)).toEqual([img('b.png'), '/media/cd/c.png', img('d.png'), '*/media/ab/mine.png']);
    expect(taken.productImages.map((image) => image.name)).toEqual(['b.png', 'c.png', 'd.png', 'mine.png']);
    expect(taken.productImages[1]?.id).toBe(held.productImages[0]?.id);
    expect(taken).toMatchObject({ numberOfImages: 4, version: held.version + 1 });
    expect(taken.heldBack).toBeUndefined();
    expect(response.headers.get('ETag')).toBe(`"${taken.version}"`);
    expect(await product(id)).toEqual(taken);

    const [entry] = await history(id);
    expect(entry).toMatchObject({ author: 'admin', how: 'editor', version: taken.version });
    expect(entry?.changes[0]).toEqual({ field: 'images', old: ['/media/cd/c.png', '/media/ab/mine.png'], new: [img('b.png'), img('c.png'), img('d.png')], taken: true });
    const imageLines = entry?.changes.filter((change) => change.field.startsWith('image:')).map((change) => (change.old === null ? `added ${(change.new as { name: string }).name}` : 'other'));
    expect(imageLines).toEqual(['added b.png', 'added d.png']);

    // The list is the feed's base now: the same list again changes nothing, a new one is written.
    expect(await runFeed(supplier, [img('b.png'), img('c.png'), img('d.png')])).toMatchObject({ heldBack: 0, updated: 0 });
    expect((await product(id)).version).toBe(taken.version);
    expect(await runFeed(supplier, [img('c.png'), img('d.png')])).toMatchObject({ heldBack: 0, updated: 1 });
    const followed = await product(id);
    expect(shown(followed)).toEqual(['/media/cd/c.png', img('d.png'), '*/media/ab/mine.png']);
    expect(followed.heldBack).toBeUndefined();
  });

  it('makes the first image main when no image is main any more, as an import keeps one main image', async () => {
    const { id, held } = await heldProduct('Main Lamps');
    // The person's upload, the main image, is gone by the time the supplier's list is taken.
    await t.database.db.delete(productImages).where(eq(productImages.filePath, '/media/ab/mine.png'));
    const now = await product(id);
    expect(shown(now)).toEqual(['/media/cd/c.png']);
    const taken = await take(id, { images: bodyOf(held).images, base: now.productImages.map((image) => image.id) });
    expect(taken.status).toBe(200);
    expect(shown((await taken.json()) as Product)).toEqual([`*${img('b.png')}`, '/media/cd/c.png', img('d.png')]);
  });

  it('answers a send repeated after a lost answer with success and writes nothing again', async () => {
    const { id, held } = await heldProduct('Repeat Lamps');
    const keyed = { ...auth, 'Idempotency-Key': `take-${id}` };
    // Taken on a device that was offline then: the history says so.
    const first = (await (await take(id, { ...bodyOf(held), offline: true }, keyed)).json()) as Product;
    expect((await history(id))[0]).toMatchObject({ how: 'offline-sync', version: first.version });
    const replay = await take(id, { ...bodyOf(held), offline: true }, keyed);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(((await replay.json()) as Product).version).toBe(first.version);
    // Without the key the hold has ended: success, the product as it is, nothing written.
    const again = await take(id, bodyOf(held));
    expect(again.status).toBe(200);
    expect((await again.json()) as Product).toEqual(first);
    expect((await history(id)).filter((entry) => entry.changes.some((change) => change.taken))).toHaveLength(1);
  });

  it("refuses with 409 when the product's images or the supplier's list changed since the note was shown, writing nothing", async () => {
    const { supplier, id, held } = await heldProduct('Conflict Lamps');
    // Someone deletes the upload after this device showed the note.
    const upload = held.productImages.find((image) => image.filePath === '/media/ab/mine.png');
    expect((await t.app.request(`/api/v1/image/${upload?.id}`, { method: 'DELETE', headers: auth })).status).toBe(200);
    const before = await product(id);
    const stale = await take(id, bodyOf(held));
    expect(stale.status).toBe(409);
    const answer = (await stale.json()) as { message: string; product: Product };
    expect(answer.message).toBe(heldImagesMessages.imagesChangedSinceShown);
    expect(answer.product).toEqual(before);
    expect(await product(id)).toEqual(before);

    // The supplier sends another list: the one shown is no longer the supplier's.
    await runFeed(supplier, [img('c.png'), img('f.png')]);
    const now = await product(id);
    const other = await take(id, { images: bodyOf(held).images, base: now.productImages.map((image) => image.id) });
    expect(other.status).toBe(409);
    expect(((await other.json()) as { message: string }).message).toBe(heldImagesMessages.supplierImagesChanged);
    // Taken over the images as they are now, with the list the supplier now sends: written.
    const current = await take(id, bodyOf(now));
    expect(current.status).toBe(200);
    expect(shown((await current.json()) as Product)).toEqual([`*/media/cd/c.png`, img('f.png')]);
  });

  it('answers 400 with a sentence for bad ids and bodies, 404 without the product, 401 without a token', async () => {
    const { id, held } = await heldProduct('Refusal Lamps');
    const badId = await take(id, { images: bodyOf(held).images, base: ['not an id!'] });
    expect(badId.status).toBe(400);
    expect(((await badId.json()) as { message: string }).message).toBe(
      "The supplier's image list to take is not valid: base.0: is not an image id (letters, digits, \".\", \"_\", \":\" and \"-\")",
    );
    const noList = await take(id, { base: [] });
    expect(noList.status).toBe(400);
    expect(((await noList.json()) as { message: string }).message).toMatch(/^The supplier's image list to take is not valid: images: /);
    expect((await take('abc', bodyOf(held))).status).toBe(400);
    const notJson = await t.app.request(`/api/v1/product/${id}/held-back/images/take`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: '{' });
    expect(notJson.status).toBe(400);
    expect((await take(99_999_999, bodyOf(held))).status).toBe(404);
    expect((await take(id, bodyOf(held), {})).status).toBe(401);
    expect((await product(id)).heldBack).toHaveLength(1);
  });
});

describe('the version follows what GET /api/v1/product/{id} answers', () => {
  it("rises when the product's supplier gets a new name, so a conditional GET sees it", async () => {
    const supplier = await addSupplier('Rename Lamps');
    await runFeed(supplier, [img('a.png')]);
    const [row] = await t.database.db.select({ id: products.productId }).from(products).where(eq(products.supplierId, supplier.id));
    const before = await product(row?.id ?? 0);
    const rename = (supplierName: string) =>
      t.app.request(`/api/v1/suppliers/${supplier.id}`, { method: 'PUT', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ supplierName, supplierUrlFeed: supplier.url }) });
    expect((await rename('Renamed Lamps')).status).toBe(200);
    const conditional = await t.app.request(`/api/v1/product/${before.productId}`, { headers: { ...auth, 'If-None-Match': `"${before.version}"` } });
    expect(conditional.status).toBe(200);
    expect((await conditional.json()) as Product).toMatchObject({ version: before.version + 1, supplier: { supplierName: 'Renamed Lamps' } });
    // A save that keeps the name changes nothing the product answers: same version.
    expect((await rename('Renamed Lamps')).status).toBe(200);
    expect((await product(before.productId)).version).toBe(before.version + 1);
  });
});
