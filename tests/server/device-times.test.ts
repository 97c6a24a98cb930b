/**
 * Times from devices, over real HTTP (docs/security.md, "Times from devices"): a change set's
 * `madeAt` must be a finite time within the last 30 days and at most 10 minutes ahead of the
 * server's clock, else `400` naming the field; in a batch only that item is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductChangeSet } from '../../src/shared/change-set';
import type { Page, ProductHistoryEntry } from '../../src/shared/contract';
import type { ProductBatchResponse } from '../../src/shared/product-batch';
import { madeAtOf, madeAtProblem } from '../../src/server/http/author';
import { serveOverHttp, type ServedApp } from './support/http-server';
import { catalogueApp } from './support/catalogue-app';
import { insertProduct, type CatalogueFixture } from './support/product-fixtures';
import type { TestApp } from './support/test-app';

const NOW = Date.parse('2026-03-02T12:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestApp;
let served: ServedApp;
let headers: Record<string, string>;
let f: CatalogueFixture;

beforeAll(async () => {
  let admin: Record<string, string>;
  ({ t, f, admin } = await catalogueApp({ now: NOW }));
  headers = { ...admin, 'Content-Type': 'application/json' };
  served = await serveOverHttp(t);
});
afterAll(async () => {
  await served.close();
  await t.close();
});

function titleChange(base: string, value: string, madeAt: number): ProductChangeSet {
  return { fields: { title: { base, value } }, images: { added: [], deleted: [], edited: [] }, madeAt, offline: true };
}

async function call(method: string, path: string, body: unknown): Promise<{ status: number; body: { message?: string } & Record<string, unknown> }> {
  const response = await fetch(`${served.origin}${path}`, { method, headers, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { message?: string } & Record<string, unknown> };
}

const newChair = () => insertProduct(t.database.db, { supplierId: f.supplierIds.shoes, title: 'Chair', deliveryCode: '1-2d' });

describe('a change set whose madeAt the server does not believe', () => {
  const refused: [string, number][] = [
    ['beyond the largest date (8.64e15)', 8.64e15],
    ['the largest safe number', Number.MAX_SAFE_INTEGER],
    ['0 (1970)', 0],
    ['31 days ago', NOW - 31 * DAY],
    ['11 minutes ahead', NOW + 11 * MINUTE],
    ['next year', NOW + 365 * DAY],
  ];
  it.each(refused)('PATCH /product/{id} with madeAt %s: 400 naming madeAt, nothing written', async (_, madeAt) => {
    const id = await newChair();
    const answer = await call('PATCH', `/api/v1/product/${id}`, titleChange('Chair', 'Stool', madeAt));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^The change set is not valid: madeAt: must be a time within the last 30 days and at most 10 minutes ahead of the server's clock, got /);
    const history = (await (await fetch(`${served.origin}/api/v1/product/${id}/history`, { headers })).json()) as Page<ProductHistoryEntry>;
    expect(history.totalElements).toBe(0);
  });

  it('PATCH /bol/model/{id} refuses it the same way', async () => {
    const answer = await call('PATCH', '/api/v1/bol/model/1', { attributes: {}, madeAt: 8.64e15, offline: false });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^The Bol model change set is not valid: madeAt: must be a time within the last 30 days/);
  });

  it('a batch refuses only that item with its reason and saves the others', async () => {
    const [good, bad, alsoGood] = [await newChair(), await newChair(), await newChair()];
    const answer = await call('POST', '/api/v1/product/batch', {
      items: [
        { productId: good, key: 'device-times-good', changes: titleChange('Chair', 'Stool', NOW - MINUTE) },
        { productId: bad, key: 'device-times-bad', changes: titleChange('Chair', 'Bench', 8.64e15) },
        { productId: alsoGood, key: 'device-times-also-good', changes: titleChange('Chair', 'Sofa', NOW - 29 * DAY) },
      ],
    });
    expect(answer.status).toBe(200);
    const items = (answer.body as unknown as ProductBatchResponse).items;
    expect(items.map((item) => item.status)).toEqual([200, 400, 200]);
    expect((items[1]?.body as { message: string }).message).toMatch(/madeAt: must be a time within the last 30 days/);
  });
});

describe('a change set whose madeAt the server believes', () => {
  it.each([
    ['a minute ago', NOW - MINUTE],
    ['29 days ago', NOW - 29 * DAY],
    ['9 minutes ahead (a device clock a little fast)', NOW + 9 * MINUTE],
  ])('%s: saved, and the history keeps it as the device time', async (_, madeAt) => {
    const id = await newChair();
    const answer = await call('PATCH', `/api/v1/product/${id}`, titleChange('Chair', 'Stool', madeAt));
    expect(answer.status).toBe(200);
    const history = (await (await fetch(`${served.origin}/api/v1/product/${id}/history`, { headers })).json()) as Page<ProductHistoryEntry>;
    expect(history.content[0]?.deviceAt).toBe(new Date(madeAt).toISOString());
  });
});

describe('the rule itself', () => {
  it('takes the window at the server clock, and the X-Made-At header follows it as unknown instead of a refusal', () => {
    expect(madeAtProblem(NOW - 30 * DAY, NOW)).toBeNull();
    expect(madeAtProblem(NOW - 30 * DAY - 1, NOW)).not.toBeNull();
    expect(madeAtProblem(NOW + 10 * MINUTE, NOW)).toBeNull();
    expect(madeAtProblem(NOW + 10 * MINUTE + 1, NOW)).not.toBeNull();
    expect(madeAtProblem(Number.NaN, NOW)).toMatch(/got NaN$/);
    expect(madeAtProblem(Number.POSITIVE_INFINITY, NOW)).toMatch(/got Infinity$/);
    expect(madeAtOf(String(NOW - 31 * DAY), NOW)).toBeNull();
    expect(madeAtOf(String(NOW - 29 * DAY), NOW)?.getTime()).toBe(NOW - 29 * DAY);
  });
});
