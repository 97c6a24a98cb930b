import { describe, expect, it } from 'vitest';
import type { FieldConflict } from '../../src/shared/change-set';
import { allDecided, changeIsOnItsWay, editorConflictOf, formFieldOf, formWithTheirs } from '../../src/app/features/product-edit/conflict-rules';
import { canRestore, historyAuthor, historyFieldLabel, historySentence, historyValue, withRestored } from '../../src/app/features/product-edit/history-rules';
import { formFromProduct } from '../../src/app/features/product-edit/product-form';
import { makeProduct } from './support/offline-fakes';

const conflict = (field: string, theirs: unknown): FieldConflict => ({ field, label: field, base: null, mine: null, theirs, changedBy: 'bob', changedAt: null });

describe('the editor conflict', () => {
  const product = makeProduct({ title: 'Mine', sellingPrice: 10 });
  const entry = (overrides: Record<string, unknown>) => ({ id: 'e1', kind: 'product-change', status: 'conflict', author: 'anna', serverCopy: { message: '', product, conflicts: [conflict('title', 'Theirs')] }, ...overrides });

  it('is my conflicting change set; another person’s waits for them', () => {
    expect(editorConflictOf([entry({})], 'anna')?.conflicts.map((c) => c.field)).toEqual(['title']);
    expect(editorConflictOf([entry({ author: 'bob' })], 'anna')).toBeNull();
    expect(editorConflictOf([entry({ status: 'pending' })], 'anna')).toBeNull();
  });

  it('shows the spinner while a change of mine waits or is sent, not for a conflict', () => {
    expect(changeIsOnItsWay([entry({ status: 'pending' })], 'anna')).toBe(true);
    expect(changeIsOnItsWay([entry({ status: 'sending' })], 'anna')).toBe(true);
    expect(changeIsOnItsWay([entry({})], 'anna')).toBe(false);
  });

  it('takes their values into the form as the form types them; images have no form field', () => {
    const form = formFromProduct(product);
    const next = formWithTheirs(form, product, [conflict('title', 'Theirs'), conflict('sellingPrice', 12.5), conflict('images.order', [])]);
    expect([next.title, next.sellingPrice]).toEqual(['Theirs', '12,50']);
    expect(formFieldOf(conflict('images.order', []))).toBeNull();
    expect(allDecided([conflict('title', 'x'), conflict('sku', 'y')], { title: 'mine' })).toBe(false);
    expect(allDecided([conflict('title', 'x')], { title: 'theirs' })).toBe(true);
  });
});

describe('the history view', () => {
  const product = makeProduct({ title: 'Now', deliveryCode: '1-2d' });
  it('labels fields as the spec does and shows values readably', () => {
    expect(historyFieldLabel('deliveryCode')).toBe('Delivery Term');
    expect(historyFieldLabel('productImages')).toBe('Images');
    expect(historyValue('productImages', [{}, {}])).toBe('2 images');
    expect(historyValue('description', '<p>Soft <b>seat</b></p>')).toBe('Soft seat');
    expect(historyValue('brand', null)).toBe('—');
    expect(historyValue('sellingPrice', 139.5)).toBe('€\u00a0139,50');
    expect(historyValue('categoryId', 3, { categoryName: (id) => (id === 3 ? 'Shoes' : undefined) })).toBe('Shoes');
  });

  it('says in words that a product stopped being main, and which one became main', () => {
    expect(historySentence({ field: 'mainProduct', old: true, new: false, becameMain: { productId: 12, title: 'Court sneaker 42' } })).toBe(
      'No longer the main product: Court sneaker 42 (12) became main',
    );
    expect(historySentence({ field: 'mainProduct', old: true, new: false, becameMain: { productId: 12, title: ' ' } })).toBe('No longer the main product: product 12 became main');
    // Set by hand (no other product named): an ordinary change.
    expect(historySentence({ field: 'mainProduct', old: true, new: false })).toBeNull();
  });

  it('names the author by display name, else by user name', () => {
    expect(historyAuthor({ author: 'anna', authorName: 'Anna de Vries' })).toBe('Anna de Vries');
    expect(historyAuthor({ author: 'bol', authorName: '' })).toBe('bol');
    expect(historyAuthor({ author: 'anna' })).toBe('anna');
  });

  it('restores a product field a person edits, when it differs from now', () => {
    expect(canRestore('title', 'Before', product)).toBe(true);
    expect(canRestore('title', 'Now', product)).toBe(false);
    expect(canRestore('categoryId', 3, product)).toBe(false);
    expect(canRestore('productImages', [], product)).toBe(false);
    expect(withRestored(product, 'title', 'Before').title).toBe('Before');
  });
});
