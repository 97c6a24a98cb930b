/**
 * One order: its id, when it was placed, the shipment details (docs/requirements.md §2, Orders) and
 * its items, each open item with "Cancel item" (docs/marketplace-screens.md "Orders").
 */
import { Card, Flex, Text } from '@radix-ui/themes';
import type { Ref } from 'react';
import type { BolOrder } from '../../../shared/bol-contract';
import { dateTimeText } from '../../lib/format';
import { CancelItemDialog } from './CancelItemDialog';
import { canCancelItem, shipmentLines } from './orders-rules';

export function OrderCard({ order, ref, onChanged }: { order: BolOrder; ref?: Ref<HTMLLIElement> | undefined; onChanged?: () => void }) {
  const items = order.orderItems ?? [];
  return (
    <li ref={ref} className="order" data-testid="order" data-order-id={order.orderId}>
      <Card size="2">
        <Flex justify="between" align="baseline" gap="3" wrap="wrap" mb="2">
          <Text size="3" weight="bold" className="order-id">
            Order {order.orderId}
          </Text>
          <Text size="2" color="gray" asChild>
            <time dateTime={order.orderPlacedDateTime} data-testid="order-placed">
              {dateTimeText(order.orderPlacedDateTime)}
            </time>
          </Text>
        </Flex>
        <dl className="order-shipment">
          {shipmentLines(order).map((line) => (
            <div key={line.label} className="order-field">
              <dt>{line.label}</dt>
              <dd>{line.value || '—'}</dd>
            </div>
          ))}
        </dl>
        {items.length > 0 && (
          <ul className="order-item-list" aria-label={`Items of order ${order.orderId}`}>
            {items.map((item) => (
              <li key={item.orderItemId} className="order-item-line" data-testid="order-item">
                <Text size="1" color="gray" className="order-items">
                  {item.quantity} × {item.title || item.ean} · {item.fulfilmentStatus === 'OPEN' ? 'open' : item.fulfilmentStatus.toLowerCase()}
                </Text>
                {canCancelItem(item) && <CancelItemDialog orderId={order.orderId} item={item} onCancelled={() => onChanged?.()} />}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </li>
  );
}
