/**
 * Open forms stay fresh (docs/product-edit.md "Open forms stay fresh"): a colleague's newer copy
 * merged into the open form field by field (src/app/edit/fresh-merge.ts), for the product form
 * (src/app/features/product-edit/fresh-product.ts), and the note it makes.
 */
import { describe, expect, it } from 'vitest';
import { addNews, mergeFreshForm, withoutConflict } from '../../src/app/edit/fresh-merge';
import { draftOfProduct } from '../../src/app/features/product-edit/product-draft';
import { authorsSince, chooseFreshField, IMAGES_NEWS, mergeFreshProduct, type HeldProduct } from '../../src/app/features/product-edit/fresh-product';
import { draftUnsaved, productOfDraft } from '../../src/app/features/product-edit/product-draft';
import { buildChangeSet } from '../../src/shared/change-set';
import { mergeChangeSet } from '../../src/shared/change-set-merge';
import { productEditMessages } from '../../src/shared/product-edit-messages';
import { makeProduct } from './support/offline-fakes';
import type { BolAttribute, BolModel } from '../../src/shared/bol-contract';
import { formFromModel } from '../../src/app/features/bol-model/bol-tab-rules';
import { authorOfBolChange, changedBolFields, chooseFreshBol, mergeFreshBol } from '../../src/app/features/bol-model/fresh-bol';

describe('mergeFreshForm', () => {
  const opened = { title: 'Shoe', sku: 'A1', stock: '3', color: 'red' };

  it('updates untouched fields in place and names them, keeps what the person typed where the colleague changed nothing', () => {
    const draft = { ...opened, sku: 'B2' };
    const fresh = { ...opened, title: 'Better shoe', stock: '5' };
    const merged = mergeFreshForm(opened, draft, fresh);
    expect(merged.draft).toEqual({ title: 'Better shoe', sku: 'B2', stock: '5', color: 'red' });
    expect(merged.updated).toEqual(['title', 'stock']);
    expect(merged.conflicts).toEqual([]);
  });

  it('never overwrites a touched field the colleague changed too: it becomes a conflict with both values', () => {
    const draft = { ...opened, title: 'My shoe' };
    const fresh = { ...opened, title: 'Their shoe' };
    const merged = mergeFreshForm(opened, draft, fresh);
    expect(merged.draft.title).toBe('My shoe');
    expect(merged.updated).toEqual([]);
    expect(merged.conflicts).toEqual([{ field: 'title', mine: 'My shoe', theirs: 'Their shoe' }]);
  });

  it('both changing a field to the same value is neither a note nor a conflict', () => {
    const merged = mergeFreshForm(opened, { ...opened, color: 'blue' }, { ...opened, color: 'blue' });
    expect(merged).toEqual({ draft: { ...opened, color: 'blue' }, updated: [], conflicts: [] });
  });
});

describe('the note', () => {
  it('adds up people and updated fields while it shows, takes the latest conflicts, and goes once everything is chosen', () => {
    const first = addNews(null, ['anna'], { updated: ['title'], conflicts: [] });
    expect(first).toEqual({ by: ['anna'], updated: ['title'], conflicts: [] });
    const second = addNews(first, ['bram'], { updated: ['stock'], conflicts: [{ field: 'sku', mine: 'B', theirs: 'C' }] });
    expect(second).toEqual({ by: ['anna', 'bram'], updated: ['title', 'stock'], conflicts: [{ field: 'sku', mine: 'B', theirs: 'C' }] });
    expect(withoutConflict(second, 'sku')).toEqual({ by: ['anna', 'bram'], updated: ['title', 'stock'], conflicts: [] });
    expect(withoutConflict({ by: ['anna'], updated: [], conflicts: [{ field: 'sku', mine: 'B', theirs: 'C' }] }, 'sku')).toBeNull();
  });

  it('reads "Updated by Anna just now: Title, Stock"', () => {
    expect(productEditMessages.freshUpdated(['Anna'], ['Title', 'Stock'])).toBe('Updated by Anna just now: Title, Stock');
    expect(productEditMessages.freshUpdated([], ['Title'])).toBe('Updated by someone else just now: Title');
  });

  it('names who changed the product after the version the form holds, newest first, each once, by display name', () => {
    const entries = [
      { author: 'anna', authorName: 'Anna de Vries', version: 7 },
      { author: 'bram', authorName: '', version: 6 },
      { author: 'anna', authorName: 'Anna de Vries', version: 5 },
      { author: 'carl', authorName: 'Carl', version: 4 },
    ];
    expect(authorsSince(entries, 4)).toEqual(['Anna de Vries', 'bram']);
    expect(authorsSince(entries, 7)).toEqual([]);
  });
});

describe('mergeFreshProduct', () => {
  const start = makeProduct({ productId: 9, title: 'Shoe', sku: 'A1', stock: 3, version: 4 });
  const opened = draftOfProduct(start);
  const typedSku: HeldProduct = { base: start, opened, draft: { ...opened, form: { ...opened.form, sku: 'B2' } } };

  it("A's title arrives in B's form; B's typed SKU stays; the form is on A's version and still unsaved", () => {
    const fresh = { ...start, title: 'Title by A', version: 5 };
    const merged = mergeFreshProduct(typedSku, fresh);
    expect(merged.updated).toEqual(['title']);
    expect(merged.conflicts).toEqual([]);
    expect(merged.held.draft.form.title).toBe('Title by A');
    expect(merged.held.draft.form.sku).toBe('B2');
    expect(merged.held.base.version).toBe(5);
    expect(draftUnsaved(merged.held.draft, merged.held.opened)).toBe(true);
    // A save now sends the SKU only, on A's title.
    const set = buildChangeSet(merged.held.base, productOfDraft(merged.held.draft, merged.held.base), 0, false);
    expect(Object.keys(set.fields)).toEqual(['sku']);
  });

  it('an untouched form takes every change and is not unsaved', () => {
    const untouched: HeldProduct = { base: start, opened, draft: opened };
    const merged = mergeFreshProduct(untouched, { ...start, title: 'T', stock: 8, version: 5 });
    expect(merged.updated).toEqual(['title', 'stock']);
    expect(draftUnsaved(merged.held.draft, merged.held.opened)).toBe(false);
  });

  it('a field both changed keeps the old base, so a save before choosing is a conflict on the server, not an overwrite', () => {
    const typedTitle: HeldProduct = { base: start, opened, draft: { ...opened, form: { ...opened.form, title: 'Mine' } } };
    const fresh = { ...start, title: 'Theirs', version: 5 };
    const merged = mergeFreshProduct(typedTitle, fresh);
    expect(merged.conflicts).toEqual([{ field: 'title', mine: 'Mine', theirs: 'Theirs' }]);
    expect(merged.held.draft.form.title).toBe('Mine');
    expect(merged.held.base.title).toBe('Shoe');
    const set = buildChangeSet(merged.held.base, productOfDraft(merged.held.draft, merged.held.base), 0, false);
    expect(mergeChangeSet(fresh, set).conflicts.map((conflict) => conflict.field)).toEqual(['title']);
  });

  it('"Take theirs" puts their value in the form; "Keep mine" keeps the typing and a save then writes it knowingly', () => {
    const typedTitle: HeldProduct = { base: start, opened, draft: { ...opened, form: { ...opened.form, title: 'Mine' } } };
    const fresh = { ...start, title: 'Theirs', version: 5 };
    const merged = mergeFreshProduct(typedTitle, fresh).held;
    const theirs = chooseFreshField(merged, 'title', 'theirs', fresh);
    expect(theirs.draft.form.title).toBe('Theirs');
    expect(draftUnsaved(theirs.draft, theirs.opened)).toBe(false);
    const mine = chooseFreshField(merged, 'title', 'mine', fresh);
    expect(mine.draft.form.title).toBe('Mine');
    const set = buildChangeSet(mine.base, productOfDraft(mine.draft, mine.base), 0, false);
    expect(mergeChangeSet(fresh, set)).toMatchObject({ conflicts: [], writes: { title: 'Mine' } });
  });

  it('images follow the same rule: untouched take theirs (named in the note), rearranged ones stay', () => {
    const image = { id: 'i1', filePath: '/media/a.jpg', name: 'a', altImage: '', isMainImage: true };
    const withImage = { ...start, productImages: [image], version: 5 };
    const untouched: HeldProduct = { base: start, opened, draft: opened };
    const merged = mergeFreshProduct(untouched, withImage);
    expect(merged.updated).toEqual([IMAGES_NEWS]);
    expect(merged.held.draft.images).toEqual([image]);
    const mine = { ...image, id: 'i2', filePath: '/media/b.jpg' };
    const touched: HeldProduct = { base: start, opened, draft: { ...opened, images: [mine] } };
    const kept = mergeFreshProduct(touched, withImage);
    expect(kept.updated).toEqual([]);
    expect(kept.held.draft.images).toEqual([mine]);
    expect(kept.held.base.productImages).toEqual(start.productImages);
  });
});

describe('mergeFreshBol (the Bol Model tab)', () => {
  const attribute = (attributeId: string, value: string): BolAttribute => ({ attributeId, attributeName: attributeId, required: false, value, valueList: null, description: '' });
  const model = (values: Record<string, string>, version: number): BolModel => ({
    productId: 7,
    chunkId: '1',
    chunkName: 'Pans',
    attributeData: Object.entries(values).map(([id, value]) => attribute(id, value)),
    mediaData: [],
    version,
  });
  const start = model({ Colour: 'Red', Material: 'Iron' }, 3);
  const opened = formFromModel(start, '');

  it('an untouched tab takes the new values and stays the opened form (not unsaved)', () => {
    const merged = mergeFreshBol({ base: start, opened, draft: opened }, model({ Colour: 'Blue', Material: 'Iron' }, 4), '');
    expect(merged.updated).toEqual(['Colour']);
    expect(merged.held.draft).toBe(merged.held.opened);
    expect(merged.held.draft.values.Colour).toBe('Blue');
  });

  it('keeps a typed attribute, takes the untouched one, and makes one both changed a conflict with its old base kept', () => {
    const draft = { ...opened, values: { Colour: 'Green', Material: 'Steel' } };
    const merged = mergeFreshBol({ base: start, opened, draft }, model({ Colour: 'Blue', Material: 'Iron' }, 4), '');
    expect(merged.conflicts).toEqual([{ field: 'Colour', mine: 'Green', theirs: 'Blue' }]);
    expect(merged.held.draft.values).toEqual({ Colour: 'Green', Material: 'Steel' });
    expect(merged.held.base.attributeData.find((a) => a.attributeId === 'Colour')?.value).toBe('Red');
    expect(merged.held.base.version).toBe(4);
    const theirs = chooseFreshBol(merged.held, 'Colour', 'theirs', model({ Colour: 'Blue', Material: 'Iron' }, 4), '');
    expect(theirs.draft.values.Colour).toBe('Blue');
    expect(theirs.base.attributeData.find((a) => a.attributeId === 'Colour')?.value).toBe('Blue');
  });

  it('names who made the newest change to the fields that changed', () => {
    const entries = [
      { id: 3, author: 'anna', changes: [{ field: 'bol:Colour', old: 'Red', new: 'Blue' }] },
      { id: 2, author: 'bram', changes: [{ field: 'title', old: 'a', new: 'b' }] },
    ];
    expect(changedBolFields(start, model({ Colour: 'Blue', Material: 'Iron' }, 4))).toEqual(['Colour']);
    expect(authorOfBolChange(entries, ['Colour'])).toEqual(['anna']);
    expect(authorOfBolChange(entries, ['Material'])).toEqual([]);
  });
});
