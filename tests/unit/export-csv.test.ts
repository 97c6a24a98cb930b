import { describe, expect, it } from 'vitest';
import { csvField, csvLine, csvLines, EXCEL_NL_CSV, SPEC_CSV } from '../../src/server/catalogue/product-export';
import type { ExportRow } from '../../src/server/catalogue/product-export-rows';
import { EXPORT_COLUMN_IDS } from '../../src/shared/export-contract';

describe('CSV fields of the export (docs/reports-and-export.md "Formats")', () => {
  it('defuses a text a spreadsheet would run as a formula, whatever it starts with', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvField(`${start}SUM(A1)`), JSON.stringify(start)).toMatch(/^"?'/);
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('-SKU')).toBe("'-SKU");
    expect(csvField('a-b=c')).toBe('a-b=c');
    expect(csvField('')).toBe('');
  });

  it('quotes a text holding a quote, separator or line break, doubling its quotes', () => {
    expect(csvField('Nimbus; "Air"')).toBe('"Nimbus; ""Air"""');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('\rx')).toBe('"\'\rx"');
    expect(csvField('plain text')).toBe('plain text');
  });

  it('writes yes/no, empty for nothing, and numbers with a decimal comma for Excel set to Dutch', () => {
    expect(csvField(true)).toBe('yes');
    expect(csvField(false)).toBe('no');
    expect(csvField(null)).toBe('');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(12.5, EXCEL_NL_CSV)).toBe('12,5');
    expect(csvField(30, EXCEL_NL_CSV)).toBe('30');
  });

  it('writes rows as the lines csvLine writes, in the chosen columns', () => {
    const row = (productId: number, title: string): ExportRow =>
      Object.fromEntries(EXPORT_COLUMN_IDS.map((id) => [id, id === 'productId' ? productId : id === 'title' ? title : id === 'mainProduct' ? true : id === 'sellingPrice' ? 7.05 : null])) as ExportRow;
    const rows = [row(1, 'Trail; "runner"'), row(2, '=HYPERLINK("x")')];
    for (const dialect of [SPEC_CSV, EXCEL_NL_CSV]) {
      for (const columns of [EXPORT_COLUMN_IDS, ['title', 'productId', 'sellingPrice', 'mainProduct'] as const]) {
        expect(csvLines(rows, columns, dialect)).toBe(rows.map((r) => csvLine(columns.map((id) => r[id]), dialect)).join(''));
      }
    }
    expect(csvLines(rows, ['productId', 'title', 'sellingPrice'], EXCEL_NL_CSV)).toBe('1;"Trail; ""runner""";7,05\r\n2;"\'=HYPERLINK(""x"")";7,05\r\n');
    expect(csvLines([], EXPORT_COLUMN_IDS)).toBe('');
  });
});
