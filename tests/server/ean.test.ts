import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EanUploadReport } from '../../src/shared/contract';
import { gtinCheckDigit } from '../../src/shared/rules/ean';
import { productHistory, products, suppliers } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let auth: Record<string, string>;
let supplierId: number;
beforeAll(async () => {
  t = await createTestApp();
  auth = { Authorization: `Bearer ${await t.token()}` };
  const [supplier] = await t.database.db.insert(suppliers).values({ supplierName: 'EAN test supplier' }).returning();
  supplierId = supplier!.supplierId;
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.clock.now += 60_000;
});

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A valid EAN-13 from 12 digits. */
const ean = (twelve: string) => `${twelve}${gtinCheckDigit(twelve)}`;
let serial = 100_000;
/** A fresh valid EAN-13 no other test uses. */
const freshEan = () => ean(`87100${String((serial += 1)).padStart(7, '0')}`);

async function insertProduct(supplierEan: string, currentEan = supplierEan) {
  const [row] = await t.database.db
    .insert(products)
    .values({ supplierId, sourceKey: supplierEan, supplierEan, ean: currentEan, title: `Product ${supplierEan}` })
    .returning();
  return row!;
}

async function productRow(productId: number) {
  const [row] = await t.database.db.select().from(products).where(eq(products.productId, productId));
  return row!;
}

async function xlsx(rows: unknown[][]): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('EAN');
  for (const values of rows) sheet.addRow(values);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

function sheetForm(bytes: Uint8Array<ArrayBuffer>, name = 'ean.xlsx', field = 'eanExel'): FormData {
  const form = new FormData();
  form.append(field, new File([bytes], name, { type: XLSX_TYPE }));
  return form;
}

const uploadEan = (body: FormData, headers = auth) => t.app.request('/api/v1/ean', { method: 'POST', headers, body });

/** Every product's EAN fields, to show that a refused upload changed nothing. */
const snapshot = () =>
  t.database.db
    .select({ id: products.productId, ean: products.ean, isChangeEan: products.isChangeEan, version: products.version })
    .from(products)
    .orderBy(products.productId);

describe('POST /api/v1/ean', () => {
  it('sets the new EAN on every product of the supplier EAN, marks it changed, and reports applied and refused rows', async () => {
    const supplierEan = freshEan();
    const newEan = freshEan();
    const first = await insertProduct(supplierEan);
    const unknownSupplierEan = freshEan();
    const badCheckDigit = `${freshEan().slice(0, -1)}${(Number(supplierEan.at(-1)) + 5) % 10}`;

    const response = await uploadEan(
      sheetForm(
        await xlsx([
          ['Supplier EAN', 'New EAN', 'Comment'],
          [supplierEan, newEan, 'typed as text'],
          [unknownSupplierEan, freshEan()],
          [supplierEan.slice(0, 5), badCheckDigit],
        ]),
      ),
    );
    expect(response.status).toBe(200);
    const report = (await response.json()) as EanUploadReport;
    expect(report.rowsRead).toBe(3);
    expect(report.applied).toEqual([{ row: 2, supplierEan, newEan, productIds: [first.productId] }]);
    expect(report.refused).toMatchObject([
      { row: 3, reason: `No product has the supplier EAN ${unknownSupplierEan}`, reasonId: 'server.eanNoProduct', reasonArgs: [unknownSupplierEan] },
      { row: 4, reason: expect.stringMatching(/^Supplier EAN '\d{5}' must have 8, 12, 13 or 14 digits; New EAN '\d{13}' has a wrong check digit/) },
    ]);

    const after = await productRow(first.productId);
    expect(after).toMatchObject({ ean: newEan, supplierEan, isChangeEan: true, version: first.version + 1 });
    expect(after.dateUpdate.getTime()).toBe(t.clock.now);
    const history = await t.database.db.select().from(productHistory).where(eq(productHistory.productId, first.productId));
    expect(history.map((entry) => [entry.author, entry.how, entry.version, entry.changes])).toEqual([
      ['admin', 'ean-sheet', first.version + 1, [{ field: 'ean', old: first.ean, new: newEan }, { field: 'isChangeEan', old: false, new: true }]],
    ]);
  });

  it('reads EANs typed as numbers in Excel, leading zeros included', async () => {
    const upcA = `0${ean('01234500009').slice(0, 11)}`; // a 12-digit GTIN starting with 0
    const supplierEan = `${upcA.slice(0, 11)}${gtinCheckDigit(upcA.slice(0, 11))}`;
    const product = await insertProduct(supplierEan);
    const newEan = freshEan();
    const response = await uploadEan(sheetForm(await xlsx([['Supplier EAN', 'New EAN'], [Number(supplierEan), Number(newEan)]])));
    const report = (await response.json()) as EanUploadReport;
    expect(report.refused).toEqual([]);
    expect(report.applied).toEqual([{ row: 2, supplierEan: supplierEan.padStart(13, '0'), newEan, productIds: [product.productId] }]);
    expect((await productRow(product.productId)).ean).toBe(newEan);
  });

  it('refuses a row whose new EAN another product already has, and applies the rest', async () => {
    const taken = await insertProduct(freshEan());
    const target = await insertProduct(freshEan());
    const other = await insertProduct(freshEan());
    const otherNew = freshEan();
    const report = (await (
      await uploadEan(sheetForm(await xlsx([['Supplier EAN', 'New EAN'], [target.supplierEan, taken.ean], [other.supplierEan, otherNew]])))
    ).json()) as EanUploadReport;
    expect(report.refused).toEqual([
      {
        row: 2,
        reason: `New EAN ${taken.ean} is already the EAN of product ${taken.productId}`,
        reasonId: 'server.eanTakenByProduct',
        reasonArgs: ['New EAN', taken.ean, taken.productId],
      },
    ]);
    expect(report.applied.map((change) => change.row)).toEqual([3]);
    expect((await productRow(target.productId)).ean).toBe(target.ean);
    expect((await productRow(other.productId)).ean).toBe(otherNew);
  });

  it('refuses every row of a supplier EAN that appears twice in the sheet', async () => {
    const product = await insertProduct(freshEan());
    const report = (await (
      await uploadEan(sheetForm(await xlsx([['Supplier EAN', 'New EAN'], [product.supplierEan, freshEan()], [product.supplierEan, freshEan()]])))
    ).json()) as EanUploadReport;
    expect(report.applied).toEqual([]);
    expect(report.refused.map((refusal) => refusal.row)).toEqual([2, 3]);
    expect(report.refused[0]?.reason).toBe(`Supplier EAN ${product.supplierEan} appears more than once in the sheet (rows 2 and 3)`);
    expect((await productRow(product.productId)).version).toBe(product.version);
  });

  it('answers 401 without a token and changes nothing', async () => {
    const product = await insertProduct(freshEan());
    const response = await uploadEan(sheetForm(await xlsx([['Supplier EAN', 'New EAN'], [product.supplierEan, freshEan()]])), {});
    expect(response.status).toBe(401);
    expect((await productRow(product.productId)).ean).toBe(product.ean);
  });

  describe('refuses a file that is not a usable EAN sheet, with a clear message and nothing changed', () => {
    const cases: [string, () => Promise<FormData>, number, string | RegExp][] = [
      ['a text file named .xlsx', async () => sheetForm(new TextEncoder().encode('Supplier EAN;New EAN\n')), 415, 'The file is not an Excel workbook (.xlsx)'],
      [
        'a zip that is not a workbook',
        async () => sheetForm(new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Uint8Array(18)])),
        415,
        'The file is not an Excel workbook (.xlsx)',
      ],
      [
        'a corrupt workbook',
        async () => {
          const bytes = await xlsx([['Supplier EAN', 'New EAN'], ['8712345678906', '8712345678913']]);
          // Damage the compressed parts, keep the zip directory at the end intact.
          for (let at = 60; at < bytes.length - 600; at += 7) bytes[at] = (bytes[at] ?? 0) ^ 0x5a;
          return sheetForm(bytes);
        },
        422,
        /^The workbook is damaged and cannot be read/,
      ],
      ['an empty sheet', async () => sheetForm(await xlsx([])), 422, 'The sheet is empty'],
      [
        'a sheet without the header columns',
        async () => sheetForm(await xlsx([['EAN', 'Nieuwe EAN'], ['8712345678906', '8712345678913']])),
        422,
        /must name the columns 'Supplier EAN' and 'New EAN'; missing: 'Supplier EAN' and 'New EAN'$/,
      ],
      ['a missing eanExel field', async () => sheetForm(await xlsx([['Supplier EAN', 'New EAN']]), 'ean.xlsx', 'file'), 400, "The field 'eanExel' with an .xlsx file is missing"],
      ['an empty file', async () => sheetForm(new Uint8Array(0)), 400, 'The file is empty'],
      ['a file over 5 MB', async () => sheetForm(new Uint8Array(5 * 1024 * 1024 + 1)), 413, 'The file is larger than 5 MB'],
    ];
    for (const [name, form, status, message] of cases) {
      it(name, async () => {
        const before = await snapshot();
        const response = await uploadEan(await form());
        expect(response.status).toBe(status);
        const body = (await response.json()) as { message: string };
        if (typeof message === 'string') expect(body.message).toBe(message);
        else expect(body.message).toMatch(message);
        expect(await snapshot()).toEqual(before);
      });
    }
  });

  it('changes nothing when every row is refused', async () => {
    const product = await insertProduct(freshEan());
    const before = await snapshot();
    const wrong = `${product.supplierEan.slice(0, -1)}${(Number(product.supplierEan.at(-1)) + 1) % 10}`;
    const response = await uploadEan(sheetForm(await xlsx([['Supplier EAN', 'New EAN'], [wrong, freshEan()]])));
    expect(response.status).toBe(200);
    const report = (await response.json()) as EanUploadReport;
    expect(report).toEqual({
      rowsRead: 1,
      applied: [],
      refused: [
        {
          row: 2,
          reason: `Supplier EAN '${wrong}' has a wrong check digit (expected ${product.supplierEan.at(-1)})`,
          reasonId: 'server.eanCellCheckDigit',
          reasonArgs: ['Supplier EAN', wrong, Number(product.supplierEan.at(-1))],
        },
      ],
    });
    expect(await snapshot()).toEqual(before);
  });
});
