/**
 * The supplier values an import held back, as the Logs screen lists them (docs/jobs.md, "Screens";
 * docs/feeds.md, "Held-back values"): product, field, the person's value and the supplier's. Pure.
 */
import type { ParsingHistoryEntry } from '../../../shared/contract';
import { feedFieldLabel, isFeedField } from '../../../shared/feed-fields';
import { fieldValueText } from '../../lib/field-value-text';

export interface HeldBackLine {
  productId: number;
  field: string;
  mine: string;
  theirs: string;
}

export function heldBackLines(entry: Pick<ParsingHistoryEntry, 'heldBackFields'>): HeldBackLine[] {
  return (entry.heldBackFields ?? []).flatMap((held) => {
    if (!isFeedField(held.field)) return [];
    const field = held.field;
    // The list is narrow: an image list by its count (the product page names the images).
    const shown = (value: unknown) => fieldValueText(field === 'images' ? 'productImages' : field, value);
    return [{ productId: held.productId, field: feedFieldLabel(field), mine: shown(held.mine), theirs: shown(held.theirs) }];
  });
}
