/**
 * The Bol Model tab's edit controller (src/app/edit/use-edit-controller.ts) set up for one
 * product's Bol model: read device first (load-bol-model.ts), the form as the draft, the save
 * through the outbox (save-bol-model.ts), my waiting changes and their conflict, the marks of
 * empty required fields, and the category choice (needs the server). After a save the tab shows
 * the model as the drainer stored it.
 */
import { bolModelMessages } from '../../../shared/bol-model-messages';
import { productEditMessages } from '../../../shared/product-edit-messages';
import { useMessages } from '../../i18n/language';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import type { BolChunk, BolModel } from '../../../shared/bol-contract';
import type { Product } from '../../../shared/contract';
import { messages } from '../../../shared/messages';
import { getBolModel, saveChunkAssignment } from '../../api/bol';
import { toApiFailure } from '../../api/client';
import { refusal } from '../../edit/edit-outcome';
import { FROM_SERVER } from '../../edit/kept-copy';
import { useConflictChoices } from '../../edit/use-conflict-choices';
import { useEditController } from '../../edit/use-edit-controller';
import { sessionUserAtom } from '../../state/session';
import { notify } from '../../ui/notify';
import { appBolModelLoadDeps, appBolSaveDeps, pollFreshBolModel, readKeptBolModelCopy, settleBolConflict, watchBolChanges } from './bol-model-deps';
import { chooseFreshBol, mergeFreshBol } from './fresh-bol';
import { typedOverByChoice } from '../../edit/conflict-choice-rules';
import {
  bolChangeIsOnItsWay,
  bolConflictOf,
  bolConflictsOnForm,
  bolFormsDiffer,
  carryOverValues,
  formFromModel,
  formWithChoice,
  formWithTyped,
  isFormDirty,
  missingFieldIds,
  modelFromForm,
  type BolFormState,
} from './bol-tab-rules';
import { loadBolModel } from './load-bol-model';
import { bolSaveTexts, editOutcomeOf, saveBolModel } from './save-bol-model';

export function useBolEditor(product: Product, online: boolean) {
  const productId = product.productId;
  const productSize = product.productSize;
  const author = useAtomValue(sessionUserAtom) ?? '';
  const [marked, setMarked] = useState<string[]>([]);
  const words = { ...useMessages(bolModelMessages, 'bolModel'), savedOnDevice: useMessages(productEditMessages, 'productEdit').savedOnDevice };
  const bolWords = useMessages(messages).bol;

  const editor = useEditController<BolModel, BolFormState>({
    // Read again when the connection comes or goes (the server's copy, or the device's).
    key: `${productId}:${productSize}:${online}`,
    read: (show) => loadBolModel(productId, appBolModelLoadDeps, (state) => show(state.status === 'ready' ? { status: 'ready', record: state.model, source: state.source } : state)),
    draftOf: (model) => formFromModel(model, productSize),
    // Once the person edited the form, a later copy of the model does not replace their edits.
    unsaved: (draft, opened) => bolFormsDiffer(draft, opened),
    // Only what changed since the form was filled goes, each attribute with its value then.
    send: async (draft, base, sending) => {
      const toSave = modelFromForm(base, draft);
      const outcome = editOutcomeOf(await saveBolModel(base, toSave, appBolSaveDeps, words));
      if (outcome.kind !== 'failed') sending.queued(toSave, () => formFromModel(toSave, productSize));
      return outcome;
    },
    texts: bolSaveTexts(bolWords, words),
    readKept: () => readKeptBolModelCopy(productId),
    watch: (onEntries) => watchBolChanges(productId, onEntries),
    // After a settled conflict the form shows the kept model with what was typed meanwhile on top.
    carryTyped: formWithTyped,
    author,
    // A colleague's saved change shows in the open tab within seconds (docs/product-edit.md "Open forms stay fresh").
    fresh: {
      poll: pollFreshBolModel,
      merge: (held, fresh) => mergeFreshBol(held, fresh, productSize),
      choose: (held, attributeId, choice, theirs) => chooseFreshBol(held, attributeId, choice, theirs, productSize),
      me: author,
    },
  });
  const model = editor.load.status === 'ready' ? editor.record : null;
  const form = editor.draft;

  const conflict = bolConflictOf(editor.entries, author);
  const choices = useConflictChoices({
    conflict,
    // A choice sets only its own attribute (docs/product-edit.md "Conflicts"); once every part is
    // decided the chosen values are what the settled change holds, so they are not unsaved.
    apply: (decided, choice, { settles, choices: chosen }) => {
      if (!settles) {
        editor.setDraft((current) => decided.reduce((next, candidate) => formWithChoice(next, candidate, choice), current));
        return;
      }
      const all = conflict?.conflicts ?? decided;
      editor.amend((current) => all.reduce((next, candidate) => formWithChoice(next, candidate, chosen[candidate.field] ?? choice), current));
    },
    typedOver: (decided, choice) => (form ? typedOverByChoice(bolConflictsOnForm(form, decided), choice) : []),
    settle: settleBolConflict,
    settled: () => {
      editor.setNotice(null);
      // The kept model is now theirs with what I kept on top: the form shows it, with what was typed meanwhile carried over.
      void editor.showKept('carry-typed');
    },
    failedToast: bolWords.saveFailed,
    errorLog: 'Settling the Bol model conflict failed',
  });

  function setValue(attributeId: string, value: string) {
    editor.setDraft((current) => ({ ...current, values: { ...current.values, [attributeId]: value } }));
    if (value.trim() !== '') setMarked((ids) => ids.filter((id) => id !== attributeId));
  }

  /** Marks empty required fields; true when the form may be saved. */
  function validate(): boolean {
    if (!model || !form) return false;
    const missing = missingFieldIds(model, form);
    setMarked(missing);
    if (missing.length === 0) return true;
    notify(bolWords.fillRequired);
    editor.setNotice(refusal(bolWords.fillRequired));
    document.querySelector(`[data-attribute="${CSS.escape(missing[0] ?? '')}"]`)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    return false;
  }

  async function chooseCategory(chunk: BolChunk, clearRecommendations: () => void) {
    if (!online) {
      editor.setNotice(refusal(words.categoryNeedsConnection, 'amber'));
      return;
    }
    const previous = form;
    await editor.act('category', async () => {
      try {
        await saveChunkAssignment({ productId, chunkId: chunk.chunkId, chunkName: chunk.chunkName });
        const next = await getBolModel(productId);
        await appBolModelLoadDeps.keepModel(next).catch(() => undefined);
        editor.show(next, FROM_SERVER, true);
        // What was typed for attributes the new category also has stays.
        if (previous) editor.setDraft(() => carryOverValues(formFromModel(next, productSize), previous));
        clearRecommendations();
        setMarked([]);
        editor.setNotice(null);
      } catch (error) {
        console.error('Assigning the Bol category failed', error);
        editor.setNotice(refusal(toApiFailure(error).message));
      }
    });
  }

  const waiting = editor.load.status === 'ready' && editor.load.source.kind === 'device' && editor.load.source.reason === 'waiting-change';
  return {
    editor,
    model,
    form,
    marked,
    setValue,
    validate,
    chooseCategory,
    waiting,
    dirty: model && form ? isFormDirty(model, form, productSize) : false,
    conflict,
    onItsWay: bolChangeIsOnItsWay(editor.entries, author),
    ...choices,
  };
}
