/**
 * The Orders list's one line per order (docs/product-list.md, "A list that shows the list"): who it
 * goes to, what it holds, and which item can be cancelled from the line itself. The whole order
 * (every shipment field, every item) opens under the line.
 */
import type { BolOrder, BolOrderItem } from '../../../shared/bol-contract';
import { canCancelItem } from './orders-rules';
import { ordersPageMessages, type OrdersPageWords } from '../../../shared/orders-page-messages';

/** "Emma Hendriks, Antwerpen". */
export function recipientText(order: BolOrder): string {
  const s = order.shipmentDetails;
  const name = [s.firstName, s.surname].filter((part) => part && part.trim() !== '').join(' ');
  return [name, s.city].filter((part) => part && part.trim() !== '').join(', ');
}

/** The words of a line, in the language shown (English by default). */
export type OrderRowWords = Pick<OrdersPageWords, 'fulfilment' | 'items'>;

function itemText(item: BolOrderItem, words: OrderRowWords = ordersPageMessages): string {
  const state = words.fulfilment[item.fulfilmentStatus] ?? item.fulfilmentStatus.toLowerCase();
  return `${item.quantity} × ${item.title || item.ean} · ${state}`;
}

/** One item: its line; more: how many, and how many are open. */
export function itemsSummary(items: readonly BolOrderItem[], words: OrderRowWords = ordersPageMessages): string {
  const [only] = items;
  if (items.length === 1 && only) return itemText(only, words);
  const open = items.filter((item) => item.fulfilmentStatus === 'OPEN').length;
  return words.items(items.length, open);
}

/** The item the line's own "Cancel item" cancels: the order's one cancellable item, if it has exactly one. */
export function lineCancelItem(items: readonly BolOrderItem[]): BolOrderItem | null {
  const cancellable = items.filter(canCancelItem);
  return cancellable.length === 1 ? (cancellable[0] ?? null) : null;
}

export { itemText };
