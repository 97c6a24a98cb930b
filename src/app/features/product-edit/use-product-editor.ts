/**
 * The General tab's edit controller (src/app/edit/use-edit-controller.ts) set up for one product:
 * the product the page read, the draft (form, images, picked files), the save through the outbox
 * (save-product.ts), my waiting changes and their conflict, the field marks of the form's check.
 * After a save the page shows the product as the drainer stored it (docs/product-edit.md "Saving
 * through the outbox").
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import type { Product } from '../../../shared/contract';
import { productEditMessages } from '../../../shared/product-edit-messages';
import { refusal } from '../../edit/edit-outcome';
import { useMessages } from '../../i18n/language';
import { useConflictChoices } from '../../edit/use-conflict-choices';
import { useEditController } from '../../edit/use-edit-controller';
import { sessionUserAtom } from '../../state/session';
import { discardChange, settleChange, startAppSync, submit, syncNow, watchProductChanges, waitingUploadOf } from '../../sync/app-sync';
import { notify } from '../../ui/notify';
import { typedOverByChoice } from '../../edit/conflict-choice-rules';
import { changeIsOnItsWay, conflictsOnForm, editorConflictOf, formWithChoices } from './conflict-rules';
import { mainSwitchRefusal } from './family-rules';
import { removeImage } from './image-list-rules';
import { draftAsQueued, draftOfProduct, draftUnsaved, draftWithoutUpload, draftWithTyped, productOfDraft, type ProductDraft } from './product-draft';
import { appProductLoadDeps } from './product-edit-deps';
import { conflictShownForAtom, editedProductAtom } from './product-edit-state';
import { checkForm, type FieldProblems, type ProductForm } from './product-form';
import { appProductSaveDeps, readKeptProductCopy } from './product-save-deps';
import { chooseFreshField, mergeFreshProduct } from './fresh-product';
import { pollFreshProduct } from './fresh-product-deps';
import { productSaveTexts, saveProduct } from './save-product';

export function useProductEditor(product: Product) {
  const author = useAtomValue(sessionUserAtom) ?? '';
  const editWords = useMessages(productEditMessages, 'productEdit');
  const setEdited = useSetAtom(editedProductAtom);
  const productId = product.productId;
  const [problems, setProblems] = useState<FieldProblems>({});

  const editor = useEditController<Product, ProductDraft>({
    // The product the page read: a newer copy refills the form only while nothing is unsaved, so
    // what was typed while a copy arrived stays (a save then builds on the version it was opened on).
    record: product,
    key: String(productId),
    draftOf: draftOfProduct,
    unsaved: draftUnsaved,
    // Only what changed since the form was filled goes, each field with its value then (docs/offline.md "Change sets").
    send: (draft, base, sending) =>
      saveProduct({ before: base, after: productOfDraft(draft, base), files: draft.picked, author }, appProductSaveDeps, {
        // What is queued is what this device now shows: the form is no longer "unsaved".
        queued: (queued) => sending.queued(queued, (current) => draftAsQueued(current, queued)),
        uploadDropped: (uploadId) => sending.amend((current) => draftWithoutUpload(current, uploadId, waitingUploadOf)),
      }),
    texts: productSaveTexts(editWords),
    readKept: () => readKeptProductCopy(productId),
    watch: (onEntries) => watchProductChanges(productId, onEntries),
    // After a settled conflict the form shows the kept copy with what was typed meanwhile on top.
    carryTyped: draftWithTyped,
    author,
    // The page (its title, the other tabs) shows the same copy.
    onShown: (shown, source) => setEdited({ status: 'ready', product: shown, source }),
    // A colleague's saved change shows in the open form within seconds (docs/product-edit.md "Open forms stay fresh").
    fresh: { poll: pollFreshProduct, merge: mergeFreshProduct, choose: chooseFreshField, me: author },
  });
  const base = editor.record ?? product;
  // Always held: the record is handed in.
  const draft = editor.draft ?? draftOfProduct(product);
  const form = draft.form;

  // A new copy of the product in the form leaves no marks of the last check.
  const [marksFor, setMarksFor] = useState(base);
  if (marksFor !== base) {
    setMarksFor(base);
    if (!editor.dirty) setProblems({});
  }

  const conflict = editorConflictOf(editor.entries, author);
  const conflictId = conflict?.entryId ?? null;
  // The page drops its "waiting" note while the conflict shows here.
  const setConflictShownFor = useSetAtom(conflictShownForAtom);
  useEffect(() => {
    setConflictShownFor(conflictId === null ? null : productId);
    return () => setConflictShownFor(null);
  }, [conflictId, productId, setConflictShownFor]);

  const choices = useConflictChoices({
    conflict,
    // A choice sets only its own field (docs/product-edit.md "Conflicts"): what was typed elsewhere stays unsaved.
    apply(decided, choice, { settles, choices: chosen }) {
      if (!settles) {
        editor.setDraft((current) => ({ ...current, form: formWithChoices(current.form, base, decided, Object.fromEntries(decided.map((c) => [c.field, choice]))) }));
        return;
      }
      // Every field decided: the chosen values are what the settled change holds, so they are not unsaved.
      const all = conflict?.conflicts ?? decided;
      editor.amend((current) => ({ ...current, form: formWithChoices(current.form, base, all, chosen) }));
    },
    typedOver: (decided, choice) => typedOverByChoice(conflictsOnForm(form, base, decided), choice),
    settle: settleChange,
    // The device's copy is now theirs with what I kept on top: the form shows it, with what was typed meanwhile carried over.
    settled: () => void editor.showKept('carry-typed'),
    failedToast: editWords.saveFailed,
    errorLog: 'Settling the conflict failed',
  });

  function setField(field: keyof ProductForm, value: string | boolean) {
    editor.setDraft((draft) => ({ ...draft, form: { ...draft.form, [field]: value } }));
    setProblems((previous) => {
      if (!(field in previous)) return previous;
      const next = { ...previous };
      delete next[field as keyof FieldProblems];
      return next;
    });
  }

  function toggleMain(on: boolean) {
    const refused = mainSwitchRefusal(on, form.familyKey);
    if (refused) {
      notify(refused);
      setProblems((previous) => ({ ...previous, familyKey: refused }));
      return;
    }
    setField('mainProduct', on);
  }

  /** Checks the form; a refusal marks the fields and says why. True when it may be saved. */
  function check(): boolean {
    const result = checkForm(form);
    setProblems(result.problems);
    if (!result.message) return true;
    editor.setNotice(refusal(result.message));
    notify(result.message);
    return false;
  }

  async function deleteImage(id: string) {
    // (Files picked but not saved yet are removed from their own list, not here.)
    const image = draft.images.find((candidate) => candidate.id === id);
    if (!image) return;
    try {
      const uploadId = waitingUploadOf(image.filePath);
      // Not on the server yet: dropping its upload is the whole deletion.
      if (uploadId) {
        await discardChange(uploadId);
        startAppSync();
        void syncNow();
      } else if (editor.opened?.images.some((saved) => saved.id === id)) {
        // A change set deleting it, with the image as this device shows it as the delete's base
        // (docs/product-edit.md "Images"): the server deletes it only if nobody changed it since.
        const shown = (await appProductLoadDeps.readDeviceCopy(productId))?.product ?? base;
        await submit({ kind: 'product-change', before: shown, after: { ...shown, productImages: shown.productImages.filter((saved) => saved.id !== id) } }, author);
      }
      editor.amend((current) => ({ ...current, images: removeImage(current.images, id) }));
    } catch (error) {
      // The spec logs image deletion failures without a message; the image simply stays.
      console.error('Deleting the image failed', error);
    }
  }

  return {
    editor,
    base,
    form,
    draft,
    problems,
    setField,
    toggleMain,
    check,
    deleteImage,
    conflict,
    onItsWay: changeIsOnItsWay(editor.entries, author),
    author,
    ...choices,
  };
}
