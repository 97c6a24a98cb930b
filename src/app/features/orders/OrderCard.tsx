/** One order: its id, when it was placed, the shipment details (docs/requirements.md §2, Orders) and its items. */
import { Card, Flex, Text } from '@radix-ui/themes';
import type { Ref } from 'react';
import type { BolOrder } from '../../../shared/bol-contract';
import { dateTimeText } from '../../lib/format';
import { shipmentLines } from './orders-rules';

export function OrderCard({ order, ref }: { order: BolOrder; ref?: Ref<HTMLLIElement> | undefined }) {
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
          <Text as="p" size="1" color="gray" mt="2" className="order-items">
            {items.map((item) => `${item.quantity} × ${item.title || item.ean}`).join(' · ')}
          </Text>
        )}
      </Card>
    </li>
  );
}
