/**
 * A supplier save refused because someone else saved first (docs/feeds.md): what they changed,
 * and the form with my changed parts on top of theirs. Pure.
 */
import type { SupplierDetails } from '../../../shared/suppliers';
import { formOf, type SupplierForm } from './supplier-form';

/** The parts of the form a person recognises, each with the form fields it is made of. */
const FORM_PARTS: { label: string; fields: (keyof SupplierForm)[] }[] = [
  { label: 'Name', fields: ['supplierName'] },
  { label: 'Feed source', fields: ['feedSource', 'supplierUrlFeed'] },
  { label: 'Format', fields: ['feedFormat'] },
  { label: 'Login for the feed', fields: ['credentialsKind', 'storedCredentials', 'username', 'password', 'headerName', 'headerValue'] },
  { label: 'Column mapping', fields: ['columns', 'fixed', 'mapped', 'guessed', 'decimalSeparator', 'foreignCurrency', 'weightUnit', 'dimensionUnit', 'imageSeparator', 'imageBaseUrl', 'categoryPaths', 'recordElement'] },
  { label: 'Variants and parent rows', fields: ['groupColumn', 'groupKeyColumns', 'fillDown', 'gather', 'skipRows'] },
  { label: 'Selling price', fields: ['markupOn', 'multiplier', 'add'] },
  { label: 'US shoe sizes', fields: ['usShoeSizes'] },
  { label: 'Fields the feed always wins', fields: ['alwaysWins'] },
  { label: 'Enabled', fields: ['enabled'] },
  { label: 'Schedule', fields: ['scheduleKind', 'time', 'hours', 'timeZone'] },
];

/**
 * What someone else changed between the form as it was filled from the server (`base`, before the
 * person's own edits) and the supplier the server holds now (`theirs`), as the form's part names,
 * for the stale-save notice (docs/feeds.md). The version also goes up for a new feed file, which the
 * form does not hold: a newer version without another difference is a new "Feed file".
 */
export function changedMeanwhile(base: SupplierForm, theirs: SupplierDetails): string[] {
  const after = formOf(theirs);
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const parts = FORM_PARTS.filter((part) => part.fields.some((field) => !same(base[field], after[field]))).map((part) => part.label);
  return parts.length > 0 ? parts : ['Feed file'];
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
