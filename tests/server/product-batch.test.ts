/**
 * POST /api/v1/product/batch: several change sets in one request, each answered exactly as its
 * PATCH /api/v1/product/{id} would be (docs/offline.md "Batches").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { productHistory } from '../../src/server/db/schema';
import type { ChangeSetConflict, ProductChangeSet } from '../../src/shared/change-set';
import type { Product } from '../../src/shared/contract';
import { PRODUCT_BATCH_MAX_ITEMS, type ProductBatchItem, type ProductBatchResponse } from '../../src/shared/product-batch';
import { catalogueApp, MADE_AT, NOON } from './support/catalogue-app';
import { insertProduct, type CatalogueFixture } from './support/product-fixtures';
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


function set(fields: ProductChangeSet['fields']): ProductChangeSet {
  return { fields, images: { added: [], deleted: [], edited: [] }, madeAt: MADE_AT, offline: true };
}

function batch(body: unknown, who: Record<string, string> = ann) {
  return t.app.request('/api/v1/product/batch', {
    method: 'POST',
    headers: { ...who, 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function answers(body: { items: ProductBatchItem[] }, who = ann): Promise<ProductBatchResponse['items']> {
  const response = await batch(body, who);
  expect(response.status).toBe(200);
  return ((await response.json()) as ProductBatchResponse).items;
}

function patch(productId: number, body: unknown, key?: string, who = ann) {
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

async function historyRows(productId: number): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(productHistory).where(eq(productHistory.productId, productId));
  return row?.n ?? 0;
}

const newProduct = (title = 'Chair') => insertProduct(t.database.db, { supplierId: f.supplierIds.shoes, title, color: 'Red', stock: 1 });

describe('POST /product/batch', () => {
  it('needs a token', async () => {
    const id = await newProduct();
    const response = await batch({ items: [{ productId: id, key: 'no-token', changes: set({ title: { base: 'Chair', value: 'X' } }) }] }, {});
    expect(response.status).toBe(401);
    expect((await product(id)).title).toBe('Chair');
  });

  it('saves each item as its PATCH would: new versions, only the changed fields, in the order of the items', async () => {
    const [a, b, c] = [await newProduct('A'), await newProduct('B'), await newProduct('C')];
    const before = await Promise.all([a, b, c].map(product));
    // Given out of product order: the answers still follow the items.
    const items = [
      { productId: c, key: 'ok-c', changes: set({ title: { base: 'C', value: 'C2' } }) },
      { productId: a, key: 'ok-a', changes: set({ stock: { base: 1, value: 7 } }) },
      { productId: b, key: 'ok-b', changes: set({ color: { base: 'Red', value: 'Blue' } }) },
    ];
    const got = await answers({ items });
    expect(got.map((item) => [item.key, item.status, item.replayed])).toEqual([
      ['ok-c', 200, false],
      ['ok-a', 200, false],
      ['ok-b', 200, false],
    ]);
    expect((got[0]?.body as Product).title).toBe('C2');
    const after = await Promise.all([a, b, c].map(product));
    expect(after.map((p) => p.version)).toEqual(before.map((p) => p.version + 1));
    expect([after[0]?.stock, after[0]?.title, after[0]?.color]).toEqual([7, 'A', 'Red']);
    expect([after[1]?.color, after[1]?.title, after[1]?.stock]).toEqual(['Blue', 'B', 1]);
    expect(after[2]?.title).toBe('C2');
    expect((got[1]?.body as Product).version).toBe(after[0]?.version);
  });

  it('answers mixed outcomes per item: a conflict, a refusal naming the field, an unknown product; the others are saved', async () => {
    const [ok, conflicted, invalid, blank] = [await newProduct('Ok'), await newProduct('Theirs'), await newProduct('Invalid'), await newProduct('Blank')];
    // Someone else renames the second product after my edit started.
    expect((await patch(conflicted, set({ title: { base: 'Theirs', value: 'Their new title' } }), undefined, bea)).status).toBe(200);
    const conflictedBefore = await product(conflicted);
    const got = await answers({
      items: [
        { productId: conflicted, key: 'mixed-conflict', changes: set({ title: { base: 'Theirs', value: 'My title' } }) },
        { productId: invalid, key: 'mixed-invalid', changes: set({ sellingPrice: { base: 10, value: -5 } }) },
        { productId: 999_999, key: 'mixed-missing', changes: set({ title: { base: 'x', value: 'y' } }) },
        { productId: invalid, key: 'mixed-unknown-field', changes: { ...set({}), fields: { version: { base: 1, value: 2 } } } },
        { productId: ok, key: 'mixed-ok', changes: set({ title: { base: 'Ok', value: 'Ok saved' } }) },
        // Passes the schema, refused by the product's own checks once merged (while being written).
        { productId: blank, key: 'mixed-blank', changes: set({ title: { base: 'Blank', value: '  ' } }) },
      ],
    });
    expect(got.map((item) => item.status)).toEqual([409, 400, 404, 400, 200, 400]);
    expect((got[5]?.body as { message: string }).message).toMatch(/title/i);
    expect((await product(blank)).title).toBe('Blank');
    const conflict = got[0]?.body as ChangeSetConflict;
    expect(conflict.conflicts).toMatchObject([{ field: 'title', base: 'Theirs', mine: 'My title', theirs: 'Their new title', changedBy: 'bea' }]);
    expect(conflict.product.version).toBe(conflictedBefore.version);
    expect((got[1]?.body as { message: string }).message).toMatch(/sellingPrice/);
    expect((got[2]?.body as { message: string }).message).toBe('Product 999999 does not exist');
    expect((got[3]?.body as { message: string }).message).toMatch(/^The change set is not valid: fields: .*version/);
    // Nothing of the refused items was written; the good one was.
    expect(await product(conflicted)).toMatchObject({ title: 'Their new title', version: conflictedBefore.version });
    expect((await product(invalid)).version).toBe(1);
    expect((await product(ok)).title).toBe('Ok saved');
    // A refused or conflicting item keeps no answer: sent again after the fix, it runs.
    const retried = await answers({ items: [{ productId: invalid, key: 'mixed-invalid', changes: set({ sellingPrice: { base: 10, value: 5 } }) }] });
    expect(retried[0]?.status).toBe(200);
  });

  it('an item with a conflict has its other fields written at once (version + 1, history) and answers the conflict, in both paths', async () => {
    for (const familyField of [false, true]) {
      const id = await newProduct('Theirs');
      expect((await patch(id, set({ title: { base: 'Theirs', value: 'Their new title' } }), undefined, bea)).status).toBe(200);
      const before = await product(id);
      const rows = await historyRows(id);
      // A family field sends the batch item by item (each as its PATCH); without one it takes the quick path.
      const changes = set({ title: { base: 'Theirs', value: 'My title' }, stock: { base: 1, value: 8 }, ...(familyField ? { familyKey: { base: null, value: `FAM-${id}` } } : {}) });
      const got = await answers({ items: [{ productId: id, key: `partial-item-${id}`, changes }] });
      expect(got[0]?.status).toBe(409);
      const conflict = got[0]?.body as ChangeSetConflict;
      expect(conflict.conflicts.map((candidate) => candidate.field)).toEqual(['title']);
      expect(conflict.written).toEqual(familyField ? ['stock', 'familyKey'] : ['stock']);
      expect(conflict.product).toMatchObject({ title: 'Their new title', stock: 8, version: before.version + 1 });
      expect(await product(id)).toMatchObject({ title: 'Their new title', stock: 8, version: before.version + 1 });
      expect(await historyRows(id)).toBe(rows + 1);
      // Sent again (the answer was lost): nothing more is written.
      const again = await answers({ items: [{ productId: id, key: `partial-item-${id}`, changes }] });
      expect([again[0]?.status, (again[0]?.body as ChangeSetConflict).product.version]).toEqual([409, before.version + 1]);
      expect(await historyRows(id)).toBe(rows + 1);
    }
  });

  it('answers the same status and body as the single call for the same change', async () => {
    const [viaPatch, viaBatch] = [await newProduct('Same'), await newProduct('Same')];
    const bad = set({ title: { base: 'Same', value: '  ' } });
    const single = await patch(viaPatch, bad);
    const [item] = await answers({ items: [{ productId: viaBatch, key: 'same-bad', changes: bad }] });
    expect(item?.status).toBe(single.status);
    expect(item?.body).toEqual(await single.json());
  });

  it('an item sent again answers its stored result without saving twice, as an item or as a PATCH with the same key', async () => {
    const id = await newProduct('Once');
    const changes = set({ stock: { base: 1, value: 5 } });
    const [first] = await answers({ items: [{ productId: id, key: 'repeat-1', changes }] });
    expect(first?.status).toBe(200);
    const saved = first?.body as Product;
    const rows = await historyRows(id);
    // Someone else changes the stock meanwhile: the repeat neither conflicts nor writes again.
    expect((await patch(id, set({ stock: { base: 5, value: 9 } }), undefined, bea)).status).toBe(200);
    const other = await newProduct('Other');
    const again = await answers({
      items: [
        { productId: id, key: 'repeat-1', changes },
        { productId: other, key: 'repeat-other', changes: set({ title: { base: 'Other', value: 'Other 2' } }) },
      ],
    });
    expect(again[0]).toEqual({ key: 'repeat-1', status: 200, body: saved, replayed: true });
    expect(again[1]).toMatchObject({ status: 200, replayed: false });
    const single = await patch(id, changes, 'repeat-1');
    expect(single.status).toBe(200);
    expect(single.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await single.json()).toEqual(saved);
    expect((await product(id)).stock).toBe(9);
    expect(await historyRows(id)).toBe(rows + 1);
    // And the other way round: a PATCH first, then the same change as a batch item.
    const laterChanges = set({ color: { base: 'Red', value: 'Green' } });
    const patched = (await (await patch(other, laterChanges, 'patch-then-batch')).json()) as Product;
    const [replayed] = await answers({ items: [{ productId: other, key: 'patch-then-batch', changes: laterChanges }] });
    expect(replayed).toEqual({ key: 'patch-then-batch', status: 200, body: patched, replayed: true });
  });

  it('the same key with another change is refused for that item only (422)', async () => {
    const id = await newProduct('Key');
    await answers({ items: [{ productId: id, key: 'reused', changes: set({ stock: { base: 1, value: 2 } }) }] });
    const got = await answers({ items: [{ productId: id, key: 'reused', changes: set({ stock: { base: 1, value: 3 } }) }] });
    expect(got[0]?.status).toBe(422);
    expect((await product(id)).stock).toBe(2);
  });

  it('refuses a NUL in an item for that item, naming the field', async () => {
    const [id, ok] = [await newProduct('Nul'), await newProduct('Fine')];
    const got = await answers({
      items: [
        { productId: id, key: 'nul-1', changes: set({ title: { base: 'Nul', value: 'bad\u0000title' } }) },
        { productId: ok, key: 'nul-ok', changes: set({ title: { base: 'Fine', value: 'Fine 2' } }) },
      ],
    });
    expect(got[0]?.status).toBe(400);
    expect((got[0]?.body as { message: string }).message).toBe('fields.title.value must not contain a NUL byte');
    expect(got[1]?.status).toBe(200);
    expect((await product(id)).title).toBe('Nul');
  });

  it('refuses a malformed batch with 400 naming the item and the field, writing nothing', async () => {
    const id = await newProduct('Envelope');
    const good = { productId: id, key: 'envelope-good', changes: set({ title: { base: 'Envelope', value: 'Changed' } }) };
    const cases: [unknown, RegExp][] = [
      ['not json', /JSON/],
      [{ items: [] }, /^items: a batch holds 1 to 50 changes, got 0$/],
      [{ items: Array.from({ length: PRODUCT_BATCH_MAX_ITEMS + 1 }, (_, index) => ({ ...good, key: `k${index}` })) }, /got 51/],
      [{ items: [good, { ...good, productId: -3, key: 'neg' }] }, /^items\.1\.productId: /],
      [{ items: [good, { ...good, productId: 2 ** 40, key: 'huge' }] }, /^items\.1\.productId: /],
      [{ items: [good, { productId: id, changes: good.changes }] }, /^items\.1\.key: /],
      [{ items: [good, { ...good, key: 'bad key with spaces' }] }, /^items\.1\.key: /],
      [{ items: [good, { productId: id, key: 'no-changes' }] }, /^items\.1\.changes: /],
      [{ items: [{ ...good, extra: 1 }] }, /^items\.0\.extra: /],
    ];
    for (const [body, message] of cases) {
      const response = await batch(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    expect((await product(id)).title).toBe('Envelope');
  });

  it('refuses a body over the JSON limit with 413', async () => {
    const id = await newProduct('Big');
    const description = 'x'.repeat(200_000);
    const items = Array.from({ length: 6 }, (_, index) => ({
      productId: id,
      key: `big-${index}`,
      changes: set({ description: { base: '', value: description } }),
    }));
    const response = await batch({ items });
    expect(response.status).toBe(413);
    expect((await product(id)).version).toBe(1);
  });

  it('an item whose key another item of the batch already used is answered like a repeat', async () => {
    const [first, second] = [await newProduct('Key A'), await newProduct('Key B')];
    const changes = set({ title: { base: 'Key A', value: 'Key A2' } });
    const got = await answers({
      items: [
        { productId: first, key: 'one-key', changes },
        { productId: second, key: 'one-key', changes: set({ title: { base: 'Key B', value: 'Key B2' } }) },
      ],
    });
    expect(got.map((item) => item.status)).toEqual([200, 422]);
    expect((await product(second)).title).toBe('Key B');
  });

  it('applies two changes of one product in one batch in their order', async () => {
    const id = await newProduct('Twice');
    const got = await answers({
      items: [
        { productId: id, key: 'twice-1', changes: set({ title: { base: 'Twice', value: 'Twice 1' } }) },
        { productId: id, key: 'twice-2', changes: set({ title: { base: 'Twice 1', value: 'Twice 2' } }) },
      ],
    });
    expect(got.map((item) => item.status)).toEqual([200, 200]);
    expect(await product(id)).toMatchObject({ title: 'Twice 2', version: 3 });
  });
});
