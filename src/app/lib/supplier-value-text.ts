/**
 * A supplier feed value held back on a product (docs/feeds.md, "Held-back values"), as the app
 * shows values everywhere (format.ts): the product page's note and the Logs screen's list. Pure.
 */
import type { HeldSupplierValue } from '../../shared/feed-fields';
import { messages } from '../../shared/messages';
import { PRODUCT_FIELD_TABLE, isProductFieldName } from '../../shared/product-fields';
import { countText, decimalInputText, priceText } from './format';

const kindOf = (field: string) => (isProductFieldName(field) ? PRODUCT_FIELD_TABLE[field].kind : null);

/** A held supplier value as the app shows values: prices "€ 12,50", measures "0,75", counts "1,234", HTML as text. */
export function supplierValueText(held: HeldSupplierValue): string {
  const { field, value } = held;
  if (value === null || value === undefined || value === '') return messages.productEdit.emptyValue;
  if (kindOf(field) === 'price' && typeof value === 'number') return priceText(value);
  if (kindOf(field) === 'measure' && typeof value === 'number') return decimalInputText(value);
  if (field === 'stock' && typeof value === 'number') return countText(value);
  if (typeof value !== 'string') return String(value);
  const text = field === 'description' ? value.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() : value;
  if (text === '') return messages.productEdit.emptyValue;
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

