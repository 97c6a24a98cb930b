/** The product's offer on bol: what bol holds, why a change is held back, and Send anyway (bol-offer-view.ts). */
import { Badge, Button, Flex, Text } from '@radix-ui/themes';
import type { OfferSyncState } from '../../../shared/bol-offer-sync';
import { bolModelMessages } from '../../../shared/bol-model-messages';
import { bolOfferMessages } from '../../../shared/bol-offer-messages';
import { useMessages } from '../../i18n/language';
import { dateTimeText } from '../../lib/format';
import { offerView } from './bol-offer-view';
import { StatusLine } from '../../ui/StatusLine';

export interface BolOfferStatusProps {
  state: OfferSyncState;
  /** A Send anyway of this product waits in the outbox. */
  sendAnywayWaiting: boolean;
  sending: boolean;
  onSendAnyway: () => void;
}

export function BolOfferStatus({ state, sendAnywayWaiting, sending, onSendAnyway }: BolOfferStatusProps) {
  const words = useMessages(bolOfferMessages, 'bolOffer');
  const modelWords = useMessages(bolModelMessages, 'bolModel');
  const view = offerView(state, sendAnywayWaiting, dateTimeText, { offer: words, model: modelWords });
  return (
    <Flex direction="column" gap="2" data-testid="bol-offer-status">
      <StatusLine label={words.heading}>
        <Badge color={view.tone} size="2" data-testid="bol-offer-summary">
          {view.summary}
        </Badge>
      </StatusLine>
      {view.status && (
        <Text size="2" color={view.tone === 'red' ? 'red' : undefined} data-testid="bol-offer-reason">
          {view.status}
        </Text>
      )}
      {view.changes.length > 0 && (
        <ul className="bol-offer-changes" data-testid="bol-offer-changes">
          {view.changes.map((change) => (
            <li key={change}>
              <Text size="2">{change}</Text>
            </li>
          ))}
        </ul>
      )}
      {state.heldBack && (
        <Flex gap="2" align="center" wrap="wrap">
          <Button size="3" color="amber" disabled={!view.canSendAnyway || sending} loading={sending} onClick={onSendAnyway} data-testid="bol-offer-send-anyway">
            {words.sendAnyway}
          </Button>
        </Flex>
      )}
      {view.notes.map((note) => (
        <Text key={note} size="1" color="gray">
          {note}
        </Text>
      ))}
    </Flex>
  );
}
