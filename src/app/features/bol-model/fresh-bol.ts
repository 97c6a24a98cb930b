/**
 * The open Bol Model tab and a colleague's newer copy of the model (docs/product-edit.md "Open
 * forms stay fresh"): the field rule of edit/fresh-merge.ts applied to the attributes, the image
 * slots as one value, and the person's choice on an attribute both changed. Pure: no React, no I/O.
 * As on the General tab, an attribute waiting for the choice keeps the value it was opened with as
 * its base, so a save before choosing is reported as a conflict, not written over the colleague's.
 */
import type { BolModel } from '../../../shared/bol-contract';
import { BOL_MODEL_COMPARED } from '../../../shared/bol-change-set';
import type { ProductHistoryEntry } from '../../../shared/contract';
import { mergeFreshForm, type FreshConflict } from '../../edit/fresh-merge';
import { formFromModel, type BolFormState } from './bol-tab-rules';

export interface HeldBolModel {
  base: BolModel;
  opened: BolFormState;
  draft: BolFormState;
}

/** The name the image slots go by in the news. */
export const BOL_MEDIA_NEWS = 'media';

const sameMedia = (a: BolFormState['media'], b: BolFormState['media']) => BOL_MODEL_COMPARED.media.same(a, b);
const same = (a: unknown, b: unknown) => BOL_MODEL_COMPARED.attribute.same(a as string, b as string);

export interface FreshBolMerge {
  held: HeldBolModel;
  updated: string[];
  conflicts: FreshConflict[];
}

/** Merges `fresh` into the held form; `productSize` fills the shoe size as the form does. */
export function mergeFreshBol(held: HeldBolModel, fresh: BolModel, productSize: string): FreshBolMerge {
  const freshForm = formFromModel(fresh, productSize);
  const values = mergeFreshForm(held.opened.values, held.draft.values, freshForm.values, same);
  const waiting = new Set(values.conflicts.map((conflict) => conflict.field));
  const mediaTouched = !sameMedia(held.draft.media, held.opened.media);
  const mediaNews = !mediaTouched && !sameMedia(freshForm.media, held.opened.media);

  const base: BolModel = {
    ...fresh,
    attributeData: fresh.attributeData.map((attribute) =>
      waiting.has(attribute.attributeId) ? { ...attribute, value: held.base.attributeData.find((old) => old.attributeId === attribute.attributeId)?.value ?? attribute.value } : attribute,
    ),
    mediaData: mediaTouched ? held.base.mediaData : fresh.mediaData,
  };
  const opened = formFromModel(base, productSize);
  // An untouched form is the opened one itself: the tab counts a form as unsaved by identity.
  const draft = held.draft === held.opened ? opened : { values: values.draft, media: mediaTouched ? held.draft.media : opened.media };
  return { held: { base, opened, draft }, updated: mediaNews ? [...values.updated, BOL_MEDIA_NEWS] : values.updated, conflicts: values.conflicts };
}

/** The person's choice on an attribute both changed (see chooseFreshField of the General tab). */
export function chooseFreshBol(held: HeldBolModel, attributeId: string, choice: 'mine' | 'theirs', theirs: BolModel, productSize: string): HeldBolModel {
  const value = theirs.attributeData.find((attribute) => attribute.attributeId === attributeId)?.value ?? '';
  const base: BolModel = { ...held.base, attributeData: held.base.attributeData.map((attribute) => (attribute.attributeId === attributeId ? { ...attribute, value } : attribute)) };
  const theirsText = formFromModel(theirs, productSize).values[attributeId] ?? value;
  const opened: BolFormState = { ...held.opened, values: { ...held.opened.values, [attributeId]: theirsText } };
  const draft: BolFormState = choice === 'theirs' ? { ...held.draft, values: { ...held.draft.values, [attributeId]: theirsText } } : held.draft;
  const settled = sameMedia(draft.media, opened.media) && Object.keys({ ...draft.values, ...opened.values }).every((id) => same(draft.values[id] ?? '', opened.values[id] ?? ''));
  return { base, opened, draft: settled ? opened : draft };
}

/** Who made the newest change to any of these history fields (bol:<attribute>, bol:media), or nobody known. */
export function authorOfBolChange(entries: readonly Pick<ProductHistoryEntry, 'author' | 'id' | 'changes'>[], fields: readonly string[]): string[] {
  const keys = new Set(fields.map((field) => (field === BOL_MEDIA_NEWS ? BOL_MODEL_COMPARED.media.key : BOL_MODEL_COMPARED.attribute.key(field))));
  const newest = [...entries].sort((a, b) => b.id - a.id).find((entry) => entry.changes.some((change) => keys.has(change.field)));
  return newest ? [newest.author] : [];
}

/** The attributes (and the image slots) whose values differ between two copies of the model. */
export function changedBolFields(before: BolModel, after: BolModel): string[] {
  const fields = after.attributeData
    .filter((attribute) => !same(attribute.value ?? '', before.attributeData.find((old) => old.attributeId === attribute.attributeId)?.value ?? ''))
    .map((attribute) => attribute.attributeId);
  return sameMedia(before.mediaData, after.mediaData) ? fields : [...fields, BOL_MEDIA_NEWS];
}
