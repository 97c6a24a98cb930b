/**
 * The supplier values an import held back, as the Logs screen lists them (docs/jobs.md, "Screens";
 * docs/feeds.md, "Held-back values"): product, field, the person's value and the supplier's. Pure.
 */
import type { ParsingHistoryEntry } from '../../../shared/contract';
import { feedFieldLabel, isFeedField } from '../../../shared/feed-fields';
import { messages } from '../../../shared/messages';
import { supplierValueText } from '../../lib/supplier-value-text';

export interface HeldBackLine {
  productId: number;
  field: string;
  mine: string;
  theirs: string;
}

const imagesText = (value: unknown) => (Array.isArray(value) ? (value.length === 1 ? '1 image' : `${value.length} images`) : messages.productEdit.emptyValue);

export function heldBackLines(entry: Pick<ParsingHistoryEntry, 'heldBackFields'>): HeldBackLine[] {
  return (entry.heldBackFields ?? []).flatMap((held) => {
    if (!isFeedField(held.field)) return [];
    const field = held.field;
    const shown = (value: unknown) => (field === 'images' ? imagesText(value) : field === 'categoryId' ? String(value ?? messages.productEdit.emptyValue) : supplierValueText({ field, value, at: '' }));
    return [{ productId: held.productId, field: feedFieldLabel(field), mine: shown(held.mine), theirs: shown(held.theirs) }];
  });
}
