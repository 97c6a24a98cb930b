/**
 * The write protocol's version on the wire (docs/offline.md "Protocol version"): the server reads
 * change-set bodies without a version (the builds before it existed) and of the versions it knows,
 * and refuses any other with 400 and the reason the device shows on the entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BolModel } from '../../src/shared/bol-contract';
import { isChangeSetConflict, settleConflicts, type ChangeSetConflict, type ProductChangeSet } from '../../src/shared/change-set';
import type { Product } from '../../src/shared/contract';
import { messages } from '../../src/shared/messages';
import type { ProductBatchResponse } from '../../src/shared/product-batch';
import { READABLE_WRITE_PROTOCOLS, WRITE_PROTOCOL_VERSION } from '../../src/shared/write-protocol';
import { DEMO_MODEL } from '../../src/server/bol/model/demo-model';
import { modelFileSchema } from '../../src/server/bol/model/model-file';
import { loadModel } from '../../src/server/bol/model/model-store';
import { catalogueApp, MADE_AT, NOON } from './support/catalogue-app';
import { insertProduct, type CatalogueFixture } from './support/product-fixtures';
import type { TestApp } from './support/test-app';

let t: TestApp;
let ann: Record<string, string>;
let f: CatalogueFixture;

const REFUSED = 'This change was made by an older version of the app and cannot be sent. Copy what you need and discard it.';

beforeAll(async () => {
  // A minute after MADE_AT: the change sets carry a device time the server believes.
  ({ t, f, admin: ann } = await catalogueApp({ now: NOON }));
  await loadModel(t.database.db, modelFileSchema.parse(DEMO_MODEL));
});
afterAll(async () => {
  await t.close();
});

function titleChange(from: string, to: string): ProductChangeSet {
  return { fields: { title: { base: from, value: to } }, images: { added: [], deleted: [], edited: [] }, madeAt: MADE_AT, offline: true };
}

function send(method: string, url: string, body: unknown) {
  return t.app.request(url, { method, headers: { ...ann, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

async function title(productId: number): Promise<string> {
  const response = await t.app.request(`/api/v1/product/${productId}`, { headers: ann });
  return ((await response.json()) as Product).title;
}

const chair = () => insertProduct(t.database.db, { supplierId: f.supplierIds.shoes, title: 'Chair' });

it('the refusal is the message the app shows for it', () => {
  expect(messages.sync.olderAppChange).toBe(REFUSED);
});

describe('PATCH /api/v1/product/{id}', () => {
  it('takes a change set without a version (written by the previous build) as version 1', async () => {
    const id = await chair();
    const response = await send('PATCH', `/api/v1/product/${id}`, titleChange('Chair', 'Old build chair'));
    expect(response.status).toBe(200);
    expect(await title(id)).toBe('Old build chair');
  });

  it('takes every version it can read, this build’s included', async () => {
    expect(READABLE_WRITE_PROTOCOLS).toContain(WRITE_PROTOCOL_VERSION);
    for (const protocol of READABLE_WRITE_PROTOCOLS) {
      const id = await chair();
      const response = await send('PATCH', `/api/v1/product/${id}`, { ...titleChange('Chair', `Version ${protocol}`), protocol });
      expect(response.status).toBe(200);
      expect(await title(id)).toBe(`Version ${protocol}`);
    }
  });

  it('answers a version-1 set with a conflict as before (message, conflicts, product), its other fields already written; its settled set goes through', async () => {
    const id = await chair();
    expect((await send('PATCH', `/api/v1/product/${id}`, titleChange('Chair', 'Their chair'))).status).toBe(200);
    // The previous build's body: no `protocol`; a conflicting title beside a stock change.
    const old: ProductChangeSet = { ...titleChange('Chair', 'My chair'), fields: { title: { base: 'Chair', value: 'My chair' }, stock: { base: 0, value: 6 } } };
    const response = await send('PATCH', `/api/v1/product/${id}`, old);
    expect(response.status).toBe(409);
    const answer = (await response.json()) as ChangeSetConflict;
    // What that build reads of the answer is all there: it shows the conflict and keeps its whole set.
    expect(isChangeSetConflict(answer)).toBe(true);
    expect(answer.conflicts.map((conflict) => conflict.field)).toEqual(['title']);
    expect(answer.product).toMatchObject({ title: 'Their chair', stock: 6 });
    const version = answer.product.version;
    // Its "keep mine" sends the whole set again with theirs as the title's base: the stock is
    // already as asked (no conflict, nothing written twice), the title is written.
    const kept = await send('PATCH', `/api/v1/product/${id}`, settleConflicts(old, answer.conflicts, { title: 'mine' }));
    expect(kept.status).toBe(200);
    expect((await kept.json()) as Product).toMatchObject({ title: 'My chair', stock: 6, version: version + 1 });
  });

  it.each([
    ['too old', 0],
    ['unknown', WRITE_PROTOCOL_VERSION + 1],
    ['not a number', '2'],
  ])('refuses a %s version with 400 and the reason, and saves nothing', async (_what, protocol) => {
    const id = await chair();
    const response = await send('PATCH', `/api/v1/product/${id}`, { ...titleChange('Chair', 'Never saved'), protocol });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(REFUSED);
    expect(await title(id)).toBe('Chair');
  });
});

describe('POST /api/v1/product/batch', () => {
  it('refuses only the item of a version it cannot read, with the reason; the others are saved', async () => {
    const [old, unknown, current] = [await chair(), await chair(), await chair()];
    const response = await send('POST', '/api/v1/product/batch', {
      items: [
        { productId: old, key: 'protocol-batch-old', changes: titleChange('Chair', 'Versionless') },
        { productId: unknown, key: 'protocol-batch-unknown', changes: { ...titleChange('Chair', 'Never saved'), protocol: 99 } },
        { productId: current, key: 'protocol-batch-current', changes: { ...titleChange('Chair', 'Current'), protocol: WRITE_PROTOCOL_VERSION } },
      ],
    });
    expect(response.status).toBe(200);
    const answers = ((await response.json()) as ProductBatchResponse).items;
    expect(answers.map((answer) => answer.status)).toEqual([200, 400, 200]);
    expect((answers[1]?.body as { message: string }).message).toBe(REFUSED);
    expect([await title(old), await title(unknown), await title(current)]).toEqual(['Versionless', 'Chair', 'Current']);
  });
});

describe('PATCH /api/v1/bol/model/{productId}', () => {
  async function sneaker(): Promise<number> {
    const id = await insertProduct(t.database.db, {
      supplierId: f.supplierIds.shoes,
      ean: '8710103974307',
      title: 'Court sneaker',
      productSize: '44',
      color: 'Black',
      material: 'Leather',
      description: '<p>A sneaker.</p>',
      brandId: f.brandIds.nimbus,
    });
    const assigned = await send('POST', '/api/v1/bol/data/model/chunk/save', { productId: id, chunkId: '10001074' });
    expect(assigned.status).toBe(200);
    return id;
  }
  async function colour(productId: number): Promise<string | null | undefined> {
    const response = await t.app.request(`/api/v1/bol/data/model/product/${productId}`, { headers: ann });
    return ((await response.json()) as BolModel).attributeData.find((attribute) => attribute.attributeId === 'Colour')?.value;
  }
  const colourChange = { attributes: { Colour: { base: 'Black', value: 'Red' } }, madeAt: MADE_AT, offline: false };

  it('takes a change set without a version, and one of this build’s version', async () => {
    const [old, current] = [await sneaker(), await sneaker()];
    expect((await send('PATCH', `/api/v1/bol/model/${old}`, colourChange)).status).toBe(200);
    expect((await send('PATCH', `/api/v1/bol/model/${current}`, { ...colourChange, protocol: WRITE_PROTOCOL_VERSION })).status).toBe(200);
    expect([await colour(old), await colour(current)]).toEqual(['Red', 'Red']);
  });

  it('refuses a version it cannot read with 400 and the reason, and saves nothing', async () => {
    const id = await sneaker();
    const response = await send('PATCH', `/api/v1/bol/model/${id}`, { ...colourChange, protocol: 0 });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(REFUSED);
    expect(await colour(id)).toBe('Black');
  });
});
