import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { checkXlsxContainer, EanSheetError, readEanCell, readEanSheet, type EanSheetRow } from '../../src/server/catalogue/ean-sheet';
import { gtinKey, gtinVariants, planEanUpload, type EanPlan, type ProductEanRef } from '../../src/server/catalogue/ean-sheet-plan';
import { gtinCheckDigit } from '../../src/shared/rules/ean';

/** A valid EAN-13 from 12 digits. */
const ean = (twelve: string) => `${twelve}${gtinCheckDigit(twelve)}`;
const withWrongCheckDigit = (valid: string) => `${valid.slice(0, -1)}${(Number(valid.at(-1)) + 1) % 10}`;

const A = ean('871234500001');
const B = ean('871234500002');
const C = ean('871234500003');
const N1 = ean('871999900001');
const N2 = ean('871999900002');
const N3 = ean('871999900003');

const row = (n: number, supplierEan: string, newEan: string): EanSheetRow => ({
  row: n,
  supplierEan: supplierEan === '' ? { problem: { key: 'empty' } } : { ean: supplierEan },
  newEan: newEan === '' ? { problem: { key: 'empty' } } : { ean: newEan },
});
/** The refused rows as a person reads them in English: row and reason. */
const reasons = (plan: EanPlan) => plan.refused.map(({ row: n, reason }) => ({ row: n, reason }));
const product = (productId: number, supplierEan: string, currentEan = supplierEan): ProductEanRef => ({ productId, supplierEan, ean: currentEan });

async function xlsx(rows: unknown[][], build?: (sheet: ExcelJS.Worksheet) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('EAN');
  for (const values of rows) sheet.addRow(values);
  build?.(sheet);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

async function sheetError(bytes: Uint8Array): Promise<EanSheetError> {
  const error: unknown = await readEanSheet(bytes).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof EanSheetError)) throw new Error(`expected an EanSheetError, got ${String(error)}`);
  return error;
}

describe('planEanUpload', () => {
  it('changes every product of a supplier EAN to the new EAN', () => {
    const plan = planEanUpload([row(2, A, N1)], { bySupplierEan: [product(7, A), product(3, A)], byEan: [] });
    expect(plan).toEqual({ applied: [{ row: 2, supplierEan: A, newEan: N1, productIds: [3, 7], isChangeEan: true }], refused: [] });
  });

  it('refuses a wrong check digit with the row number and the expected digit', () => {
    const bad = withWrongCheckDigit(A);
    const plan = planEanUpload([row(5, bad, N1), row(6, B, withWrongCheckDigit(N2))], { bySupplierEan: [product(1, B)], byEan: [] });
    expect(plan.applied).toEqual([]);
    expect(reasons(plan)).toEqual([
      { row: 5, reason: `Supplier EAN '${bad}' has a wrong check digit (expected ${A.at(-1)})` },
      { row: 6, reason: `New EAN '${withWrongCheckDigit(N2)}' has a wrong check digit (expected ${N2.at(-1)})` },
    ]);
  });

  it('refuses empty cells and says which', () => {
    const plan = planEanUpload([row(3, '', N1), row(4, A, ''), row(9, '', '')], { bySupplierEan: [product(1, A)], byEan: [] });
    expect(reasons(plan)).toEqual([
      { row: 3, reason: 'Supplier EAN is empty' },
      { row: 4, reason: 'New EAN is empty' },
      { row: 9, reason: 'Supplier EAN is empty; New EAN is empty' },
    ]);
  });

  it("words every cell's problem after its column, as the sheet names it", () => {
    const cells: EanSheetRow[] = [
      { row: 2, supplierEan: { problem: { key: 'scientific', value: '8.71235E+12' } }, newEan: { problem: { key: 'decimals', value: '871.5' } } },
      { row: 3, supplierEan: { problem: { key: 'date' } }, newEan: { problem: { key: 'notEan', value: 'TRUE' } } },
      { row: 4, supplierEan: { problem: { key: 'excelError', error: '#N/A' } }, newEan: { problem: { key: 'formula' } } },
      { row: 5, supplierEan: { ean: '87123' }, newEan: { ean: '87a' } },
    ];
    expect(planEanUpload(cells, { bySupplierEan: [], byEan: [] }).refused.map((refusal) => refusal.reason)).toEqual([
      "Supplier EAN '8.71235E+12' is in scientific notation: Excel has rounded the number, so the EAN is lost. Format the column as Text and type the EAN again; New EAN '871.5' is a number with decimals, not an EAN",
      "Supplier EAN is a date, not an EAN; New EAN 'TRUE' is not an EAN",
      'Supplier EAN is an Excel error (#N/A); New EAN is a formula without a value; save the workbook in Excel first',
      "Supplier EAN '87123' must have 8, 12, 13 or 14 digits; New EAN '87a' must contain digits only",
    ]);
  });

  it("names each refusal's sentence and its values, so a Dutch tablet words it", () => {
    const plan = planEanUpload([row(2, '', N1), row(3, '', ''), row(4, A, N1), row(5, B, N1)], {
      bySupplierEan: [product(1, A)],
      byEan: [product(9, C, N1), product(10, C, N1), product(11, C, N1), product(12, C, N1), product(13, C, N1)],
    });
    expect(plan.refused.map(({ row: n, reasonId, reasonArgs }) => ({ row: n, reasonId, reasonArgs }))).toEqual([
      { row: 2, reasonId: 'server.eanCellEmpty', reasonArgs: ['Supplier EAN'] },
      {
        row: 3,
        reasonId: 'server.eanRowTwoProblems',
        reasonArgs: [
          { message: 'Supplier EAN is empty', messageId: 'server.eanCellEmpty', messageArgs: ['Supplier EAN'] },
          { message: 'New EAN is empty', messageId: 'server.eanCellEmpty', messageArgs: ['New EAN'] },
        ],
      },
      { row: 4, reasonId: 'server.eanRowTwice', reasonArgs: ['New EAN', N1, ['4', '5']] },
      { row: 5, reasonId: 'server.eanRowTwice', reasonArgs: ['New EAN', N1, ['4', '5']] },
    ]);
    const taken = planEanUpload([row(2, A, N1)], { bySupplierEan: [product(1, A)], byEan: [9, 10, 11, 12, 13].map((id) => product(id, C, N1)) });
    expect(taken.refused).toEqual([
      {
        row: 2,
        reason: `New EAN ${N1} is already the EAN of products 9, 10, 11 and 2 more`,
        reasonId: 'server.eanTakenByProducts',
        reasonArgs: ['New EAN', N1, '9, 10, 11', 2],
      },
    ]);
  });

  it('refuses a supplier EAN no product has', () => {
    const plan = planEanUpload([row(2, C, N1)], { bySupplierEan: [], byEan: [] });
    expect(reasons(plan)).toEqual([{ row: 2, reason: `No product has the supplier EAN ${C}` }]);
  });

  it('refuses a new EAN that another product already carries, but not one the row itself changes', () => {
    const plan = planEanUpload([row(2, A, N1), row(3, B, N2)], {
      bySupplierEan: [product(1, A), product(2, B, N2)],
      byEan: [product(9, C, N1), product(2, B, N2)],
    });
    expect(reasons(plan)).toEqual([{ row: 2, reason: `New EAN ${N1} is already the EAN of product 9` }]);
    expect(plan.applied.map((change) => change.row)).toEqual([3]);
  });

  it('refuses every row of a supplier EAN that appears twice: which one was meant cannot be known', () => {
    const plan = planEanUpload([row(2, A, N1), row(3, B, N2), row(7, A, N3)], { bySupplierEan: [product(1, A), product(2, B)], byEan: [] });
    expect(reasons(plan)).toEqual([
      { row: 2, reason: `Supplier EAN ${A} appears more than once in the sheet (rows 2 and 7)` },
      { row: 7, reason: `Supplier EAN ${A} appears more than once in the sheet (rows 2 and 7)` },
    ]);
    expect(plan.applied.map((change) => change.row)).toEqual([3]);
  });

  it('refuses one new EAN given to two supplier EANs', () => {
    const plan = planEanUpload([row(2, A, N1), row(3, B, N1)], { bySupplierEan: [product(1, A), product(2, B)], byEan: [] });
    expect(plan.applied).toEqual([]);
    expect(plan.refused.map((refusal) => refusal.reason)).toEqual([
      `New EAN ${N1} appears more than once in the sheet (rows 2 and 3)`,
      `New EAN ${N1} appears more than once in the sheet (rows 2 and 3)`,
    ]);
  });

  it('matches EANs as GTINs, so a number cell that lost its leading zero still finds the product', () => {
    const upcA = '012345678905';
    const plan = planEanUpload([row(2, `0${upcA}`, N1)], { bySupplierEan: [product(4, upcA)], byEan: [] });
    expect(plan.applied).toEqual([{ row: 2, supplierEan: `0${upcA}`, newEan: N1, productIds: [4], isChangeEan: true }]);
  });

  it('puts a product back on its own EAN when the new EAN is the supplier EAN', () => {
    const plan = planEanUpload([row(2, A, A)], { bySupplierEan: [product(1, A, N1)], byEan: [product(1, A, N1)] });
    expect(plan.applied).toEqual([{ row: 2, supplierEan: A, newEan: A, productIds: [1], isChangeEan: false }]);
  });
});

describe('GTIN forms', () => {
  it('compares EANs with and without leading zeros as the same GTIN', () => {
    expect(gtinKey('012345678905')).toBe(gtinKey('0012345678905'));
    expect(gtinVariants('0012345678905').sort()).toEqual(['00012345678905', '0012345678905', '012345678905']);
    expect(gtinVariants('96385074').sort()).toEqual(['00000096385074', '0000096385074', '000096385074', '96385074']);
  });
});

describe('readEanCell', () => {
  it('reads number cells as digits, padding lost leading zeros to 13 digits', () => {
    expect(readEanCell(8712345678906)).toEqual({ ean: '8712345678906' });
    expect(readEanCell(12345678905)).toEqual({ ean: '0012345678905' });
  });

  it('reads text cells as typed, trimmed', () => {
    expect(readEanCell(' 0012345678905 ')).toEqual({ ean: '0012345678905' });
    expect(readEanCell({ richText: [{ text: '8712' }, { text: '345678906' }] })).toEqual({ ean: '8712345678906' });
    expect(readEanCell({ formula: 'A1', result: 8712345678906 })).toEqual({ ean: '8712345678906' });
  });

  it('refuses numbers Excel has rounded and text in scientific notation', () => {
    expect(readEanCell(1.23456789e16)).toEqual({ problem: { key: 'scientific', value: '1.23457E+16' } });
    expect(readEanCell('8.71235E+12')).toEqual({ problem: { key: 'scientific', value: '8.71235E+12' } });
  });

  it('refuses empty cells, decimals, dates, booleans and errors with a reason', () => {
    expect(readEanCell(null)).toEqual({ problem: { key: 'empty' } });
    expect(readEanCell('  ')).toEqual({ problem: { key: 'empty' } });
    expect(readEanCell(871.5)).toEqual({ problem: { key: 'decimals', value: '871.5' } });
    expect(readEanCell(new Date(0))).toEqual({ problem: { key: 'date' } });
    expect(readEanCell(true)).toEqual({ problem: { key: 'notEan', value: 'TRUE' } });
    expect(readEanCell({ error: '#N/A' })).toEqual({ problem: { key: 'excelError', error: '#N/A' } });
    expect(readEanCell({ formula: 'A1' } as ExcelJS.CellValue)).toEqual({ problem: { key: 'formula' } });
  });
});

describe('readEanSheet', () => {
  it('finds the two columns by name in any case and order, skips blank rows and keeps Excel row numbers', async () => {
    const bytes = await xlsx([
      ['Notes', 'new ean', 'SUPPLIER  EAN'],
      ['first', N1, A],
      [],
      ['only a note'],
      ['', '', 8712345000019],
    ]);
    expect(await readEanSheet(bytes)).toEqual([
      { row: 2, supplierEan: { ean: A }, newEan: { ean: N1 } },
      { row: 5, supplierEan: { ean: '8712345000019' }, newEan: { problem: { key: 'empty' } } },
    ]);
  });

  it('refuses a sheet without the header columns, naming the missing one', async () => {
    const error = await sheetError(await xlsx([['Supplier EAN', 'EAN'], [A, N1]]));
    expect(error.status).toBe(422);
    expect(error.message).toBe(
      "The header row (the first filled row of the first sheet) must name the columns 'Supplier EAN' and 'New EAN'; missing: 'New EAN'",
    );
  });

  it('refuses an empty sheet and a sheet with only its header', async () => {
    expect((await sheetError(await xlsx([]))).message).toBe('The sheet is empty');
    expect((await sheetError(await xlsx([['Supplier EAN', 'New EAN']]))).message).toBe('The sheet has no rows under its header');
  });

  it('refuses more than 10,000 rows', async () => {
    const rows: unknown[][] = [['Supplier EAN', 'New EAN']];
    for (let i = 0; i < 10_001; i += 1) rows.push([A, N1]);
    const error = await sheetError(await xlsx(rows));
    expect(error.status).toBe(413);
    expect(error.message).toBe('The sheet has more than 10,000 rows; split it into smaller files');
  });

  it('refuses files that are not an xlsx, by content', async () => {
    const text = await sheetError(new TextEncoder().encode('Supplier EAN,New EAN\n1,2\n'));
    expect([text.status, text.message]).toEqual([415, 'The file is not an Excel workbook (.xlsx)']);
    const valid = await xlsx([['Supplier EAN', 'New EAN'], [A, N1]]);
    const damaged = await sheetError(valid.slice(0, valid.length - 200));
    expect(damaged.status).toBe(422);
    expect(damaged.message).toMatch(/^The workbook is damaged/);
  });
});

describe('checkXlsxContainer', () => {
  it('accepts a workbook written by exceljs', async () => {
    expect(() => checkXlsxContainer(new Uint8Array(0))).toThrow(EanSheetError);
    const bytes = await xlsx([['Supplier EAN', 'New EAN']]);
    expect(() => checkXlsxContainer(bytes)).not.toThrow();
  });

  it('refuses a zip that declares more unpacked bytes than the limit', async () => {
    const bytes = await xlsx([['Supplier EAN', 'New EAN']]);
    // Raise the first central-directory entry's uncompressed size to 4 GB - 2.
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let end = bytes.length - 22;
    while (view.getUint32(end, true) !== 0x06054b50) end -= 1;
    const directory = view.getUint32(end + 16, true);
    view.setUint32(directory + 24, 0xfffffffe, true);
    expect(() => checkXlsxContainer(bytes)).toThrow(/unpacks to more than 100 MB/);
  });
});
