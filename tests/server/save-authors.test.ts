/**
 * Authors of saves (docs/security.md, "Authors"): the history names the token's user
 * and keeps the device time a whole save (PUT) says it was made at in `X-Made-At`; a time that is
 * not believable is dropped rather than recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Product, ProductHistoryEntry } from '../../src/shared/contract';
import { madeAtOf } from '../../src/server/http/author';
import { catalogueApp } from './support/catalogue-app';
import { insertProduct, type CatalogueFixture } from './support/product-fixtures';
import type { TestApp } from './support/test-app';

let t: TestApp;
let cas: Record<string, string>;
let f: CatalogueFixture;
beforeAll(async () => {
  ({ t, f, as: { cas } } = await catalogueApp({ people: ['cas'] }));
});
afterAll(async () => {
  await t.close();
});

async function putWithMadeAt(productId: number, change: Partial<Product>, madeAt: string | null) {
  const current = (await (await t.app.request(`/api/v1/product/${productId}`, { headers: cas })).json()) as Product;
  const response = await t.app.request('/api/v1/product', {
    method: 'PUT',
    headers: { ...cas, 'Content-Type': 'application/json', ...(madeAt === null ? {} : { 'X-Made-At': madeAt }) },
    body: JSON.stringify({ ...current, ...change }),
  });
  expect(response.status).toBe(200);
  const page = (await (await t.app.request(`/api/v1/product/${productId}/history`, { headers: cas })).json()) as Page<ProductHistoryEntry>;
  return page.content[0]!;
}

describe('the author and device time of a whole save', () => {
  it('records the token’s user and the X-Made-At time', async () => {
    const id = await insertProduct(t.database.db, { supplierId: f.supplierIds.shoes, title: 'Stool' });
    t.clock.now = Date.parse('2025-07-01T12:00:00Z');
    const madeAt = Date.parse('2025-06-30T08:15:00Z');
    const entry = await putWithMadeAt(id, { title: 'Stool 2' }, String(madeAt));
    expect(entry).toEqual(expect.objectContaining({ author: 'cas', deviceAt: new Date(madeAt).toISOString(), serverAt: '2025-07-01T12:00:00.000Z' }));
  });

  it('drops a missing, malformed or future device time', async () => {
    const id = await insertProduct(t.database.db, { supplierId: f.supplierIds.shoes, title: 'Bench' });
    t.clock.now = Date.parse('2025-07-01T12:00:00Z');
    expect((await putWithMadeAt(id, { title: 'Bench 2' }, null)).deviceAt).toBeNull();
    expect((await putWithMadeAt(id, { title: 'Bench 3' }, 'yesterday')).deviceAt).toBeNull();
    expect((await putWithMadeAt(id, { title: 'Bench 4' }, String(Date.parse('2025-07-02T12:00:00Z')))).deviceAt).toBeNull();
  });
});

describe('madeAtOf', () => {
  const now = Date.parse('2025-07-01T12:00:00Z');
  it('believes a past time and a clock a few minutes ahead, not an old or far-future one', () => {
    expect(madeAtOf(String(now - 86_400_000), now)?.getTime()).toBe(now - 86_400_000);
    expect(madeAtOf(String(now + 5 * 60_000), now)?.getTime()).toBe(now + 5 * 60_000);
    expect(madeAtOf(String(now + 11 * 60_000), now)).toBeNull();
    expect(madeAtOf('0', now)).toBeNull();
    expect(madeAtOf('-5', now)).toBeNull();
    expect(madeAtOf('1.5e12', now)).toBeNull();
    expect(madeAtOf(undefined, now)).toBeNull();
  });
});
