/**
 * The product history as people read it (docs/products.md "History"): the author's display name
 * beside the user name, and a product that stops being main because another was saved as main gets
 * its own entry, naming that product, by whoever saved it — whichever way the save came (PATCH,
 * a batch from the outbox, a whole-product PUT).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ProductChangeSet } from '../../src/shared/change-set';
import type { Page, Product, ProductHistoryEntry } from '../../src/shared/contract';
import { users } from '../../src/server/db/schema';
import { catalogueApp, MADE_AT, NOON } from './support/catalogue-app';
import { insertProduct, type CatalogueFixture } from './support/product-fixtures';
import type { TestApp } from './support/test-app';

let t: TestApp;
let dora: Record<string, string>;
let eli: Record<string, string>;
let f: CatalogueFixture;

beforeAll(async () => {
  ({ t, f, as: { dora, eli } } = await catalogueApp({ people: ['dora', 'eli'], now: NOON }));
  await t.database.db.update(users).set({ displayName: 'Dora de Vries' }).where(eq(users.username, 'dora'));
});
afterAll(async () => {
  await t.close();
});

const set = (fields: ProductChangeSet['fields'], offline = false): ProductChangeSet => ({ fields, images: { added: [], deleted: [], edited: [] }, madeAt: MADE_AT, offline });

function request(path: string, who: Record<string, string>, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  return t.app.request(`/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { ...who, ...init.headers, ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

async function history(productId: number): Promise<ProductHistoryEntry[]> {
  const response = await request(`/product/${productId}/history`, dora);
  expect(response.status).toBe(200);
  return ((await response.json()) as Page<ProductHistoryEntry>).content;
}

async function product(productId: number): Promise<Product> {
  return (await (await request(`/product/${productId}`, dora)).json()) as Product;
}

/** A family with its main product and a member about to become main. */
async function family(key: string) {
  const main = await insertProduct(t.database.db, { supplierId: f.supplierIds.shoes, familyKey: key, mainProduct: true, title: `${key} main` });
  const member = await insertProduct(t.database.db, { supplierId: f.supplierIds.shoes, familyKey: key, title: `${key} member 43` });
  return { main, member };
}

describe('the author as people know them', () => {
  it('carries the display name, or the user name when none is set', async () => {
    const id = await insertProduct(t.database.db, { supplierId: f.supplierIds.shoes, title: 'Lamp', sellingPrice: 139.5 });
    expect((await request(`/product/${id}`, dora, { method: 'PATCH', body: set({ sellingPrice: { base: 139.5, value: 150 } }) })).status).toBe(200);
    expect((await request(`/product/${id}`, eli, { method: 'PATCH', body: set({ title: { base: 'Lamp', value: 'Desk lamp' } }) })).status).toBe(200);
    const [byEli, byDora] = await history(id);
    expect(byDora).toMatchObject({ author: 'dora', authorName: 'Dora de Vries', changes: [{ field: 'sellingPrice', old: 139.5, new: 150 }] });
    expect(byEli).toMatchObject({ author: 'eli', authorName: 'eli' });
  });
});

describe('who changed theirs, in a conflict', () => {
  it('is named by display name, as the history names them', async () => {
    const id = await insertProduct(t.database.db, { supplierId: f.supplierIds.shoes, title: 'Vase' });
    expect((await request(`/product/${id}`, dora, { method: 'PATCH', body: set({ title: { base: 'Vase', value: 'Tall vase' } }) })).status).toBe(200);
    const conflict = await request(`/product/${id}`, eli, { method: 'PATCH', body: set({ title: { base: 'Vase', value: 'Round vase' } }) });
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as { conflicts: unknown[] }).conflicts).toMatchObject([{ field: 'title', theirs: 'Tall vase', changedBy: 'Dora de Vries' }]);
  });
});

describe('a product that stops being main', () => {
  it('gets its own entry when another is saved as main (PATCH), by the person who saved', async () => {
    const { main, member } = await family('HANDOVER-PATCH');
    const before = await product(main);
    const response = await request(`/product/${member}`, dora, { method: 'PATCH', body: set({ mainProduct: { base: false, value: true } }) });
    expect(response.status).toBe(200);
    const demoted = await product(main);
    expect([demoted.mainProduct, demoted.version]).toEqual([false, before.version + 1]);
    const entries = await history(main);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      author: 'dora',
      authorName: 'Dora de Vries',
      how: 'editor',
      version: demoted.version,
      changes: [{ field: 'mainProduct', old: true, new: false, becameMain: { productId: member, title: 'HANDOVER-PATCH member 43' } }],
    });
    // The new main's own entry is unchanged: its own field only.
    expect((await history(member))[0]?.changes).toEqual([{ field: 'mainProduct', old: false, new: true }]);
  });

  it('gets its own entry when the change comes through a batch from the outbox (offline sync)', async () => {
    const { main, member } = await family('HANDOVER-BATCH');
    const response = await request('/product/batch', eli, {
      method: 'POST',
      body: { items: [{ productId: member, key: 'handover-batch-1', changes: set({ mainProduct: { base: false, value: true } }, true) }] },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { items: { status: number }[] }).items.map((item) => item.status)).toEqual([200]);
    const entries = await history(main);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ author: 'eli', how: 'offline-sync', changes: [{ field: 'mainProduct', old: true, new: false, becameMain: { productId: member } }] });
  });

  it('gets its own entry when another is saved whole as main (PUT)', async () => {
    const { main, member } = await family('HANDOVER-PUT');
    const current = await product(member);
    const response = await request('/product', dora, { method: 'PUT', body: { ...current, mainProduct: true }, headers: { 'If-Match': `"${current.version}"` } });
    expect(response.status, await response.clone().text()).toBe(200);
    const entries = await history(main);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ author: 'dora', how: 'editor', changes: [{ field: 'mainProduct', old: true, new: false, becameMain: { productId: member, title: 'HANDOVER-PUT member 43' } }] });
  });

  it('adds nothing to other families, nor when the family had no other main product', async () => {
    const { main, member } = await family('HANDOVER-ALONE');
    const stranger = await insertProduct(t.database.db, { supplierId: f.supplierIds.shoes, familyKey: 'HANDOVER-OTHER', mainProduct: true, title: 'Other main' });
    expect((await request(`/product/${main}`, dora, { method: 'PATCH', body: set({ title: { base: 'HANDOVER-ALONE main', value: 'Still main' } }) })).status).toBe(200);
    expect((await history(member)).length).toBe(0);
    expect((await history(stranger)).length).toBe(0);
    expect((await product(stranger)).mainProduct).toBe(true);
  });
});
