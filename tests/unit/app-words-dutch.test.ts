/**
 * The app's last English words on a Dutch tablet (docs/languages.md, "Translated so far"): each rule
 * that writes them takes the words as a parameter, English by default; with the Dutch pack's words
 * they read Dutch: the History tab's names of bol's fields, the stale-save notice's part names, a
 * waiting change's detail line, the sync engine's line under a change and the counts of a bulk
 * action's outcome.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { BackofficeDatabase } from '../../src/app/db/database';
import { historyFieldLabel } from '../../src/app/features/product-edit/history-rules';
import { changedMeanwhile } from '../../src/app/features/parser/supplier-stale-save';
import { formOf } from '../../src/app/features/parser/supplier-form';
import { formProblem } from '../../src/app/features/parser/supplier-form-check';
import { reportCounts, reportText, bulkAction } from '../../src/app/features/products/bulk-actions-rules';
import { dutchPack } from '../../src/app/i18n/dutch-pack';
import { localized } from '../../src/app/i18n/translation-pack';
import { setFormatLanguage } from '../../src/app/lib/format';
import { drainOutbox } from '../../src/app/sync/drainer';
import { enqueueProductSave } from '../../src/app/sync/outbox';
import { bolChangeSetSummary } from '../../src/app/sync/kinds/bol-model-change';
import { heldBackDismiss } from '../../src/app/sync/kinds/held-back-dismiss';
import { heldBackTakeImages } from '../../src/app/sync/kinds/held-back-take-images';
import { imageDelete } from '../../src/app/sync/kinds/image-delete';
import { offerSendAnyway } from '../../src/app/sync/kinds/offer-send-anyway';
import { changeSetSummary } from '../../src/app/sync/kinds/product-change';
import { ENGLISH_DETAIL_WORDS, type DetailWords } from '../../src/app/sync/kinds/write-kind';
import { BOL_HISTORY_LABELS, bolHistoryLabel } from '../../src/shared/bol-change-set';
import { listActionsMessages } from '../../src/shared/list-actions-messages';
import { parserMessages } from '../../src/shared/parser-messages';
import { productFormMessages } from '../../src/shared/product-form-messages';
import { productHistoryMessages } from '../../src/shared/product-history-messages';
import { syncPanelMessages } from '../../src/shared/sync-panel-messages';
import type { ProductChangeSet } from '../../src/shared/change-set';
import { drainDeps, makeProduct, openTestDatabase, StrictTransport } from './support/offline-fakes';
import { supplier } from './support/supplier-details';
import { ENGLISH_HISTORY_WORDS, type HistoryWords } from '../../src/app/features/product-edit/history-rules';

const panel = localized(syncPanelMessages, dutchPack, 'syncPanel');
const dutchDetails: DetailWords = { details: panel.details, fields: localized(productFormMessages, dutchPack, 'productForm').fields };

afterEach(() => setFormatLanguage('en'));

describe("the History tab's names of bol's fields", () => {
  const dutch: HistoryWords = { ...ENGLISH_HISTORY_WORDS, tab: localized(productHistoryMessages, dutchPack, 'productHistory') };

  it('are English by default, as they were', () => {
    expect(bolHistoryLabel('bol:chunk')).toBe('Bol category');
    expect(bolHistoryLabel('bol:contentStatus')).toBe('Content on bol');
    expect(bolHistoryLabel('bol:offer:price')).toBe('Offer on bol: price');
    expect(bolHistoryLabel('bol:Colour')).toBe('Bol: Colour');
    expect(bolHistoryLabel('title')).toBeNull();
    expect(productHistoryMessages.bolFields).toBe(BOL_HISTORY_LABELS);
  });

  it("are Dutch in the Dutch words, keeping an attribute's name as bol wrote it", () => {
    expect(historyFieldLabel('bol:chunk', dutch)).toBe('Bol-categorie');
    expect(historyFieldLabel('bol:contentStatus', dutch)).toBe('Content op bol');
    expect(historyFieldLabel('bol:media', dutch)).toBe("Bol-foto's");
    expect(historyFieldLabel('bol:offer:stock', dutch)).toBe('Aanbod op bol: voorraad');
    expect(historyFieldLabel('bol:Colour', dutch)).toBe('Bol: Colour');
  });
});

describe("the Parser form's own checks", () => {
  it('refuse in the words given: Dutch with the Dutch words, English by default', () => {
    const checks = localized(parserMessages, dutchPack, 'parser').checks;
    const unnamed = { ...formOf(supplier()), supplierName: ' ' };
    expect(formProblem(unnamed, null, 'save', '', checks)).toBe('Geef de leverancier een naam.');
    expect(formProblem(unnamed, null, 'save')).toBe('Give the supplier a name.');
  });
});

describe("the stale-save notice's part names", () => {
  it('are the Dutch names of the parts that changed, and a new feed file', () => {
    const words = localized(parserMessages, dutchPack, 'parser').parts;
    const base = formOf(supplier());
    const theirs = supplier({ version: 4, supplierUrlFeed: 'https://tuin.example/new.csv', schedule: { kind: 'every', hours: 2, timeZone: 'Europe/Amsterdam' } });
    expect(changedMeanwhile(base, theirs, words)).toEqual(['Bron van de feed', 'Planning']);
    expect(changedMeanwhile(base, supplier({ version: 4 }), words)).toEqual(['Feedbestand']);
    expect(changedMeanwhile(base, theirs)).toEqual(['Feed source', 'Schedule']);
  });
});

describe("a waiting change's detail line", () => {
  const changes = (images: Partial<ProductChangeSet['images']>): ProductChangeSet => ({
    fields: { title: { old: 'a', new: 'b' }, stock: { old: 1, new: 2 } },
    images: { added: [], deleted: [], edited: [], ...images },
    madeAt: 0,
    offline: false,
  }) as unknown as ProductChangeSet;

  it('names the fields and images in English by default, as before', () => {
    const twoAdded = changes({ added: [{}, {}] as ProductChangeSet['images']['added'], deleted: [{}] as ProductChangeSet['images']['deleted'] });
    expect(changeSetSummary(twoAdded)).toBe(`${productFormMessages.fields.title}, ${productFormMessages.fields.stock}, 2 images added, 1 image removed`);
    expect(changeSetSummary(twoAdded, ENGLISH_DETAIL_WORDS)).toBe(changeSetSummary(twoAdded));
  });

  it('names them in Dutch with the Dutch words, plurals as Dutch writes them', () => {
    const oneAdded = changes({ added: [{}] as ProductChangeSet['images']['added'], deleted: [{}, {}] as ProductChangeSet['images']['deleted'] });
    expect(changeSetSummary(oneAdded, dutchDetails)).toBe(`${dutchDetails.fields.title}, ${dutchDetails.fields.stock}, 1 foto toegevoegd, 2 foto's verwijderd`);
    expect(dutchDetails.fields.title).not.toBe(productFormMessages.fields.title);
    expect(bolChangeSetSummary({ attributes: { Colour: { old: 'a', new: 'b' } }, media: { old: [], new: [] }, madeAt: 0, offline: false } as never, dutchDetails)).toBe("Colour, Bol-foto's");
  });

  it("is Dutch for every kind that writes one", () => {
    const entry = (payload: object) => ({ payload }) as never;
    expect(imageDelete.detail(entry({ imageId: 'abc' }), dutchDetails)).toBe('Foto abc');
    expect(heldBackTakeImages.detail(entry({ images: [1, 2, 3] }), dutchDetails)).toBe("Foto's: 3 foto's van de leverancier");
    expect(heldBackDismiss.detail(entry({ field: 'stock' }), dutchDetails)).toBe(`${dutchDetails.fields.stock}: de waarde van de leverancier wordt niet meer getoond`);
    expect(offerSendAnyway.detail(entry({}), dutchDetails)).toBe('de tegengehouden aanbodwijziging gaat naar bol');
    expect(imageDelete.detail(entry({ imageId: 'abc' }), ENGLISH_DETAIL_WORDS)).toBe('Image abc');
  });
});

describe("the sync engine's line under a change", () => {
  let db: BackofficeDatabase;
  afterEach(async () => {
    await db.delete();
  });

  it('is written in the words the engine is given: Dutch on a Dutch tablet, English by default', async () => {
    db = openTestDatabase();
    await enqueueProductSave(db, makeProduct({ title: 'Offline edit' }), 1, 'anna');
    const transport = new StrictTransport().expect('PUT', '/api/v1/product', { status: 503, body: '', headers: {} });
    await drainOutbox({ ...drainDeps(db, transport), words: () => panel.engine });
    expect((await db.outbox.toArray())[0]?.lastError).toBe('De server antwoordde 503; later opnieuw proberen');

    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    transport.expect('PUT', '/api/v1/product', new Error('ECONNRESET'));
    await drainOutbox({ ...drainDeps(db, transport), words: () => panel.engine });
    expect((await db.outbox.toArray())[0]?.lastError).toBe('Geen verbinding: ECONNRESET');

    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    transport.expect('PUT', '/api/v1/product', { status: 422, body: '', headers: {} });
    await drainOutbox(drainDeps(db, transport));
    expect((await db.outbox.toArray())[0]?.lastError).toBe('The server refused it (422)');
    transport.verify();
  });
});

describe("the counts of a bulk action's outcome", () => {
  const report = { jobId: 4, status: 'success', total: 1200, done: 1200, failed: 0, counts: { productsMatched: 1150, unmatchedOffers: 50, somethingNew: 2 }, message: '', items: [] };
  const offers = bulkAction('reimport-offers');

  it('are worded, not named after the fields of the report (English)', () => {
    expect(reportCounts(report)).toEqual(['total 1,200', 'done 1,200', 'failed 0', 'products matched 1,150', 'unmatched offers 50', 'something new 2', 'items 0']);
  });

  it('are Dutch with the Dutch words and Dutch digits', () => {
    setFormatLanguage('nl');
    const words = localized(listActionsMessages, dutchPack, 'listActions').bulk;
    expect(reportCounts(report, words)).toEqual(['totaal 1.200', 'klaar 1.200', 'mislukt 0', 'producten gevonden 1.150', 'aanbiedingen zonder product 50', 'something new 2', 'onderdelen 0']);
    expect(reportText(offers, { message: 'Klaar.', counts: { offersRemoved: 3 } }, words).text).toBe(`${offers.label}: Klaar (aanbiedingen verwijderd 3).`);
  });
});
