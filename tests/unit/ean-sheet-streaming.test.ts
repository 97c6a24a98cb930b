/**
 * The streaming EAN sheet reader (no exceljs at read time) reads every kind of cell Excel writes the
 * way the cell rules in docs/ean-and-images.md say: dates by their number format, booleans, errors,
 * formulas with and without a saved result, rich text, numbers that lost their zeros.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { isDateFormatCode, readEanSheet } from '../../src/server/catalogue/ean-sheet';

async function xlsx(rows: ExcelJS.CellValue[][], build?: (sheet: ExcelJS.Worksheet) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('EAN');
  for (const values of rows) sheet.addRow(values);
  build?.(sheet);
  workbook.addWorksheet('Second').addRow(['Supplier EAN', 'New EAN']);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe('readEanSheet on every kind of cell', () => {
  it('reads the first sheet and judges each cell like the cell rules', async () => {
    const bytes = await xlsx(
      [
        ['Supplier EAN', 'New EAN'],
        [new Date('2025-01-01'), true],
        [{ error: '#N/A' } as ExcelJS.CellErrorValue, { formula: 'A1', result: 8712345678906 } as ExcelJS.CellFormulaValue],
        [{ richText: [{ text: '8712' }, { text: '345678906' }] }, 12345678905],
        [{ formula: 'B2' } as ExcelJS.CellFormulaValue, '8.71235E+12'],
      ],
      (sheet) => {
        sheet.getCell('A7').value = '8712345678906';
        sheet.getCell('B7').value = 'x'.repeat(5_000);
      },
    );
    expect(await readEanSheet(bytes)).toEqual([
      { row: 2, supplierEan: { problem: { key: 'date' } }, newEan: { problem: { key: 'notEan', value: 'TRUE' } } },
      { row: 3, supplierEan: { problem: { key: 'excelError', error: '#N/A' } }, newEan: { ean: '8712345678906' } },
      { row: 4, supplierEan: { ean: '8712345678906' }, newEan: { ean: '0012345678905' } },
      { row: 5, supplierEan: { problem: { key: 'formula' } }, newEan: { problem: { key: 'scientific', value: '8.71235E+12' } } },
      { row: 7, supplierEan: { ean: '8712345678906' }, newEan: { ean: 'x'.repeat(100) } },
    ]);
  });
});

describe('isDateFormatCode', () => {
  it('tells date formats from number and text formats', () => {
    expect(isDateFormatCode('yyyy-mm-dd')).toBe(true);
    expect(isDateFormatCode('[$-409]d-mmm-yy;@')).toBe(true);
    expect(isDateFormatCode('0.00')).toBe(false);
    expect(isDateFormatCode('"days: "0')).toBe(false);
    expect(isDateFormatCode('[Red]0;[Blue]-0')).toBe(false);
    expect(isDateFormatCode('General')).toBe(false);
    expect(isDateFormatCode('@')).toBe(false);
  });
});
