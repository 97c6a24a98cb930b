/** PATCH /api/v1/bol/model/{productId}: Bol-model change sets merged three ways per attribute (docs/bol.md). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BolModelChangeConflict, BolModelChangeSet } from '../../src/shared/bol-change-set';
import type { BolModel } from '../../src/shared/bol-contract';
import type { Page, ProductHistoryEntry } from '../../src/shared/contract';
import { DEMO_MODEL } from '../../src/server/bol/model/demo-model';
import { modelFileSchema } from '../../src/server/bol/model/model-file';
import { loadModel } from '../../src/server/bol/model/model-store';
import { brands, suppliers } from '../../src/server/db/schema';
import { insertProduct } from './support/product-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let anna: Record<string, string>;
let bram: Record<string, string>;
let supplierId: number;
let brandId: number;

const MADE_AT = Date.parse('2025-06-01T11:59:00Z');

beforeAll(async () => {
  t = await createTestApp();
  anna = { Authorization: `Bearer ${await t.tokenFor('anna')}` };
  bram = { Authorization: `Bearer ${await t.tokenFor('bram')}` };
  await loadModel(t.database.db, modelFileSchema.parse(DEMO_MODEL));
  const [supplier] = await t.database.db.insert(suppliers).values({ supplierName: 'Schoenen NL' }).returning({ id: suppliers.supplierId });
  supplierId = supplier?.id ?? 0;
  const [brand] = await t.database.db.insert(brands).values({ brandName: 'Stride' }).returning({ id: brands.brandId });
  brandId = brand?.id ?? 0;
  // A minute after MADE_AT: the change sets carry a device time the server believes (docs/security.md,
  // "Times from devices"). Set after the tokens were made, which stay valid on this clock.
  t.clock.now = Date.parse('2025-06-01T12:00:00Z');
});
afterAll(async () => {
  await t.close();
});

function set(attributes: BolModelChangeSet['attributes'], extra: Partial<BolModelChangeSet> = {}): BolModelChangeSet {
  return { attributes, madeAt: MADE_AT, offline: false, ...extra };
}

function patch(productId: number, body: unknown, who = anna, key?: string) {
  return t.app.request(`/api/v1/bol/model/${productId}`, {
    method: 'PATCH',
    headers: { ...who, 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify(body),
  });
}

async function model(productId: number): Promise<BolModel> {
  const response = await t.app.request(`/api/v1/bol/data/model/product/${productId}`, { headers: anna });
  expect(response.status).toBe(200);
  return (await response.json()) as BolModel;
}
const valueOf = (m: BolModel, id: string) => m.attributeData.find((attribute) => attribute.attributeId === id)?.value;

async function history(productId: number): Promise<ProductHistoryEntry[]> {
  const response = await t.app.request(`/api/v1/product/${productId}/history`, { headers: anna });
  expect(response.status).toBe(200);
  return ((await response.json()) as Page<ProductHistoryEntry>).content;
}

/** A shoe with the Sneakers category assigned: Colour 'Black', Material 'Leather' prefilled from the product. */
async function shoe(): Promise<number> {
  const id = await insertProduct(t.database.db, { supplierId, ean: '8710103974307', title: 'Court sneaker', productSize: '44', color: 'Black', material: 'Leather', description: '<p>A sneaker.</p>', brandId });
  const assigned = await t.app.request('/api/v1/bol/data/model/chunk/save', {
    method: 'POST',
    headers: { ...anna, 'Content-Type': 'application/json' },
    body: JSON.stringify({ productId: id, chunkId: '10001074' }),
  });
  expect(assigned.status).toBe(200);
  return id;
}

describe('PATCH /bol/model/{productId}: three-way merge per attribute', () => {
  it('writes only the attributes in the set and raises the version by one', async () => {
    const id = await shoe();
    const before = await model(id);
    const response = await patch(id, set({ Colour: { base: 'Black', value: 'Zwart' } }));
    expect(response.status, await response.clone().text()).toBe(200);
    const answer = (await response.json()) as BolModel;
    expect(valueOf(answer, 'Colour')).toBe('Zwart');
    expect(answer.version).toBe((before.version ?? 0) + 1);
    expect(response.headers.get('ETag')).toBe(`"${answer.version}"`);
    const after = await model(id);
    for (const attribute of before.attributeData) {
      if (attribute.attributeId !== 'Colour') expect(valueOf(after, attribute.attributeId)).toBe(attribute.value);
    }
  });

  it('an empty set keeps a never-saved model (its prefilled values), and changes nothing of a saved one', async () => {
    const id = await shoe();
    const before = await model(id);
    const first = await patch(id, set({}));
    expect(first.status).toBe(200);
    const saved = (await first.json()) as BolModel;
    expect(saved.version).toBe((before.version ?? 0) + 1);
    expect(saved.attributeData).toEqual(before.attributeData);
    // Saved now: the product's colour no longer flows into it, and a second empty set writes nothing.
    const again = await patch(id, set({}));
    expect(((await again.json()) as BolModel).version).toBe(saved.version);
    // Only the category choice is in the history: keeping prefilled values changes no value.
    expect((await history(id)).map((entry) => entry.changes.map((change) => change.field))).toEqual([['bol:chunk']]);
  });

  it('disjoint attributes of two people both land without a conflict', async () => {
    const id = await shoe();
    expect((await patch(id, set({ Colour: { base: 'Black', value: 'Blue' } }), anna)).status).toBe(200);
    // Bram started from the same model: his base for Material is still what it was.
    expect((await patch(id, set({ Material: { base: 'Leather', value: 'Canvas' } }), bram)).status).toBe(200);
    const now = await model(id);
    expect([valueOf(now, 'Colour'), valueOf(now, 'Material')]).toEqual(['Blue', 'Canvas']);
  });

  it('the same attribute changed to the same value is no conflict', async () => {
    const id = await shoe();
    expect((await patch(id, set({ Colour: { base: 'Black', value: 'Red' } }), anna)).status).toBe(200);
    const second = await patch(id, set({ Colour: { base: 'Black', value: ' Red ' } }), bram);
    expect(second.status).toBe(200);
    expect(valueOf((await second.json()) as BolModel, 'Colour')).toBe('Red');
  });

  it('the same attribute changed differently is a conflict naming base, mine, theirs and who; the other attributes are written at once', async () => {
    const id = await shoe();
    expect((await patch(id, set({ Colour: { base: 'Black', value: 'Red' } }), anna)).status).toBe(200);
    const versionBefore = (await model(id)).version;
    const response = await patch(id, set({ Colour: { base: 'Black', value: 'Green' }, Material: { base: 'Leather', value: 'Suede' } }), bram);
    expect(response.status).toBe(409);
    const body = (await response.json()) as BolModelChangeConflict;
    expect(body.conflicts).toEqual([
      expect.objectContaining({ field: 'bol:Colour', label: 'Colour', base: 'Black', mine: 'Green', theirs: 'Red', changedBy: 'anna' }),
    ]);
    expect(Date.parse(body.conflicts[0]?.changedAt ?? '')).not.toBeNaN();
    // The non-conflicting Material is written now (version + 1, in the history); the Colour waits.
    expect(body.written).toEqual(['bol:Material']);
    expect([valueOf(body.model, 'Colour'), valueOf(body.model, 'Material'), body.model.version]).toEqual(['Red', 'Suede', (versionBefore ?? 0) + 1]);
    const now = await model(id);
    expect([valueOf(now, 'Colour'), valueOf(now, 'Material'), now.version]).toEqual(['Red', 'Suede', (versionBefore ?? 0) + 1]);
    const [entry] = await history(id);
    expect(entry).toMatchObject({ author: 'bram', changes: [{ field: 'bol:Material', old: 'Leather', new: 'Suede' }] });
  });

  it('a partly written set sent again (same key, or none) writes nothing more and answers the same conflict', async () => {
    const id = await shoe();
    expect((await patch(id, set({ Colour: { base: 'Black', value: 'Red' } }), anna)).status).toBe(200);
    const body = set({ Colour: { base: 'Black', value: 'Green' }, Material: { base: 'Leather', value: 'Suede' } });
    const first = (await (await patch(id, body, bram, 'bol-partial-1')).json()) as BolModelChangeConflict;
    const entries = (await history(id)).length;
    for (const key of ['bol-partial-1', undefined]) {
      const again = await patch(id, body, bram, key);
      expect(again.status).toBe(409);
      const answer = (await again.json()) as BolModelChangeConflict;
      expect([answer.conflicts.map((conflict) => conflict.field), answer.written, answer.model.version]).toEqual([['bol:Colour'], ['bol:Material'], first.model.version]);
    }
    expect((await history(id)).length).toBe(entries);
  });

  it('a set whose every part conflicts writes nothing and says so', async () => {
    const id = await shoe();
    expect((await patch(id, set({ Colour: { base: 'Black', value: 'Red' } }), anna)).status).toBe(200);
    const versionBefore = (await model(id)).version;
    const response = await patch(id, set({ Colour: { base: 'Black', value: 'Green' } }), bram);
    const body = (await response.json()) as BolModelChangeConflict;
    expect([response.status, body.written, body.message]).toEqual([409, [], expect.stringMatching(/nothing was saved/)]);
    expect((await model(id)).version).toBe(versionBefore);
  });

  it('keep mine (theirs as the new base) writes only that attribute over theirs', async () => {
    const id = await shoe();
    expect((await patch(id, set({ Colour: { base: 'Black', value: 'Red' }, Material: { base: 'Leather', value: 'Mesh' } }), anna)).status).toBe(200);
    const kept = await patch(id, set({ Colour: { base: 'Red', value: 'Green' } }), bram);
    expect(kept.status).toBe(200);
    const now = await model(id);
    expect([valueOf(now, 'Colour'), valueOf(now, 'Material')]).toEqual(['Green', 'Mesh']);
  });

  it('image slots merge as one value', async () => {
    const id = await shoe();
    const slots = [{ mediaId: 1, value: 'https://cdn.example.com/a.jpg' }];
    const first = await patch(id, { ...set({}), media: { base: (await model(id)).mediaData, value: slots } });
    expect(first.status).toBe(200);
    expect(((await first.json()) as BolModel).mediaData).toEqual(slots);
    const stale = await patch(id, { ...set({}), media: { base: [], value: [{ mediaId: 1, value: 'https://cdn.example.com/b.jpg' }] } }, bram);
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as BolModelChangeConflict).conflicts.map((conflict) => conflict.field)).toEqual(['bol:media']);
  });

  it('records who, how, device and server time and each attribute old/new in the product history', async () => {
    const id = await shoe();
    expect((await patch(id, set({ Colour: { base: 'Black', value: 'Grey' } }, { offline: true }), bram)).status).toBe(200);
    const [entry] = await history(id);
    expect(entry).toMatchObject({ author: 'bram', how: 'offline-sync', deviceAt: new Date(MADE_AT).toISOString(), changes: [{ field: 'bol:Colour', old: 'Black', new: 'Grey' }] });
    expect(Date.parse(entry?.serverAt ?? '')).toBeGreaterThan(MADE_AT);
  });
});

describe('PATCH /bol/model/{productId}: idempotency, auth and bad input', () => {
  it('a repeat with the same Idempotency-Key is replayed, not applied twice', async () => {
    const id = await shoe();
    const body = set({ Colour: { base: 'Black', value: 'White' } });
    const first = await patch(id, body, anna, 'bol-key-1');
    expect(first.status).toBe(200);
    const version = ((await first.json()) as BolModel).version;
    // Someone else changes it meanwhile; the repeat must not count as a new (conflicting) save.
    expect((await patch(id, set({ Colour: { base: 'White', value: 'Pink' } }), bram)).status).toBe(200);
    const again = await patch(id, body, anna, 'bol-key-1');
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(((await again.json()) as BolModel).version).toBe(version);
    expect(valueOf(await model(id), 'Colour')).toBe('Pink');
    expect((await history(id)).filter((entry) => entry.author === 'anna' && entry.changes.some((change) => change.field === 'bol:Colour'))).toHaveLength(1);
  });

  it('answers 401 without a token', async () => {
    const id = await shoe();
    const response = await t.app.request(`/api/v1/bol/model/${id}`, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(set({})) });
    expect(response.status).toBe(401);
  });

  it('refuses bad input with 400 and a message, and a missing product with 404', async () => {
    const id = await shoe();
    const cases: unknown[] = [
      { attributes: { Colour: { base: 'Black' } }, madeAt: MADE_AT, offline: false },
      { attributes: {}, madeAt: -1, offline: false },
      { attributes: {}, madeAt: MADE_AT, offline: false, chunkId: '10001075' },
      set({ Nonsense: { base: '', value: 'x' } }),
      set({ Gender: { base: '', value: 'Nobody' } }),
      set({ Colour: { base: 'Black', value: '' } }),
      { ...set({}), media: { base: [], value: [{ mediaId: 1, value: 'ftp://x/y.jpg' }] } },
    ];
    for (const body of cases) {
      const response = await patch(id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { message: string }).message.length).toBeGreaterThan(10);
    }
    expect((await patch(999_999, set({}))).status).toBe(404);
    expect((await patch(id, set({ Colour: { base: 'Black', value: 'Black' } }))).status).toBe(200);
  });

  it('refuses a model without a Bol category', async () => {
    const id = await insertProduct(t.database.db, { supplierId, ean: '8710103974314', title: 'No category' });
    const response = await patch(id, set({ Colour: { base: '', value: 'Red' } }));
    expect(response.status).toBe(400);
  });

  it('keeps the whole-model POST working with If-Match', async () => {
    const id = await shoe();
    const current = await model(id);
    const body = { ...current, attributeData: current.attributeData.map((attribute) => (attribute.attributeId === 'Colour' ? { ...attribute, value: 'Olive' } : attribute)) };
    const saved = await t.app.request('/api/v1/bol/data/model/product', {
      method: 'POST',
      headers: { ...anna, 'Content-Type': 'application/json', 'If-Match': `"${current.version}"` },
      body: JSON.stringify(body),
    });
    expect(saved.status).toBe(200);
    expect(valueOf(await model(id), 'Colour')).toBe('Olive');
  });
});

describe("an open Bol Model tab's poll (docs/product-edit.md \"Open forms stay fresh\")", () => {
  it('GET with If-None-Match answers 304 with the same ETag until a colleague saves, then 200 with the new ETag, and the history names who', async () => {
    const id = await shoe();
    const first = await t.app.request(`/api/v1/bol/data/model/product/${id}`, { headers: anna });
    const etag = first.headers.get('ETag') ?? '';
    expect(etag).toMatch(/^"\d+"$/);
    const poll = () => t.app.request(`/api/v1/bol/data/model/product/${id}`, { headers: { ...anna, 'If-None-Match': etag } });
    const unchanged = await poll();
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('ETag')).toBe(etag);

    expect((await patch(id, set({ Colour: { base: 'Black', value: 'Moss' } }), bram)).status).toBe(200);
    const changed = await poll();
    expect(changed.status).toBe(200);
    const fresh = (await changed.json()) as BolModel;
    expect(valueOf(fresh, 'Colour')).toBe('Moss');
    expect(changed.headers.get('ETag')).toBe(`"${fresh.version ?? 0}"`);
    expect(changed.headers.get('ETag')).not.toBe(etag);
    const newest = (await history(id)).find((entry) => entry.changes.some((change) => change.field === 'bol:Colour'));
    expect(newest?.author).toBe('bram');
  });
});
