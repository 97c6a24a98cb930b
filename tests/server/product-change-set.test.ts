/** PATCH /api/v1/product/{id}: change sets merged three ways; history; idempotency (docs/products.md). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count as count_, eq, sql } from 'drizzle-orm';
import { productHistory } from '../../src/server/db/schema';
import type { ChangeSetConflict, ProductChangeSet } from '../../src/shared/change-set';
import type { Page, Product, ProductHistoryEntry } from '../../src/shared/contract';
import { catalogueApp, MADE_AT, NOON } from './support/catalogue-app';
import { insertImages, insertMediaFile, insertProduct, type CatalogueFixture } from './support/product-fixtures';
import type { TestApp } from './support/test-app';

let t: TestApp;
let ann: Record<string, string>;
let bea: Record<string, string>;
let f: CatalogueFixture;

beforeAll(async () => {
  // A minute after MADE_AT: the change sets carry a device time the server believes.
  ({ t, f, admin: ann, as: { bea } } = await catalogueApp({ people: ['bea'], now: NOON }));
});
afterAll(async () => {
  await t.close();
});


function set(fields: ProductChangeSet['fields'], images: Partial<ProductChangeSet['images']> = {}, offline = false): ProductChangeSet {
  return { fields, images: { added: [], deleted: [], edited: [], ...images }, madeAt: MADE_AT, offline };
}

function patch(productId: number, body: unknown, who = ann, key?: string) {
  return t.app.request(`/api/v1/product/${productId}`, {
    method: 'PATCH',
    headers: { ...who, 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify(body),
  });
}

async function product(productId: number): Promise<Product> {
  const response = await t.app.request(`/api/v1/product/${productId}`, { headers: ann });
  return (await response.json()) as Product;
}

async function history(productId: number, query = ''): Promise<Page<ProductHistoryEntry>> {
  const response = await t.app.request(`/api/v1/product/${productId}/history${query}`, { headers: ann });
  expect(response.status).toBe(200);
  return (await response.json()) as Page<ProductHistoryEntry>;
}

const newProduct = () => insertProduct(t.database.db, { supplierId: f.supplierIds.shoes, title: 'Chair', deliveryCode: '1-2d', color: 'Red' });

describe('PATCH /product/{id}: three-way merge', () => {
  it('disjoint fields of two people both land, and neither is a conflict', async () => {
    const id = await newProduct();
    expect((await patch(id, set({ title: { base: 'Chair', value: 'Chair XL' } }), ann)).status).toBe(200);
    const second = await patch(id, set({ deliveryCode: { base: '1-2d', value: '2-3d' } }), bea);
    expect(second.status).toBe(200);
    const now = await product(id);
    expect([now.title, now.deliveryCode, now.color]).toEqual(['Chair XL', '2-3d', 'Red']);
  });

  it('the same field changed to the same value is fine', async () => {
    const id = await newProduct();
    await patch(id, set({ title: { base: 'Chair', value: 'Stool' } }), ann);
    const response = await patch(id, set({ title: { base: 'Chair', value: 'Stool' } }), bea);
    expect(response.status).toBe(200);
    expect((await product(id)).title).toBe('Stool');
  });

  it('the same field changed to another value is a conflict naming base, mine, theirs and who; the other fields are written at once', async () => {
    const id = await newProduct();
    t.clock.now = NOON;
    await patch(id, set({ title: { base: 'Chair', value: 'Ann chair' } }), ann);
    const before = await product(id);
    t.clock.now = Date.parse('2025-06-01T12:05:00Z');
    const response = await patch(id, set({ title: { base: 'Chair', value: 'Bea chair' }, color: { base: 'Red', value: 'Blue' } }), bea);
    expect(response.status).toBe(409);
    const body = (await response.json()) as ChangeSetConflict;
    expect(body.conflicts).toEqual([
      { field: 'title', label: 'Title', base: 'Chair', mine: 'Bea chair', theirs: 'Ann chair', changedBy: 'admin', changedAt: '2025-06-01T12:00:00.000Z' },
    ]);
    // The colour had no conflict: it is written now (version + 1, in the history); the title waits.
    expect(body.written).toEqual(['color']);
    expect(body.message).toMatch(/other changes were saved/);
    expect([body.product.title, body.product.color, body.product.version]).toEqual(['Ann chair', 'Blue', before.version + 1]);
    const after = await product(id);
    expect([after.title, after.color, after.version]).toEqual(['Ann chair', 'Blue', before.version + 1]);
    const newest = (await history(id)).content[0];
    expect(newest).toEqual(expect.objectContaining({ author: 'bea', version: before.version + 1, changes: [{ field: 'color', old: 'Red', new: 'Blue' }] }));
    t.clock.now = NOON;
  });

  it('a set whose every field conflicts writes nothing and says so', async () => {
    const id = await newProduct();
    await patch(id, set({ title: { base: 'Chair', value: 'Ann chair' } }), ann);
    const before = await product(id);
    const response = await patch(id, set({ title: { base: 'Chair', value: 'Bea chair' } }), bea);
    expect(response.status).toBe(409);
    const body = (await response.json()) as ChangeSetConflict;
    expect([body.written, body.message]).toEqual([[], expect.stringMatching(/nothing was saved/)]);
    expect((await product(id)).version).toBe(before.version);
  });

  it('the same partly written set sent again (same key, or none) writes nothing more and answers the same conflict', async () => {
    const id = await newProduct();
    await patch(id, set({ title: { base: 'Chair', value: 'Ann chair' } }), ann);
    const body = set({ title: { base: 'Chair', value: 'Bea chair' }, color: { base: 'Red', value: 'Blue' }, stock: { base: 0, value: 4 } });
    const first = (await (await patch(id, body, bea, 'key-partial-1')).json()) as ChangeSetConflict;
    const entries = (await history(id)).totalElements;
    for (const key of ['key-partial-1', undefined]) {
      const again = await patch(id, body, bea, key);
      expect(again.status).toBe(409);
      const answer = (await again.json()) as ChangeSetConflict;
      expect(answer.conflicts.map((conflict) => conflict.field)).toEqual(['title']);
      expect([...(answer.written ?? [])].sort()).toEqual(['color', 'stock']);
      expect(answer.product.version).toBe(first.product.version);
    }
    expect((await history(id)).totalElements).toBe(entries);
    const now = await product(id);
    expect([now.title, now.color, now.stock, now.version]).toEqual(['Ann chair', 'Blue', 4, first.product.version]);
  });

  it('an image added beside a conflicting field is added at once and named written', async () => {
    const id = await newProduct();
    await patch(id, set({ title: { base: 'Chair', value: 'Ann chair' } }), ann);
    const path = await insertMediaFile(t.database.db, `partial-${id}`);
    const image = { id: '7b0c5c62-0c59-4b7e-9d43-2f4f1d8a9e01', filePath: path, name: 'front', altImage: '', isMainImage: false };
    const response = await patch(id, set({ title: { base: 'Chair', value: 'Bea chair' } }, { added: [image] }), bea);
    expect(response.status).toBe(409);
    const body = (await response.json()) as ChangeSetConflict;
    expect(body.written).toEqual(['images.added']);
    expect(body.product.productImages.map((candidate) => candidate.id)).toEqual([image.id]);
  });

  it("'keep mine' (theirs as the new base) writes only that field", async () => {
    const id = await newProduct();
    await patch(id, set({ title: { base: 'Chair', value: 'Ann chair' } }), ann);
    await patch(id, set({ deliveryCode: { base: '1-2d', value: '3-5d' } }), ann);
    const response = await patch(id, set({ title: { base: 'Ann chair', value: 'Bea chair' } }), bea);
    expect(response.status).toBe(200);
    const now = await product(id);
    expect([now.title, now.deliveryCode]).toEqual(['Bea chair', '3-5d']);
  });

  it('fields not in the set are never written, and a set equal to what is there changes nothing', async () => {
    const id = await newProduct();
    const before = await product(id);
    const response = await patch(id, set({ color: { base: 'Green', value: 'Red' } }));
    expect(response.status).toBe(200);
    expect((await product(id)).version).toBe(before.version);
  });

  it('refuses a set that would make the product invalid, and an unknown field', async () => {
    const id = await newProduct();
    expect((await patch(id, set({ title: { base: 'Chair', value: '  ' } }))).status).toBe(400);
    const unknown = await patch(id, { ...set({}), fields: { version: { base: 1, value: 2 } } });
    expect(unknown.status).toBe(400);
    expect((await patch(999_999, set({})))).toHaveProperty('status', 404);
  });
});

describe('PATCH /product/{id}: images', () => {
  it('two people adding an image each both keep theirs', async () => {
    const id = await newProduct();
    const [a, b] = [await insertMediaFile(t.database.db, `a-${id}`), await insertMediaFile(t.database.db, `b-${id}`)];
    const image = (uuid: string, filePath: string) => ({ id: uuid, filePath, name: '', altImage: '', isMainImage: false });
    const ida = crypto.randomUUID();
    const idb = crypto.randomUUID();
    expect((await patch(id, set({}, { added: [image(ida, a)] }), ann)).status).toBe(200);
    expect((await patch(id, set({}, { added: [image(idb, b)] }), bea)).status).toBe(200);
    const now = await product(id);
    expect(now.productImages.map((img) => img.id)).toEqual([ida, idb]);
    expect(now.numberOfImages).toBe(2);
  });

  it('deleting an image someone else deleted is fine; editing it is dropped (the delete wins)', async () => {
    const id = await newProduct();
    const file = await insertMediaFile(t.database.db, `d-${id}`);
    const [one, two] = [crypto.randomUUID(), crypto.randomUUID()];
    await insertImages(t.database.db, id, [
      { id: one, filePath: file, position: 1 },
      { id: two, filePath: file, position: 2 },
    ]);
    expect((await patch(id, set({}, { deleted: [one] }), ann)).status).toBe(200);
    expect((await patch(id, set({}, { deleted: [one] }), bea)).status).toBe(200);
    const edit = await patch(id, set({ title: { base: 'Chair', value: 'Lamp' } }, { edited: [{ id: one, altImage: { base: '', value: 'front' } }] }), bea);
    expect(edit.status).toBe(200);
    const now = await product(id);
    expect(now.productImages.map((img) => img.id)).toEqual([two]);
    expect(now.title).toBe('Lamp');
  });

  it('alt texts merge like fields: another value is a conflict, a disjoint image is not', async () => {
    const id = await newProduct();
    const file = await insertMediaFile(t.database.db, `e-${id}`);
    const [one, two] = [crypto.randomUUID(), crypto.randomUUID()];
    await insertImages(t.database.db, id, [
      { id: one, filePath: file, position: 1 },
      { id: two, filePath: file, position: 2 },
    ]);
    expect((await patch(id, set({}, { edited: [{ id: one, altImage: { base: '', value: 'front' } }] }), ann)).status).toBe(200);
    expect((await patch(id, set({}, { edited: [{ id: two, altImage: { base: '', value: 'side' } }] }), bea)).status).toBe(200);
    const clash = await patch(id, set({}, { edited: [{ id: one, altImage: { base: '', value: 'back' } }] }), bea);
    expect(clash.status).toBe(409);
    const body = (await clash.json()) as ChangeSetConflict;
    expect(body.conflicts.map((conflict) => [conflict.field, conflict.theirs, conflict.mine])).toEqual([[`image:${one}:altImage`, 'front', 'back']]);
  });

  it('an order change merges over images someone else added', async () => {
    const id = await newProduct();
    const file = await insertMediaFile(t.database.db, `o-${id}`);
    const [one, two, three] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await insertImages(t.database.db, id, [
      { id: one, filePath: file, position: 1 },
      { id: two, filePath: file, position: 2 },
    ]);
    await patch(id, set({}, { added: [{ id: three, filePath: file, name: '', altImage: '', isMainImage: false }] }), ann);
    expect((await patch(id, set({}, { order: { base: [one, two], value: [two, one] } }), bea)).status).toBe(200);
    expect((await product(id)).productImages.map((img) => img.id)).toEqual([two, one, three]);
  });
});

describe('PATCH /product/{id}: idempotency', () => {
  it('a repeat with the same key answers the first answer and writes once', async () => {
    const id = await newProduct();
    const body = set({ stock: { base: 0, value: 5 } });
    const first = await patch(id, body, ann, 'key-stock-1');
    const version = ((await first.json()) as Product).version;
    // Someone else changes the stock meanwhile; the repeat must not conflict nor write again.
    await patch(id, set({ stock: { base: 5, value: 9 } }), bea);
    const again = await patch(id, body, ann, 'key-stock-1');
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(((await again.json()) as Product).version).toBe(version);
    expect((await product(id)).stock).toBe(9);
    expect((await history(id)).content.filter((entry) => entry.changes.some((change) => change.field === 'stock'))).toHaveLength(2);
  });

  it('the same key with another set is refused', async () => {
    const id = await newProduct();
    await patch(id, set({ stock: { base: 0, value: 1 } }), ann, 'key-stock-2');
    expect((await patch(id, set({ stock: { base: 0, value: 2 } }), ann, 'key-stock-2')).status).toBe(422);
  });
});

describe('GET /product/{id}/history', () => {
  it('lists who changed what, how and when, newest first, paged', async () => {
    const id = await newProduct();
    t.clock.now = Date.parse('2025-06-02T09:00:00Z');
    await patch(id, set({ title: { base: 'Chair', value: 'Chair 2' } }), ann);
    t.clock.now = Date.parse('2025-06-02T10:00:00Z');
    await patch(id, set({ color: { base: 'Red', value: 'Blue' } }, {}, true), bea);
    const page = await history(id, '?page=0&size=1');
    expect(page.totalElements).toBe(2);
    expect(page.totalPages).toBe(2);
    expect(page.content).toEqual([
      expect.objectContaining({
        author: 'bea',
        how: 'offline-sync',
        deviceAt: new Date(MADE_AT).toISOString(),
        serverAt: '2025-06-02T10:00:00.000Z',
        changes: [{ field: 'color', old: 'Red', new: 'Blue' }],
      }),
    ]);
    const older = await history(id, '?page=1&size=1');
    expect(older.content[0]).toEqual(expect.objectContaining({ author: 'admin', how: 'editor', changes: [{ field: 'title', old: 'Chair', new: 'Chair 2' }] }));
  });

  it('records whole-product saves (PUT) too, and refuses bad paging', async () => {
    const id = await newProduct();
    const current = await product(id);
    const response = await t.app.request('/api/v1/product', {
      method: 'PUT',
      headers: { ...ann, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...current, material: 'Oak' }),
    });
    expect(response.status).toBe(200);
    expect((await history(id)).content[0]?.changes).toEqual([{ field: 'material', old: '', new: 'Oak' }]);
    expect((await t.app.request(`/api/v1/product/${id}/history?size=0`, { headers: ann })).status).toBe(400);
  });
});

describe('product history without a foreign key (migration 0010)', () => {
  it("a deleted product's history goes with it; other products keep theirs", async () => {
    const [gone, kept] = [await newProduct(), await newProduct()];
    for (const id of [gone, kept]) expect((await patch(id, set({ title: { base: 'Chair', value: `Chair ${id}` } }))).status).toBe(200);
    const count = async (id: number) => (await t.database.db.select({ n: count_() }).from(productHistory).where(eq(productHistory.productId, id)))[0]?.n;
    expect([await count(gone), await count(kept)]).toEqual([1, 1]);
    await t.database.db.execute(sql`delete from products where product_id = ${gone}`);
    expect([await count(gone), await count(kept)]).toEqual([0, 1]);
  });
});

describe("an open form's poll (docs/product-edit.md \"Open forms stay fresh\")", () => {
  const poll = (productId: number, etag: string) => t.app.request(`/api/v1/product/${productId}`, { headers: { ...ann, 'If-None-Match': etag } });

  it('GET with If-None-Match answers 304 with the same ETag until a colleague saves, then 200 with the new ETag and the change', async () => {
    const id = await newProduct();
    const first = await t.app.request(`/api/v1/product/${id}`, { headers: ann });
    const etag = first.headers.get('ETag') ?? '';
    expect(etag).toMatch(/^"\d+"$/);
    // The browser must ask each time: nothing answers an open form's poll from a cache.
    expect(first.headers.get('Cache-Control')).toContain('no-cache');

    const unchanged = await poll(id, etag);
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('ETag')).toBe(etag);
    expect(await unchanged.text()).toBe('');

    expect((await patch(id, set({ title: { base: 'Chair', value: 'Chair by Bea' } }), bea)).status).toBe(200);
    const changed = await poll(id, etag);
    expect(changed.status).toBe(200);
    const fresh = (await changed.json()) as Product;
    expect(fresh.title).toBe('Chair by Bea');
    expect(changed.headers.get('ETag')).toBe(`"${fresh.version}"`);
    expect(changed.headers.get('ETag')).not.toBe(etag);
    // Who changed it since the form's version: the note names them.
    const entries = (await history(id)).content.filter((entry) => entry.version > Number(etag.replaceAll('"', '')));
    expect(entries.map((entry) => entry.author)).toEqual(['bea']);

    expect((await poll(id, `"${fresh.version}"`)).status).toBe(304);
  });
});
