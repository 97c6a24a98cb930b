/**
 * The words inside an exported file follow the language it was asked in (docs/reports-and-export.md,
 * "Export"): the server has no catalog, so src/shared/export-file-words.ts holds both languages; its
 * Dutch must be the app's Dutch of the same words, or the file and the Export screen name a column
 * differently.
 */
import { describe, expect, it } from 'vitest';
import { sortLabel } from '../../src/app/features/products';
import { dutchPack } from '../../src/app/i18n/dutch-pack';
import { localized } from '../../src/app/i18n/translation-pack';
import { BOL_CONTENT_STATUSES } from '../../src/shared/bol-contract';
import { EXPORT_COLUMNS } from '../../src/shared/export-contract';
import { exportFileWords } from '../../src/shared/export-file-words';
import { BOL_PRODUCT_STATES } from '../../src/shared/product-filter';
import { productFilterMessages } from '../../src/shared/product-filter-messages';
import { csvField, csvLine, EXCEL_NL_CSV } from '../../src/server/catalogue/product-export';

describe("the export file's words", () => {
  it('in English are the columns, yes/no and status words the file always had', () => {
    const words = exportFileWords();
    expect(EXPORT_COLUMNS.map((column) => words.headers[column.id])).toEqual(EXPORT_COLUMNS.map((column) => column.header));
    expect([words.yes, words.no, words.bolStates.ready, words.contentStatuses.SUCCESS, words.sheet]).toEqual(['yes', 'no', 'Ready to send', 'Accepted by bol', 'Products']);
    expect(exportFileWords('en')).toBe(words);
  });

  it("in Dutch are the Export screen's column names and the app's status words, word for word", () => {
    const dutch = exportFileWords('nl');
    for (const column of EXPORT_COLUMNS) expect(dutch.headers[column.id], column.id).toBe(dutchPack.text(`export.columns.${column.id}`));
    expect(dutch.yes).toBe(dutchPack.text('export.yes'));
    expect(dutch.no).toBe(dutchPack.text('export.no'));
    for (const state of BOL_PRODUCT_STATES) expect(dutch.bolStates[state], state).toBe(dutchPack.text(`bolState.${state}`));
    for (const status of BOL_CONTENT_STATUSES) expect(dutch.contentStatuses[status], status).toBe(dutchPack.text(`statusWords.content.${status}`));
    expect(dutch.sheet).toBe('Producten');
  });

  it("writes a Dutch CSV line's flags as ja/nee, an English one's as yes/no", () => {
    expect(csvLine([12, true, false, 'Sok'], EXCEL_NL_CSV, exportFileWords('nl'))).toBe('12;ja;nee;Sok\r\n');
    expect(csvField(true)).toBe('yes');
    expect(csvField(false)).toBe('no');
  });
});

describe("the export screen's sort name", () => {
  it('names the sort in the words given, English by default, an unknown sort as written', () => {
    expect(sortLabel('sellingPrice,desc')).toBe('Price, highest first');
    const dutch = localized(productFilterMessages, dutchPack, 'productFilter').sorts;
    expect(sortLabel('sellingPrice,desc', dutch)).toBe(dutchPack.text('productFilter.sorts.sellingPrice,desc'));
    expect(sortLabel('sellingPrice,desc', dutch)).not.toBe(productFilterMessages.sorts['sellingPrice,desc']);
    expect(sortLabel('title,sideways', dutch)).toBe('title,sideways');
  });
});
