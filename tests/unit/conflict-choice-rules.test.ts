/**
 * Conflict choices on the form (docs/product-edit.md "Conflicts"): when a choice asks first, what a
 * choice changes on the form, and how the form moves onto the settled copy with the typing kept.
 */
import { describe, expect, it } from 'vitest';
import { typedOverByChoice } from '../../src/app/edit/conflict-choice-rules';
import { conflictsOnForm, formWithChoices } from '../../src/app/features/product-edit/conflict-rules';
import { draftOfProduct, draftUnsaved, draftWithTyped } from '../../src/app/features/product-edit/product-draft';
import { bolConflictsOnForm, bolFormsDiffer, formWithTyped } from '../../src/app/features/bol-model/bol-tab-rules';
import type { FieldConflict } from '../../src/shared/change-set';
import { productEditMessages } from '../../src/shared/product-edit-messages';
import { makeProduct } from './support/offline-fakes';

const conflict = (field: string, mine: unknown, theirs: unknown, label = field): FieldConflict => ({ field, label, base: null, mine, theirs, changedBy: 'bob', changedAt: null });

describe('when a choice asks first', () => {
  const sides = (typed: string | null) => [{ field: 'title', label: 'Title', typed, mine: 'Mine', theirs: 'Theirs' }];

  it('asks when the field holds typing that is neither side, naming what replaces it per choice', () => {
    expect(typedOverByChoice(sides('Mine and theirs'), 'mine')).toEqual([{ field: 'title', label: 'Title', typed: 'Mine and theirs', chosen: 'Mine' }]);
    expect(typedOverByChoice(sides('Mine and theirs'), 'theirs')).toEqual([{ field: 'title', label: 'Title', typed: 'Mine and theirs', chosen: 'Theirs' }]);
  });

  it('does not ask when the field shows either side (spaces aside), or is not on the form', () => {
    for (const typed of ['Mine', 'Theirs', ' Theirs ', null]) {
      expect(typedOverByChoice(sides(typed), 'mine')).toEqual([]);
      expect(typedOverByChoice(sides(typed), 'theirs')).toEqual([]);
    }
  });

  it('the question names each field, what was typed and what replaces it', () => {
    const text = productEditMessages.replaceTyped([{ label: 'Title', typed: 'Mine and theirs', chosen: 'Mine' }]);
    expect(text).toContain('Title');
    expect(text).toContain('“Mine and theirs”');
    expect(text).toContain('“Mine”');
  });
});

describe('the General tab', () => {
  const product = makeProduct({ title: 'Mine', sku: 'A-1', sellingPrice: 10 });

  it('reads each conflict as the form shows it: typed now, mine and theirs in the form’s own format; images are not on the form', () => {
    const form = { ...draftOfProduct(product).form, title: 'Typed', sellingPrice: '11,00' };
    expect(conflictsOnForm(form, product, [conflict('title', 'Mine', 'Theirs', 'Title'), conflict('sellingPrice', 10, 12.5), conflict('images.order', [], [])])).toEqual([
      { field: 'title', label: 'Title', typed: 'Typed', mine: 'Mine', theirs: 'Theirs' },
      { field: 'sellingPrice', label: 'sellingPrice', typed: '11,00', mine: '10,00', theirs: '12,50' },
      { field: 'images.order', label: 'images.order', typed: null, mine: '', theirs: '' },
    ]);
  });

  it('a choice changes only its own field; other typing stays', () => {
    const form = { ...draftOfProduct(product).form, title: 'Typed', sku: 'B-2' };
    const next = formWithChoices(form, product, [conflict('title', 'Mine', 'Theirs'), conflict('sellingPrice', 10, 12.5)], { title: 'theirs' });
    expect([next.title, next.sku, next.sellingPrice]).toEqual(['Theirs', 'B-2', form.sellingPrice]);
  });

  it('moves the draft onto the settled copy: typed fields stay (still unsaved), the rest is the copy’s', () => {
    const opened = draftOfProduct(product);
    const draft = { ...opened, form: { ...opened.form, sku: 'B-2' } };
    const settled = draftOfProduct({ ...product, title: 'Theirs', deliveryCode: '3-5d' });
    const carried = draftWithTyped(draft, opened, settled);
    expect([carried.form.title, carried.form.sku, carried.form.deliveryCode]).toEqual(['Theirs', 'B-2', '3-5d']);
    expect(draftUnsaved(carried, settled)).toBe(true);
    expect(draftUnsaved(draftWithTyped(opened, opened, settled), settled)).toBe(false);
  });
});

describe('the Bol Model tab', () => {
  const form = { values: { Colour: 'Red', Material: 'Mesh' }, media: [] };

  it('reads attribute conflicts as typed / mine / theirs; the image slots are not typed', () => {
    expect(bolConflictsOnForm({ ...form, values: { ...form.values, Colour: 'Rood-groen' } }, [conflict('bol:Colour', 'Red', 'Green', 'Kleur'), conflict('bol:media', [], [])])).toEqual([
      { field: 'bol:Colour', label: 'Kleur', typed: 'Rood-groen', mine: 'Red', theirs: 'Green' },
      { field: 'bol:media', label: 'bol:media', typed: null, mine: '', theirs: '' },
    ]);
  });

  it('compares forms by value (trimmed), and moves a form onto a newer one keeping what was typed', () => {
    expect(bolFormsDiffer(form, { values: { Colour: ' Red ', Material: 'Mesh' }, media: [] })).toBe(false);
    expect(bolFormsDiffer(form, { values: { Colour: 'Red', Material: 'Suede' }, media: [] })).toBe(true);
    const draft = { ...form, values: { ...form.values, Material: 'Suede' } };
    const next = { values: { Colour: 'Green', Material: 'Mesh' }, media: [{ mediaId: 1, value: 'https://cdn.example.com/a.jpg' }] };
    expect(formWithTyped(draft, form, next)).toEqual({ values: { Colour: 'Green', Material: 'Suede' }, media: next.media });
  });
});
