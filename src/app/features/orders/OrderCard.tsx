/**
 * One order as a line of the Orders list (docs/product-list.md, "A list that shows the list"): its
 * id, when it was placed, who it goes to and what it holds, with "Cancel item" when exactly one
 * item can be cancelled. Tapping the line opens the order: the shipment details
 * (docs/requirements.md §2, Orders) and every item, each open item with "Cancel item"
 * (docs/marketplace-screens.md "Orders").
 */
import { Text } from '@radix-ui/themes';
import { useId, useState, type Ref } from 'react';
import type { BolOrder } from '../../../shared/bol-contract';
import { dateTimeText } from '../../lib/format';
import { CancelItemDialog } from './CancelItemDialog';
import { canCancelItem, shipmentLines } from './orders-rules';
import { itemsSummary, itemText, lineCancelItem, recipientText } from './order-row-rules';
import { useMessages } from '../../i18n/language';
import { messages } from '../../../shared/messages';
import { ordersPageMessages } from '../../../shared/orders-page-messages';

export function OrderCard({ order, ref, onChanged }: { order: BolOrder; ref?: Ref<HTMLLIElement> | undefined; onChanged?: () => void }) {
  const words = useMessages(ordersPageMessages, 'ordersPage');
  const fieldWords = useMessages(messages).orders;
  const items = order.orderItems ?? [];
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const lineCancel = open ? null : lineCancelItem(items);
  return (
    <li ref={ref} className="order" data-testid="order" data-order-id={order.orderId} data-open={open || undefined}>
      <div className="order-line">
        <button type="button" className="order-toggle" data-testid="order-toggle" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
          <span className="order-id">{words.order(order.orderId)}</span>
          <time className="order-placed" dateTime={order.orderPlacedDateTime} data-testid="order-placed">
            {dateTimeText(order.orderPlacedDateTime)}
          </time>
          <span className="order-recipient">{recipientText(order)}</span>
          <span className="order-summary">{itemsSummary(items, words)}</span>
          <span aria-hidden="true" className="order-mark">
            {open ? '▴' : '▾'}
          </span>
        </button>
        {/* Always there, empty or not, so the lines' columns stay aligned. */}
        <div className="order-line-action">{lineCancel && <CancelItemDialog orderId={order.orderId} item={lineCancel} onCancelled={() => onChanged?.()} />}</div>
      </div>
      {open && (
        <div id={detailsId} className="order-details">
          <dl className="order-shipment">
            {shipmentLines(order, fieldWords).map((line) => (
              <div key={line.label} className="order-field">
                <dt>{line.label}</dt>
                <dd>{line.value || '—'}</dd>
              </div>
            ))}
          </dl>
          {items.length > 0 && (
            <ul className="order-item-list" aria-label={words.itemsOf(order.orderId)}>
              {items.map((item) => (
                <li key={item.orderItemId} className="order-item-line" data-testid="order-item">
                  <Text size="1" color="gray" className="order-items">
                    {itemText(item, words)}
                  </Text>
                  {canCancelItem(item) && <CancelItemDialog orderId={order.orderId} item={item} onCancelled={() => onChanged?.()} />}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </li>
  );
}
