/**
 * Send anyway of a held-back offer change (docs/bol.md, "Guard rails"): queued in the outbox (kind
 * offer-send-anyway), also offline; once it reached the server the marketplace state is read again.
 */
import { useState } from 'react';
import type { OfferHoldKind } from '../../../shared/bol-offer-sync';
import { bolOfferMessages } from '../../../shared/bol-offer-messages';
import { reasonOf } from '../../edit/edit-outcome';
import { notify } from '../../ui/notify';
import { appBolSaveDeps } from './bol-model-deps';

export function useSendAnyway(productId: number, refresh: () => Promise<void>) {
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
        notify(bolOfferMessages.sendAnywayQueued);
        setWaiting(false);
        await refresh();
      } else if (outcome.kind === 'queued') {
        notify(bolOfferMessages.sendAnywayWaiting);
      } else {
        setWaiting(false);
        notify(bolOfferMessages.sendAnywayFailed(outcome.kind === 'failed' ? outcome.message : outcome.kind));
      }
    } catch (error) {
      notify(bolOfferMessages.sendAnywayFailed(reasonOf(error)));
    } finally {
      setSending(false);
    }
  }

  return { sending, waiting, sendAnyway };
}
