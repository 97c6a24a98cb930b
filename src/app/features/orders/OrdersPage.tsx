/** /orders: built in issue 8. */
import { Callout } from '@radix-ui/themes';
import { messages } from '../../../shared/messages';

export default function OrdersPage() {
  return (
    <Callout.Root color="gray">
      <Callout.Text>{messages.underConstruction}</Callout.Text>
    </Callout.Root>
  );
}
