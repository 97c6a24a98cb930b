/**
 * The marketplace flow end to end against the simulator: create content for ten products, read
 * their upload reports, update from bol, import offers, export the content report.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BolJobReport, BolMarketplaceState, BolModel } from '../../src/shared/bol-contract';
import type { Page, ProductHistoryEntry } from '../../src/shared/contract';
import { gtinCheckDigit } from '../../src/shared/rules/ean';
import { DEMO_MODEL } from '../../src/server/bol/model/demo-model';
import { modelFileSchema } from '../../src/server/bol/model/model-file';
import { loadModel } from '../../src/server/bol/model/model-store';
import type { SimulatorOffer } from '../../src/server/bol/simulator/bol-simulator';
import { brands, suppliers } from '../../src/server/db/schema';
import { insertImages, insertMediaFile, insertProduct } from './support/product-fixtures';
import { createBolKit, type BolKit } from './support/bol-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let kit: BolKit;
let auth: Record<string, string>;
const ready: number[] = [];
let noChunk: number;
let unknownSize: number;
let heavy: number;

const ean = (serial: number) => {
  const body = `87150000${String(serial).padStart(4, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
};

const offer = (serial: number, price: number): SimulatorOffer => ({
  offerId: `00000000-0000-4000-a000-${String(serial).padStart(12, '0')}`,
  ean: ean(serial),
  price,
  stock: serial,
  deliveryCode: '1-2d',
  fulfilmentType: 'FBR',
  onHoldByRetailer: false,
  mutationDateTime: '2025-05-30 10:00:00.000 UTC',
  referenceCode: '',
});

beforeAll(async () => {
  // Offers for five of our EANs and one EAN we do not have.
  kit = createBolKit({ offers: [1, 2, 3, 4, 5, 99].map((serial) => offer(serial, 20 + serial)) });
  t = await createTestApp({ deps: { bol: kit.deps, selfOrigin: 'http://backoffice.test' } });
  auth = { Authorization: `Bearer ${await t.token()}` };
  const db = t.database.db;
  await loadModel(db, modelFileSchema.parse(DEMO_MODEL));
  const [supplier] = await db.insert(suppliers).values({ supplierName: 'Stride Shoes US', usShoeSizes: true }).returning({ id: suppliers.supplierId });
  const [brand] = await db.insert(brands).values({ brandName: 'Stride' }).returning({ id: brands.brandId });
  const image = await insertMediaFile(db, 'marketplace-shoe');
  for (let serial = 1; serial <= 13; serial += 1) {
    const id = await insertProduct(db, {
      supplierId: supplier?.id ?? 0,
      ean: ean(serial),
      title: `Stride Court sneaker ${serial} Black US ${6 + (serial % 7)}`,
      description: '<p>Leather sneaker.</p>',
      productSize: serial === 12 ? '15' : String(6 + (serial % 7)),
      color: 'Black',
      brandId: brand?.id,
    });
    await insertImages(db, id, [{ id: `image-${serial}`, filePath: image, position: 1, isMainImage: true }]);
    if (serial <= 10) ready.push(id);
    if (serial === 11) noChunk = id;
    if (serial === 12) unknownSize = id;
    if (serial === 13) heavy = id;
  }
  for (const id of [...ready, unknownSize, heavy]) await post('/bol/data/model/chunk/save', { productId: id, chunkId: '10001074' });
  // A free-text value bol refuses in its upload report: Weight must be a number.
  const heavyModel = (await (await get(`/bol/data/model/product/${heavy}`)).json()) as BolModel;
  const saved = await post('/bol/data/model/product', {
    ...heavyModel,
    attributeData: heavyModel.attributeData.map((attribute) => (attribute.attributeId === 'Weight' ? { ...attribute, value: 'heavy' } : attribute)),
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

function get(path: string) {
  return t.app.request(`/api/v1${path}`, { headers: auth });
}
function post(path: string, body?: unknown) {
  return t.app.request(`/api/v1${path}`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
}
async function report(response: Response): Promise<BolJobReport> {
  return (await response.json()) as BolJobReport;
}
async function state(productId: number): Promise<BolMarketplaceState> {
  return (await (await get(`/bol/state/${productId}`)).json()) as BolMarketplaceState;
}

describe('create content on bol', () => {
  it('sends ten products, follows each to its upload report, and refuses the ones that are not ready with a reason', async () => {
    const response = await post('/bol/retailer/create/content/', [...ready, noChunk, unknownSize]);
    expect(response.status).toBe(200);
    const job = await report(response);
    expect(job).toMatchObject({ kind: 'content-creation', status: 'partial', total: 12, failed: 2 });
    expect(job.counts).toMatchObject({ sent: 10, accepted: 10 });
    const byProduct = new Map(job.items.map((item) => [item.productId, item]));
    expect(byProduct.get(noChunk)?.message).toBe('Choose a Bol category for this product first');
    expect(byProduct.get(unknownSize)?.message).toBe('Please fill in all required fields. Missing: Schoenmaat.');
    for (const id of ready) {
      expect(byProduct.get(id)).toMatchObject({ status: 'success', uploadId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      expect(byProduct.get(id)?.uploadReport?.status).toBe('IN_PROGRESS');
    }
    const first = await state(ready[0] ?? 0);
    expect(first).toMatchObject({ contentStatus: 'SUCCESS', chunkName: 'Sneakers', uploadId: byProduct.get(ready[0])?.uploadId });
  });

  it("sends bol the model's attributes with units, the EU shoe size and the images as absolute URLs", async () => {
    const sent = kit.simulator.uploadFor(ean(1));
    const attribute = (id: string) => sent?.attributes.find((entry) => entry.id === id)?.values[0];
    expect(sent?.language).toBe('nl');
    expect(attribute('Schoenmaat')?.value).toBe('41 1/3'); // US 7
    expect(attribute('Name')?.value).toBe('Stride Court sneaker 1 Black US 7');
    expect(sent?.assets?.[0]).toEqual({ url: expect.stringMatching(/^http:\/\/backoffice\.test\/media\//), labels: ['FRONT'] });
  });

  it('records a FAILURE with bol’s message', async () => {
    kit.simulator.failNextProcesses('Product content could not be processed.');
    const job = await report(await post('/bol/retailer/create/content', { productIds: [heavy] }));
    expect(job.status).toBe('partial');
    expect(job.items[0]).toMatchObject({ status: 'failed', message: 'Product content could not be processed.' });
    expect(await state(heavy)).toMatchObject({ contentStatus: 'FAILURE', contentMessage: 'Product content could not be processed.' });
    // Sent again, it goes through.
    expect((await report(await post('/bol/retailer/create/content', { productIds: [heavy] }))).status).toBe('success');
  });

  it('refuses a second run while one runs', async () => {
    kit.simulator.inject({ method: 'POST', path: '/retailer/content/products', delayMs: 400 });
    const first = post('/bol/retailer/create/content', { productIds: [ready[0]] });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await post('/bol/retailer/create/content', { productIds: [ready[1]] });
    expect(second.status).toBe(409);
    expect(((await second.json()) as { message: string }).message).toMatch(/^A content upload to bol is already running \(started .+\); try again when it has finished$/);
    expect((await first).status).toBe(200);
  });

  it('refuses an empty or malformed list of products', async () => {
    expect((await post('/bol/retailer/create/content', { productIds: [] })).status).toBe(400);
    expect((await post('/bol/retailer/create/content', ['a'])).status).toBe(400);
  });
});

describe('upload reports', () => {
  it('reads the reports again: completed, with the declined attribute named', async () => {
    const response = await post('/bol/report/upload', { productIds: [...ready, heavy, noChunk] });
    expect(response.status).toBe(200);
    const job = await report(response);
    const byProduct = new Map(job.items.map((item) => [item.productId, item]));
    for (const id of ready) expect(byProduct.get(id)?.uploadReport?.status).toBe('COMPLETED');
    expect(byProduct.get(noChunk)).toMatchObject({ status: 'skipped', message: 'No content was sent to bol for this product yet' });
    const declined = byProduct.get(heavy)?.uploadReport?.attributes.find((attribute) => attribute.status === 'DECLINED');
    expect(declined).toMatchObject({ id: 'Weight', subStatus: 'VALIDATION_FAILED_INVALID_NUMBER' });
    expect(byProduct.get(heavy)?.message).toBe('Upload report COMPLETED, 1 declined');
  });

  it('takes any suffix after upload', async () => {
    expect((await post('/bol/report/uploadForSelection', [ready[0]])).status).toBe(200);
    expect((await post('/bol/report/other', [ready[0]])).status).toBe(404);
  });
});

describe('update from bol and offers', () => {
  it("reads bol's catalog entry of every product bol has heard of", async () => {
    const job = await report(await post('/bol/retailer/import'));
    expect(job.status).toBe('success');
    expect(job.counts).toMatchObject({ published: 10, notPublished: 1 });
    expect((await state(ready[0] ?? 0)).catalog).toMatchObject({ published: true, chunkId: '10001074' });
    expect((await state(heavy)).catalog).toMatchObject({ published: false });
  });

  it('imports the offers by EAN and drops those bol no longer lists', async () => {
    const job = await report(await get('/process/report/bol/offer/import'));
    expect(job).toMatchObject({ kind: 'offer-import', status: 'success', total: 6 });
    expect(job.counts).toMatchObject({ productsMatched: 5, unmatchedOffers: 1 });
    expect(job.items[0]?.message).toBe(`Offer 00000000-0000-4000-a000-000000000099: no product with EAN ${ean(99)}`);
    expect((await state(ready[1] ?? 0)).offer).toMatchObject({ offerId: '00000000-0000-4000-a000-000000000002', price: 22, stock: 2, deliveryCode: '1-2d' });

    kit.simulator.offers = kit.simulator.offers.filter((entry) => entry.ean !== ean(2));
    kit.clock.now += 3_600_000; // bol allows few offer exports an hour
    const again = await report(await get('/process/report/bol/offer/import'));
    expect(again.counts).toMatchObject({ productsMatched: 4, offersRemoved: 1 });
    expect((await state(ready[1] ?? 0)).offer).toBeNull();
  });
});

describe("the product history records what bol changed ('bol update')", () => {
  async function history(productId: number): Promise<ProductHistoryEntry[]> {
    return ((await (await get(`/product/${productId}/history?size=100`)).json()) as Page<ProductHistoryEntry>).content;
  }
  const changesOf = (entries: ProductHistoryEntry[], field: string) =>
    entries.filter((entry) => entry.how === 'bol-update').flatMap((entry) => entry.changes.filter((change) => change.field === field).map((change) => ({ ...change, author: entry.author })));

  it('the content status after creation, the offer imported and removed, and publication on bol', async () => {
    const entries = await history(ready[1] ?? 0);
    // One Create on bol, one line: the settled upload replaced its pending line (docs/product-edit.md "History").
    expect(changesOf(entries, 'bol:contentStatus')).toEqual([{ field: 'bol:contentStatus', old: 'NOT_SENT', new: 'SUCCESS', author: 'bol' }]);
    expect(changesOf(entries, 'bol:published')).toEqual([{ field: 'bol:published', old: '', new: 'published', author: 'bol' }]);
    // Imported (price 22, stock 2), then gone from bol's export: newest first.
    expect(changesOf(entries, 'bol:offer')).toEqual([
      { field: 'bol:offer', old: 'price 22, stock 2', new: '', author: 'bol' },
      { field: 'bol:offer', old: '', new: 'price 22, stock 2', author: 'bol' },
    ]);
    expect(entries.filter((entry) => entry.how === 'bol-update').every((entry) => entry.deviceAt === null)).toBe(true);
  });

  it('each Create on bol adds one status line, also when sent again', async () => {
    const id = ready[2] ?? 0;
    const statusLines = async () => (await history(id)).filter((entry) => entry.changes.some((change) => change.field === 'bol:contentStatus'));
    expect(await statusLines()).toHaveLength(1);
    expect((await report(await post('/bol/retailer/create/content', { productIds: [id] }))).status).toBe('success');
    const lines = await statusLines();
    expect(lines).toHaveLength(2);
    expect(lines[0]?.changes).toEqual([{ field: 'bol:contentStatus', old: 'SUCCESS', new: 'SUCCESS' }]);
  });

  it('a failed upload is recorded with its status; an unchanged state adds nothing', async () => {
    expect(changesOf(await history(heavy), 'bol:contentStatus').map((change) => change.new)).toContain('FAILURE');
    const before = (await history(ready[0] ?? 0)).length;
    expect((await report(await post('/bol/retailer/import'))).status).toBe('success');
    expect((await history(ready[0] ?? 0)).length).toBe(before);
  });

  it('choosing a Bol category is recorded with its author', async () => {
    const entries = await history(ready[0] ?? 0);
    expect(changesOf(entries, 'bol:chunk')).toEqual([]);
    expect(entries.flatMap((entry) => entry.changes.filter((change) => change.field === 'bol:chunk').map((change) => [entry.author, entry.how, change.old, change.new]))).toEqual([
      ['admin', 'editor', '', '10001074'],
    ]);
  });
});

describe('product content export', () => {
  it('answers an xlsx attachment with a row per product with a category or a state', async () => {
    const response = await get('/process/report/bol/product-content/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="bol-product-content-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('Product ID');
    expect(sheet?.rowCount).toBe(1 + 12);
    const heavyRow = sheet?.getRows(2, 12)?.find((row) => row.getCell(1).value === heavy);
    // Words, not bol's codes (src/shared/status-words.ts).
    expect(heavyRow?.getCell(7).value).toBe('Accepted by bol');
    expect(String(heavyRow?.getCell(11).value)).toBe('Weight: Not a correct number');
  });
});

describe('job progress', () => {
  it('lists the latest jobs and shows one job with its items', async () => {
    const list = (await (await get('/bol/jobs?kind=offer-import')).json()) as { jobs: BolJobReport[]; target: string };
    expect(list.target).toBe('simulator');
    expect(list.jobs).toHaveLength(2);
    const job = (await (await get(`/bol/jobs/${list.jobs[0]?.jobId}`)).json()) as BolJobReport;
    expect(job.kind).toBe('offer-import');
    expect((await get('/bol/jobs?kind=nope')).status).toBe(400);
  });
});
