/**
 * The product page's rules write their sentences in the words they are given (docs/languages.md,
 * "How screens read their words"): with the Dutch pack's words, the History tab's lines, the
 * values, the held-back notes, the Bol Model tab's status and offer lines are Dutch, with Dutch
 * numbers; and an error answer of the server reads in the language shown when it names its sentence.
 */
import { describe, expect, it } from 'vitest';
import { ENGLISH_HISTORY_WORDS, heldHistoryText, historyFieldLabel, historyImageLines, historySentence, historyValue, howLabel, type HistoryWords } from '../../src/app/features/product-edit/history-rules';
import { supplierValueText } from '../../src/app/features/product-edit/held-back-rules';
import { contentStatusText } from '../../src/app/features/bol-model/bol-status-rules';
import { offerView } from '../../src/app/features/bol-model/bol-offer-view';
import { fieldNote, recommendationText, slotLabel } from '../../src/app/features/bol-model/bol-tab-rules';
import { savedOutcomeNote } from '../../src/app/features/bol-model/save-bol-model';
import { dutchPack } from '../../src/app/i18n/dutch-pack';
import { localized } from '../../src/app/i18n/translation-pack';
import { setFormatLanguage } from '../../src/app/lib/format';
import { fieldValueText, VALUE_TEXT_MAX_LENGTH, type FieldValueWords } from '../../src/app/lib/field-value-text';
import { conflictDifferences } from '../../src/app/sync/record-diff';
import { answerSentence } from '../../src/shared/answer-sentence';
import { bolModelMessages } from '../../src/shared/bol-model-messages';
import { bolOfferMessages } from '../../src/shared/bol-offer-messages';
import type { OfferSyncState } from '../../src/shared/bol-offer-sync';
import { HISTORY_HOW_LABELS, type ProductHistoryEntry } from '../../src/shared/contract';
import { historyMessages, messages, VALUE_WORDS } from '../../src/shared/messages';
import { productEditMessages } from '../../src/shared/product-edit-messages';
import { productFormMessages } from '../../src/shared/product-form-messages';
import { productHistoryMessages } from '../../src/shared/product-history-messages';
import { serverSentence } from '../../src/shared/server-messages';
import { CONTENT_STATUS_WORDS } from '../../src/shared/status-words';

const values: FieldValueWords = { value: localized(VALUE_WORDS, dutchPack, 'valueWords'), content: CONTENT_STATUS_WORDS };
const history: HistoryWords = {
  tab: localized(productHistoryMessages, dutchPack, 'productHistory'),
  lines: localized(historyMessages, dutchPack, 'history'),
  how: localized(HISTORY_HOW_LABELS, dutchPack, 'historyHow'),
  fields: localized(productFormMessages, dutchPack, 'productForm').fields,
  values,
  images: localized(messages.imageChanges, dutchPack, 'imageChanges'),
};
const bolWords = localized(bolModelMessages, dutchPack, 'bolModel');
const editWords = localized(productEditMessages, dutchPack, 'productEdit');

describe('the History tab in Dutch', () => {
  it('labels fields and the way a change came in Dutch, and writes values with Dutch numbers', () => {
    setFormatLanguage('nl');
    try {
      expect(historyFieldLabel('productImages', history)).toBe("Foto's");
      expect(historyFieldLabel('title', history)).toBe(localized(productFormMessages, dutchPack, 'productForm').fields.title);
      expect(howLabel({ how: 'feed-import' } as ProductHistoryEntry, history)).toBe('feedimport');
      expect(historyValue('stock', 12000, {}, history)).toBe('12.000');
      expect(historyValue('productImages', [{}, {}, {}], {}, history)).toBe("3 foto's");
      expect(historyValue('brand', null, {}, history)).toBe('—');
    } finally {
      setFormatLanguage('en');
    }
  });

  it('writes the sentences of held-back values, a main product handed over and image changes in Dutch', () => {
    expect(heldHistoryText('title', 'Lamp', history)).toBe('tegengehouden: de leverancier zegt nu Lamp');
    expect(historySentence({ field: 'mainProduct', old: true, new: false, becameMain: { productId: 12, title: ' ' } }, history)).toBe('Geen hoofdproduct meer: product 12 werd hoofdproduct');
    expect(historySentence({ field: 'mainProduct', old: true, new: false, becameMain: { productId: 12, title: 'Sneaker' } }, history)).toBe('Geen hoofdproduct meer: Sneaker (12) werd hoofdproduct');
    const deleted = historyImageLines('image:a', { position: 2, filePath: '/media/a/front.jpg', name: '', altImage: '', isMainImage: false }, null, 'Ann', false, history);
    expect(deleted).toEqual(['Foto 2 ‘front.jpg’ verwijderd door Ann']);
    // English stays as it was without words.
    expect(heldHistoryText('title', 'Lamp')).toBe('held back: the supplier now says Lamp');
    expect(historySentence({ field: 'mainProduct', old: true, new: false, becameMain: { productId: 12, title: ' ' } }, ENGLISH_HISTORY_WORDS)).toBe('No longer the main product: product 12 became main');
  });
});

describe('the General tab’s notes and conflicts in Dutch', () => {
  it('a held-back supplier value and the empty value read in Dutch', () => {
    const at = '2026-03-01T10:00:00Z';
    expect(supplierValueText({ field: 'color', value: '', at }, { edit: editWords, values })).toBe(editWords.emptyValue);
    expect(editWords.emptyValue).not.toBe(productEditMessages.emptyValue);
    expect(supplierValueText({ field: 'images', value: [], at }, { edit: editWords, values })).toBe(values.value.noImages);
    expect(values.value.noImages).not.toBe('No images');
  });

  it('conflict rows write yes/no and deleted images in Dutch', () => {
    const rows = conflictDifferences(
      [{ field: 'buyBlock', label: 'Buy block', base: false, mine: true, theirs: false, changedBy: 'Bram', changedAt: null }],
      {},
      { values, images: localized(messages.imageChanges, dutchPack, 'imageChanges') },
    );
    expect(rows[0]?.mine).toBe(values.value.flags.buyBlock?.yes);
    expect(rows[0]?.mine).not.toBe('Blocked');
    expect(fieldValueText('buyBlock', true, {}, VALUE_TEXT_MAX_LENGTH)).toBe('Blocked');
  });
});

describe('the Bol Model tab in Dutch', () => {
  it('says the content status, the recommendation, the size note and the main slot in Dutch', () => {
    expect(contentStatusText({ contentStatus: 'FAILURE', contentMessage: 'EAN unknown' }, bolWords.statusText)).toEqual({ text: 'Geweigerd door bol: EAN unknown', tone: 'red' });
    expect(contentStatusText({ contentStatus: 'SUCCESS', contentMessage: '' })).toEqual({ text: 'Accepted by bol', tone: 'green' });
    expect(recommendationText({ chunkId: '1', chunkName: 'Sneakers', probability: 0.874 }, bolWords)).toBe('Aanbevolen door bol (87%)');
    expect(fieldNote({ attributeId: 'Schoenmaat', attributeName: 'Schoenmaat', required: true, value: '', valueList: null, description: '', unit: null } as never, { productSize: '44' }, bolWords)).toBe('Productmaat: 44.');
    expect(slotLabel(1, bolWords)).toBe('1 (hoofdfoto)');
    expect(savedOutcomeNote({ kind: 'kept', reason: 'offline' }, editWords)).toBe(editWords.savedOnDevice);
  });

  it('writes the offer on bol in Dutch: the summary and the held-back change', () => {
    const state = {
      onBol: { offerId: 'o1', ean: '1', price: 19.95, stock: 12, reference: null, deliveryCode: null, onHold: true },
      heldBack: { kind: 'price', reason: 'more than 40 % up', changes: [{ field: 'bol:offer:price', old: '€ 20,00', new: '€ 28,00' }] },
      error: null,
      waiting: false,
      notOffered: null,
      notPublishableReasons: [],
      source: 'sync',
      lastSentAt: null,
      nextAttemptAt: null,
    } as unknown as OfferSyncState;
    const view = offerView(state, false, (iso) => iso, { offer: bolOfferMessages, model: bolWords });
    expect(view.summary).toMatch(/^€\s?19,95 · voorraad 12 · in de wacht$/);
    expect(view.changes).toEqual(['prijs: € 20,00 → € 28,00']);
    expect(offerView(state, false, (iso) => iso).summary).toMatch(/· stock 12 · on hold$/);
  });
});

describe('sentences the server writes', () => {
  const dutch = (id: string, args: readonly unknown[]) => dutchPack.text(id, args);

  it('read in Dutch when the answer names its sentence, else as the server wrote them', () => {
    expect(answerSentence(serverSentence('productMissing', 12345), dutch)).toBe('Product 12345 bestaat niet');
    expect(answerSentence(serverSentence('changeConflict'), dutch)).toMatch(/^Iemand anders heeft intussen/);
    expect(answerSentence(serverSentence('jobCancelledBy', 'anna'), dutch)).toBe('Geannuleerd door anna');
    expect(answerSentence({ message: 'Internal server error' }, dutch)).toBe('Internal server error');
    expect(answerSentence({ message: 'Unknown id', messageId: 'server.noSuchSentence', messageArgs: [] }, dutch)).toBe('Unknown id');
    expect(answerSentence(serverSentence('productMissing', 12345), null)).toBe('Product 12345 does not exist');
    expect(answerSentence('not a body', dutch)).toBeNull();
  });

  it('keeps the English the server answered before, word for word', () => {
    expect(serverSentence('productMissing', 7).message).toBe('Product 7 does not exist');
    expect(serverSentence('changeSetNotValid', 'madeAt: x').message).toBe('The change set is not valid: madeAt: x');
    expect(serverSentence('modelMissingAndOutside', 'Name', "Kleur ('Purple')").message).toBe("Please fill in all required fields. Missing: Name. Not in its value list: Kleur ('Purple').");
    expect(serverSentence('jobInterrupted').message).toBe('Interrupted: the server stopped while this was running');
  });
});
