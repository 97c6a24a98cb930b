/**
 * A supplier save refused because someone else saved first (docs/feeds.md): what they changed,
 * and the form with my changed parts on top of theirs. Pure.
 */
import type { SupplierDetails } from '../../../shared/suppliers';
import { parserMessages } from '../../../shared/parser-messages';
import { formOf, type SupplierForm } from './supplier-form';

type PartWords = (typeof parserMessages)['parts'];

/** The parts of the form a person recognises (their names in `PartWords`), each with the form fields it is made of. */
const FORM_PARTS: { part: Exclude<keyof PartWords, 'feedFile'>; fields: (keyof SupplierForm)[] }[] = [
  { part: 'name', fields: ['supplierName'] },
  { part: 'feedSource', fields: ['feedSource', 'supplierUrlFeed'] },
  { part: 'format', fields: ['feedFormat'] },
  { part: 'login', fields: ['credentialsKind', 'storedCredentials', 'username', 'password', 'headerName', 'headerValue'] },
  { part: 'mapping', fields: ['columns', 'fixed', 'mapped', 'guessed', 'decimalSeparator', 'foreignCurrency', 'weightUnit', 'dimensionUnit', 'imageSeparator', 'imageBaseUrl', 'categoryPaths', 'recordElement'] },
  { part: 'variants', fields: ['groupColumn', 'groupKeyColumns', 'fillDown', 'gather', 'skipRows'] },
  { part: 'sellingPrice', fields: ['markupOn', 'multiplier', 'add'] },
  { part: 'usShoeSizes', fields: ['usShoeSizes'] },
  { part: 'alwaysWins', fields: ['alwaysWins'] },
  { part: 'enabled', fields: ['enabled'] },
  { part: 'schedule', fields: ['scheduleKind', 'time', 'hours', 'timeZone'] },
];

/**
 * What someone else changed between the form as it was filled from the server (`base`, before the
 * person's own edits) and the supplier the server holds now (`theirs`), as the form's part names,
 * for the stale-save notice (docs/feeds.md), in `words` (the language shown). The version also goes up for a new feed file, which the
 * form does not hold: a newer version without another difference is a new "Feed file".
 */
export function changedMeanwhile(base: SupplierForm, theirs: SupplierDetails, words: PartWords = parserMessages.parts): string[] {
  const after = formOf(theirs);
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const parts = FORM_PARTS.filter((part) => part.fields.some((field) => !same(base[field], after[field]))).map((part) => words[part.part]);
  return parts.length > 0 ? parts : [words.feedFile];
}

/**
 * "Save my changes on top": the supplier as the other person saved it, with the parts this person
 * changed since the form was filled (`base`) taken from their form. A part both changed is theirs
 * no more: the person chose to save theirs over it, having been told which parts changed.
 */
export function mergeMine(base: SupplierForm, mine: SupplierForm, theirs: SupplierDetails): SupplierForm {
  const merged: SupplierForm = formOf(theirs);
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const copy = <K extends keyof SupplierForm>(field: K) => {
    merged[field] = mine[field];
  };
  for (const part of FORM_PARTS) {
    if (part.fields.some((field) => !same(base[field], mine[field]))) part.fields.forEach(copy);
  }
  return merged;
}
