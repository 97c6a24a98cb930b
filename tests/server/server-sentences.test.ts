/**
 * Sentences the server writes, in the person's language (docs/languages.md, "Sentences the server
 * writes"): the product PATCH, the Bol model PATCH, the batch and the jobs answer their English
 * sentence as before, and beside it its catalog id and arguments, which the app words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeSetConflict, ProductChangeSet } from '../../src/shared/change-set';
import { messages } from '../../src/shared/messages';
import type { ProductBatchResponse } from '../../src/shared/product-batch';
import { serverMessages } from '../../src/shared/server-messages';
import { DEMO_MODEL } from '../../src/server/bol/model/demo-model';
import { modelFileSchema } from '../../src/server/bol/model/model-file';
import { loadModel } from '../../src/server/bol/model/model-store';
import { cancelJob, enqueueJob, jobWithSupplier } from '../../src/server/jobs/job-store';
import { catalogueApp } from './support/catalogue-app';
import { insertProduct, type CatalogueFixture } from './support/product-fixtures';
import type { TestApp } from './support/test-app';

const NOW = Date.parse('2026-03-02T12:00:00Z');
const MADE_AT = NOW - 60_000;

let t: TestApp;
let f: CatalogueFixture;
let anna: Record<string, string>;
let bram: Record<string, string>;

beforeAll(async () => {
  let as: Record<'anna' | 'bram', Record<string, string>>;
  ({ t, f, as } = await catalogueApp({ now: NOW, people: ['anna', 'bram'] }));
  anna = { ...as.anna, 'Content-Type': 'application/json' };
  bram = { ...as.bram, 'Content-Type': 'application/json' };
  await loadModel(t.database.db, modelFileSchema.parse(DEMO_MODEL));
});
afterAll(async () => {
  await t.close();
});

type Answer = { status: number; body: Record<string, unknown> };

async function call(method: string, path: string, body: unknown, who = anna): Promise<Answer> {
  const response = await t.app.request(path, { method, headers: who, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function titleChange(base: string, value: string): ProductChangeSet {
  return { fields: { title: { base, value } }, images: { added: [], deleted: [], edited: [] }, madeAt: MADE_AT, offline: false };
}

const newLamp = () => insertProduct(t.database.db, { supplierId: f.supplierIds.shoes, title: 'Lamp', deliveryCode: '1-2d' });

describe('PATCH /product/{id}: each refusal names its sentence', () => {
  it('404: the product does not exist, with the id as the argument', async () => {
    const answer = await call('PATCH', '/api/v1/product/999999', titleChange('Lamp', 'Desk lamp'));
    expect(answer).toEqual({ status: 404, body: { message: 'Product 999999 does not exist', messageId: 'server.productMissing', messageArgs: [999999] } });
  });

  it('400: a change set the schema refuses keeps its English, the problems as the argument', async () => {
    const id = await newLamp();
    const answer = await call('PATCH', `/api/v1/product/${id}`, { fields: { title: 'not a change' }, madeAt: MADE_AT });
    expect(answer.status).toBe(400);
    expect(answer.body.messageId).toBe('server.changeSetNotValid');
    const [problems] = answer.body.messageArgs as [string];
    expect(answer.body.message).toBe(serverMessages.changeSetNotValid(problems));
    expect(answer.body.message).toMatch(/^The change set is not valid: fields\.title: /);
  });

  it('400: a device time it does not believe, and a protocol it cannot read (the sync panel’s sentence)', async () => {
    const id = await newLamp();
    const late = await call('PATCH', `/api/v1/product/${id}`, { ...titleChange('Lamp', 'Desk lamp'), madeAt: 0 });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ messageId: 'server.changeSetNotValid' });
    expect(late.body.message).toMatch(/^The change set is not valid: madeAt: must be a time within the last 30 days/);
    const unreadable = await call('PATCH', `/api/v1/product/${id}`, { ...titleChange('Lamp', 'Desk lamp'), protocol: 999 });
    expect(unreadable).toEqual({ status: 400, body: { message: messages.sync.olderAppChange, messageId: 'sync.olderAppChange', messageArgs: [] } });
  });

  it('409: a conflict names its sentence (nothing saved, or the rest saved)', async () => {
    const id = await newLamp();
    expect((await call('PATCH', `/api/v1/product/${id}`, titleChange('Lamp', 'Desk lamp'), bram)).status).toBe(200);
    const nothing = await call('PATCH', `/api/v1/product/${id}`, titleChange('Lamp', 'Floor lamp'));
    expect(nothing.status).toBe(409);
    expect(nothing.body).toMatchObject({ message: serverMessages.changeConflict, messageId: 'server.changeConflict', messageArgs: [] });
    const rest = await call('PATCH', `/api/v1/product/${id}`, { ...titleChange('Lamp', 'Floor lamp'), fields: { title: { base: 'Lamp', value: 'Floor lamp' }, color: { base: '', value: 'Red' } } });
    expect(rest.status).toBe(409);
    const conflict = rest.body as unknown as ChangeSetConflict;
    expect(conflict).toMatchObject({ message: serverMessages.changeConflictRestSaved, messageId: 'server.changeConflictRestSaved' });
    expect(conflict.product.color).toBe('Red');
  });

  it('the batch answers each refused item with its sentence, the other items saved', async () => {
    const id = await newLamp();
    const answer = await call('POST', '/api/v1/product/batch', {
      items: [
        { productId: 999998, key: 'server-sentences-missing', changes: titleChange('Lamp', 'Desk lamp') },
        { productId: id, key: 'server-sentences-late', changes: { ...titleChange('Lamp', 'Desk lamp'), madeAt: 0 } },
        { productId: id, key: 'server-sentences-good', changes: titleChange('Lamp', 'Wall lamp') },
      ],
    });
    expect(answer.status).toBe(200);
    const [missing, late, good] = (answer.body as unknown as ProductBatchResponse).items;
    expect(missing).toMatchObject({ status: 404, body: { message: 'Product 999998 does not exist', messageId: 'server.productMissing', messageArgs: [999998] } });
    expect(late).toMatchObject({ status: 400, body: { messageId: 'server.changeSetNotValid' } });
    expect(good?.status).toBe(200);
  });

  it('refuses without a token, before any sentence is written', async () => {
    const response = await t.app.request('/api/v1/product/1', { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(titleChange('Lamp', 'Desk lamp')) });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Sign-in required', messageId: 'server.signInRequired', messageArgs: [] });
  });
});

describe('PATCH /bol/model/{productId}: each refusal names its sentence', () => {
  const bolSet = (attributes: Record<string, { base: string; value: string }>, extra: Record<string, unknown> = {}) => ({ attributes, madeAt: MADE_AT, offline: false, ...extra });

  it('404 of a product that does not exist; 400 without a category; 400 of an attribute the category lacks', async () => {
    expect(await call('PATCH', '/api/v1/bol/model/999997', bolSet({}))).toEqual({
      status: 404,
      body: { message: 'Product 999997 does not exist', messageId: 'server.productMissing', messageArgs: [999997] },
    });
    const id = await newLamp();
    expect(await call('PATCH', `/api/v1/bol/model/${id}`, bolSet({ Name: { base: '', value: 'Lamp' } }))).toEqual({
      status: 400,
      body: { message: 'Choose a Bol category before saving the Bol model', messageId: 'server.chooseCategoryFirst', messageArgs: [] },
    });
    const assigned = await call('POST', '/api/v1/bol/data/model/chunk/save', { productId: id, chunkId: '10001074' });
    expect(assigned.status).toBe(200);
    const unknown = await call('PATCH', `/api/v1/bol/model/${id}`, bolSet({ NoSuchThing: { base: '', value: 'x' } }));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ messageId: 'server.categoryLacksAttributes', messageArgs: [expect.any(String), "'NoSuchThing'"] });
    const [category, attributes] = unknown.body.messageArgs as [string, string];
    expect(unknown.body.message).toBe(serverMessages.categoryLacksAttributes(category, attributes));
  });

  it('400 of a change set the schema refuses or a device time it does not believe', async () => {
    const id = await newLamp();
    const bad = await call('PATCH', `/api/v1/bol/model/${id}`, { attributes: 'none', madeAt: MADE_AT, offline: false });
    expect(bad.status).toBe(400);
    expect(bad.body.messageId).toBe('server.bolChangeSetNotValid');
    expect(bad.body.message).toBe(serverMessages.bolChangeSetNotValid((bad.body.messageArgs as [string])[0]));
    const late = await call('PATCH', `/api/v1/bol/model/${id}`, bolSet({}, { madeAt: 8.64e15 }));
    expect(late.body.message).toMatch(/^The Bol model change set is not valid: madeAt: must be a time within the last 30 days/);
    expect(late.body.messageId).toBe('server.bolChangeSetNotValid');
  });

  it('400: a model that would lack required values names them as the argument', async () => {
    const id = await newLamp();
    expect((await call('POST', '/api/v1/bol/data/model/chunk/save', { productId: id, chunkId: '10001074' })).status).toBe(200);
    const answer = await call('PATCH', `/api/v1/bol/model/${id}`, bolSet({ Colour: { base: '', value: 'Zwart' } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ messageId: 'server.modelMissing' });
    const [missing] = answer.body.messageArgs as [string];
    expect(missing).toContain('Description');
    expect(answer.body.message).toBe(`Please fill in all required fields. Missing: ${missing}.`);
  });

  it('409: a conflict on an attribute names its sentence', async () => {
    const id = await insertProduct(t.database.db, { supplierId: f.supplierIds.shoes, ean: '8710103974307', title: 'Court sneaker', productSize: '44', color: 'Black', description: '<p>A sneaker.</p>', brandId: f.brandIds.nimbus });
    expect((await call('POST', '/api/v1/bol/data/model/chunk/save', { productId: id, chunkId: '10001074' })).status).toBe(200);
    const bramsAnswer = await call('PATCH', `/api/v1/bol/model/${id}`, bolSet({ Colour: { base: 'Black', value: 'Zwart' } }), bram);
    expect(bramsAnswer.status, JSON.stringify(bramsAnswer.body)).toBe(200);
    const conflict = await call('PATCH', `/api/v1/bol/model/${id}`, bolSet({ Colour: { base: 'Black', value: 'Rood' } }));
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ message: serverMessages.bolChangeConflict, messageId: 'server.bolChangeConflict', messageArgs: [] });
  });
});

describe('jobs: their own sentences are kept with their ids', () => {
  it('a queued job cancelled by a person says who, with the name as the argument', async () => {
    const row = await enqueueJob(t.database.db, { kind: 'image-reexport', trigger: 'user', startedBy: 'anna' });
    expect(row).not.toBeNull();
    const outcome = await cancelJob(t.database.db, row?.id ?? 0, 'anna');
    expect(outcome.kind).toBe('cancelled');
    const job = outcome.kind === 'cancelled' ? await jobWithSupplier(t.database.db, outcome.row, false) : null;
    expect(job).toMatchObject({ status: 'cancelled', message: 'Cancelled by anna', messageId: 'server.jobCancelledBy', messageArgs: ['anna'] });
    const listed = await t.app.request(`/api/v1/jobs/${row?.id ?? 0}`, { headers: anna });
    expect(await listed.json()).toMatchObject({ message: 'Cancelled by anna', messageId: 'server.jobCancelledBy', messageArgs: ['anna'] });
  });
});
