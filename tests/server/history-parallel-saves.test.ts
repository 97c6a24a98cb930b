/**
 * The history of saves that run at the same time, over real HTTP (docs/products.md,
 * "`GET /product/{id}/history`"): each entry holds only what its own save changed. On PostgreSQL
 * (TEST_DATABASE_URL) a save that waits for another save of the same product used to read the row
 * that save committed with the brand names of before the wait, and recorded, in its own name, a
 * brand change it did not make. On PGlite the saves run one after the other; the rule holds there too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeSetConflict, ProductChangeSet } from '../../src/shared/change-set';
import type { Page, Product, ProductHistoryEntry } from '../../src/shared/contract';
import { catalogueApp } from './support/catalogue-app';
import { insertProduct, type CatalogueFixture } from './support/product-fixtures';
import { serveOverHttp, type ServedApp } from './support/http-server';
import type { TestApp } from './support/test-app';

let t: TestApp;
let served: ServedApp;
let origin: string;
let headers: Record<string, string>;
let f: CatalogueFixture;

beforeAll(async () => {
  let admin: Record<string, string>;
  ({ t, f, admin } = await catalogueApp());
  headers = { ...admin, 'Content-Type': 'application/json' };
  served = await serveOverHttp(t);
  origin = served.origin;
});
afterAll(async () => {
  await served.close();
  await t.close();
});

function changeSet(fields: ProductChangeSet['fields']): ProductChangeSet {
  return { fields, images: { added: [], deleted: [], edited: [] }, madeAt: t.clock.now, offline: false };
}

async function patchAnswer(productId: number, set: ProductChangeSet): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${origin}/api/v1/product/${productId}`, { method: 'PATCH', headers, body: JSON.stringify(set) });
  return { status: response.status, body: await response.json() };
}

async function patch(productId: number, set: ProductChangeSet): Promise<number> {
  return (await patchAnswer(productId, set)).status;
}

async function product(productId: number): Promise<Product> {
  return (await (await fetch(`${origin}/api/v1/product/${productId}`, { headers })).json()) as Product;
}

describe('saves of one product at the same time', () => {
  it('record only their own fields, also when another save creates a new brand meanwhile', async () => {
    const id = await insertProduct(t.database.db, { supplierId: f.supplierIds.shoes, title: 'Chair', deliveryCode: '1-2d' });
    const rounds = 20;
    for (let round = 0; round < rounds; round += 1) {
      const now = await product(id);
      // The brand save leaves first, so the title save usually waits for its lock.
      const brandSave = patch(id, changeSet({ brand: { base: now.brand, value: `Brand made in round ${round}` } }));
      const titleSave = patch(id, changeSet({ title: { base: now.title, value: `Chair, round ${round}` } }));
      expect(await Promise.all([brandSave, titleSave])).toEqual([200, 200]);
    }

    const response = await fetch(`${origin}/api/v1/product/${id}/history?size=100`, { headers });
    const entries = ((await response.json()) as Page<ProductHistoryEntry>).content;
    expect(entries).toHaveLength(2 * rounds);
    const fieldsOf = (entry: ProductHistoryEntry) => entry.changes.map((change) => change.field).sort();
    const titleEntries = entries.filter((entry) => fieldsOf(entry).includes('title'));
    const brandEntries = entries.filter((entry) => fieldsOf(entry).includes('brand'));
    expect(titleEntries.map(fieldsOf)).toEqual(Array.from({ length: rounds }, () => ['title']));
    expect(brandEntries.map(fieldsOf)).toEqual(Array.from({ length: rounds }, () => ['brand']));
    // Each brand entry names the brand before it as the save saw it: a chain from no brand to the last.
    const chain = brandEntries
      .map((entry) => entry.changes[0])
      .reverse()
      .map((change) => [change?.old, change?.new]);
    expect(chain).toEqual(Array.from({ length: rounds }, (_, round) => [round === 0 ? null : `Brand made in round ${round - 1}`, `Brand made in round ${round}`]));
  });

  it('a save that waited for another one that created a brand sees that brand: the conflict names it as theirs', async () => {
    const id = await insertProduct(t.database.db, { supplierId: f.supplierIds.shoes, title: 'Table', deliveryCode: '1-2d' });
    for (let round = 0; round < 10; round += 1) {
      const base = (await product(id)).brand;
      const answers = await Promise.all(
        ['first', 'second'].map((who) => patchAnswer(id, changeSet({ brand: { base, value: `Brand of the ${who} save, round ${round}` } }))),
      );
      const won = answers.find((answer) => answer.status === 200);
      const lost = answers.find((answer) => answer.status === 409);
      expect(won, `round ${round}: one save wins`).toBeDefined();
      expect(lost, `round ${round}: the other is a conflict`).toBeDefined();
      const [conflict] = (lost?.body as ChangeSetConflict).conflicts;
      expect(conflict).toEqual(expect.objectContaining({ field: 'brand', base, theirs: (won?.body as Product).brand }));
    }
  });
});
