/**
 * Send anyway of a held-back offer change (docs/bol.md, "Guard rails"): queued in the outbox (kind
 * offer-send-anyway), also offline; once it reached the server the marketplace state is read again.
 */
import { useState } from 'react';
import type { OfferHoldKind } from '../../../shared/bol-offer-sync';
import { bolOfferMessages } from '../../../shared/bol-offer-messages';
import { reasonOf } from '../../edit/edit-outcome';
import { useMessages } from '../../i18n/language';
import { notify } from '../../ui/notify';
import { appBolSaveDeps } from './bol-model-deps';

export function useSendAnyway(productId: number, refresh: () => Promise<void>) {
  const words = useMessages(bolOfferMessages, 'bolOffer');
  const [sending, setSending] = useState(false);
  const [waiting, setWaiting] = useState(false);

  async function sendAnyway(holdKind: OfferHoldKind) {
    setSending(true);
    try {
      // The engine's own chunk, as the tab's saves load it (bol-model-deps.ts).
      const { submit, followChange } = await import('../../sync/app-sync');
      const submitted = await submit({ kind: 'offer-send-anyway', productId, holdKind }, appBolSaveDeps.author() ?? '');
      setWaiting(true);
      const outcome = await followChange(submitted);
      if (outcome.kind === 'sent') {
        notify(words.sendAnywayQueued);
        setWaiting(false);
        await refresh();
      } else if (outcome.kind === 'queued') {
        notify(words.sendAnywayWaiting);
      } else {
        setWaiting(false);
        notify(words.sendAnywayFailed(outcome.kind === 'failed' ? outcome.message : outcome.kind));
      }
    } catch (error) {
      notify(words.sendAnywayFailed(reasonOf(error)));
    } finally {
      setSending(false);
    }
  }

  return { sending, waiting, sendAnyway };
}
