/**
 * Cancelling one order item with one of bol's reasons: a dialog with the reasons (kept on the
 * device, so they show offline too), a confirm button, and bol's outcome in the dialog. Offline
 * the confirm button is off and says why. Decisions: orders-rules.ts and cancel-reasons.ts.
 */
import { Button, Callout, Dialog, Flex, Text } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import type { BolOrderItem } from '../../../shared/bol-contract';
import { cancelOrderItem } from '../../api/orders';
import { toApiFailure } from '../../api/client';
import { offlineDataNote } from '../../lib/format';
import { onlineAtom } from '../../state/sync';
import { loadCancellationReasons, type ReasonsRead } from './cancel-reasons';
import { appCancelReasonsDeps } from './orders-deps';
import { cancelFailureOutcome, cancelOutcome, type CancelTone } from './orders-rules';
import { useMessages } from '../../i18n/language';
import { ordersPageMessages } from '../../../shared/orders-page-messages';
import { offlineDataMessages } from '../../../shared/offline-data-messages';

export function CancelItemDialog({ orderId, item, onCancelled }: { orderId: string; item: BolOrderItem; onCancelled: () => void }) {
  const online = useAtomValue(onlineAtom);
  const words = useMessages(ordersPageMessages, 'ordersPage').cancel;
  const noteWords = useMessages(offlineDataMessages, 'offlineData');
  const [open, setOpen] = useState(false);
  const [reasons, setReasons] = useState<ReasonsRead | null>(null);
  const [reasonCode, setReasonCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: CancelTone; text: string } | null>(null);

  async function openDialog(next: boolean) {
    setOpen(next);
    // The list is read again once the dialog closes (reading it now would unmount this dialog).
    if (!next) {
      if (outcome?.tone === 'green') onCancelled();
      return;
    }
    setOutcome(null);
    setReasonCode('');
    setReasons(null);
    setReasons(await loadCancellationReasons(appCancelReasonsDeps, words));
  }

  async function confirm() {
    if (!online || reasonCode === '') return;
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(cancelOutcome(await cancelOrderItem(item.orderItemId, reasonCode), words));
    } catch (error) {
      setOutcome(cancelFailureOutcome(toApiFailure(error), words));
    } finally {
      setBusy(false);
    }
  }

  const list = reasons && reasons.kind !== 'none' ? reasons.reasons : [];
  const done = outcome?.tone === 'green';
  return (
    <Dialog.Root open={open} onOpenChange={(next) => void openDialog(next)}>
      <Dialog.Trigger>
        <Button size="1" variant="soft" color="red" data-testid="cancel-item" data-order-item-id={item.orderItemId}>
          {words.button}
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="480px" aria-describedby={undefined}>
        <Dialog.Title>{words.title}</Dialog.Title>
        <Flex direction="column" gap="3">
          <Text size="2">{words.what(orderId, item.quantity, item.title || item.ean, item.orderItemId)}</Text>
          {reasons === null && <Text size="2">{words.loading}</Text>}
          {reasons?.kind === 'none' && (
            <Text size="2" color="red">
              {reasons.message}
            </Text>
          )}
          {reasons?.kind === 'device' && (
            <Text size="1" color="amber" data-testid="cancel-reasons-offline">
              {offlineDataNote(reasons.fetchedAt, words.keptHere, undefined, noteWords)}
            </Text>
          )}
          {list.length > 0 && (
            <label className="cancel-reason">
              <Text size="2" weight="medium">
                {words.reason}
              </Text>
              <select value={reasonCode} onChange={(event) => setReasonCode(event.target.value)} disabled={busy || done} data-testid="cancel-reason">
                <option value="">{words.chooseReason}</option>
                {list.map((reason) => (
                  <option key={reason.code} value={reason.code}>
                    {reason.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          {!online && (
            <Text size="2" color="amber" role="status" data-testid="cancel-offline">
              {words.needsConnection}
            </Text>
          )}
          {outcome && (
            <Callout.Root color={outcome.tone} size="1" role="status" data-testid="cancel-outcome">
              <Callout.Text>{outcome.text}</Callout.Text>
            </Callout.Root>
          )}
        </Flex>
        <Flex gap="3" mt="4" justify="end">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              {done ? words.close : words.keep}
            </Button>
          </Dialog.Close>
          {!done && (
            <Button color="red" disabled={!online || reasonCode === '' || busy} onClick={() => void confirm()} data-testid="cancel-confirm">
              {busy ? words.cancelling : words.confirm}
            </Button>
          )}
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
