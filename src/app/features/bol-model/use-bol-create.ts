/**
 * 'Create New Product on Bol' and the upload report (docs/bol.md): both need the server. bol gets
 * the saved model, so unsaved edits (or a save still waiting) are saved first; the result is shown
 * under the form, toasted and scrolled into view (docs/reports-and-export.md, "Failure reasons").
 */
import { bolModelMessages } from '../../../shared/bol-model-messages';
import { useMessages } from '../../i18n/language';
import { useState } from 'react';
import type { BolJobReport } from '../../../shared/bol-contract';
import { messages } from '../../../shared/messages';
import { createContentOnBol, readUploadReports } from '../../api/bol';
import { toApiFailure } from '../../api/client';
import { refusal } from '../../edit/edit-outcome';
import { notify } from '../../ui/notify';
import { createOutcome } from './bol-status-rules';
import type { useBolEditor } from './use-bol-editor';


const showResult = () => requestAnimationFrame(() => document.querySelector('[data-testid="bol-create-result"]')?.scrollIntoView({ block: 'center', behavior: 'smooth' }));

export function useBolCreate(productId: number, bol: ReturnType<typeof useBolEditor>, online: boolean, refreshMarketplace: () => Promise<void>) {
  const [created, setCreated] = useState<{ ok: boolean; message: string } | null>(null);
  const [checking, setChecking] = useState(false);
  const { editor } = bol;
  // The toast of a create that bol accepted (ours: the spec has none; 'successful' makes it a success toast).
  const words = useMessages(bolModelMessages, 'bolModel');
  const { createFailed } = useMessages(messages).bol;

  async function createOnBol() {
    if (!bol.form) return;
    if (!online) {
      editor.setNotice(refusal(words.createNeedsConnection, 'amber'));
      return;
    }
    if (!bol.validate()) return;
    setCreated(null);
    await editor.act('create', async () => {
      try {
        // bol gets the saved model: unsaved edits (or a save still waiting) go first.
        if (bol.dirty || bol.waiting) {
          const outcome = await editor.saveDraft();
          if (outcome?.kind !== 'sent') {
            notify(createFailed);
            return;
          }
        }
        const result = createOutcome(await createContentOnBol([productId]), productId);
        setCreated(result);
        if (!result.ok) notify(createFailed);
        else notify(words.createdOnBol);
        showResult();
      } catch (error) {
        const failure = toApiFailure(error);
        console.error('Creating the product on bol failed', error);
        const report = failure.body as Partial<BolJobReport> | null;
        setCreated({ ok: false, message: report?.items?.[0]?.message || failure.message });
        notify(createFailed);
        showResult();
      }
    });
    void refreshMarketplace();
  }

  async function checkReport() {
    setChecking(true);
    try {
      await readUploadReports([productId]);
      // The status below now says more than the answer of the creation did.
      setCreated(null);
    } catch (error) {
      console.error('Reading the upload report failed', error);
    } finally {
      await refreshMarketplace();
      setChecking(false);
    }
  }

  return { created, checking, createOnBol, checkReport };
}
