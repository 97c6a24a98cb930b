/**
 * The General tab: the form, the images, Apply / Save & Exit, the main flag and Inherit Product.
 * Saves go through the outbox's entry point (sync/app-sync.ts `submit`); rules live in product-form.ts,
 * family-rules.ts and image-list-rules.ts.
 */
import { Button, Callout, Flex, Spinner, Switch, Text } from '@radix-ui/themes';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { TOAST_DURATION_MS } from '../../../shared/constants';
import type { Product, ProductImage } from '../../../shared/contract';
import { messages } from '../../../shared/messages';
import { filterProducts, inheritFamily } from '../../api/products';
import { sessionUserAtom } from '../../state/session';
import { onlineAtom } from '../../state/sync';
import { isOnline } from '../../lib/online';
import {
  discardChange,
  followChange,
  settleChange,
  startAppSync,
  submit,
  syncNow,
  waitingUploadOf,
  watchProductChanges,
  type OutboxEntry,
  type PickedFile,
  type Submitted,
} from '../../sync/app-sync';
import type { ConflictChoice } from '../../../shared/change-set';
import { allDecided, changeIsOnItsWay, editorConflictOf, formFieldOf, formWithTheirs } from './conflict-rules';
import { ConflictBanner, FieldConflictNote } from '../../ui/ConflictTable';
import { conflictDifferences } from '../../sync/outbox-kinds';
import { notify } from '../../ui/notify';
import { AdditionalDataSection } from './AdditionalDataSection';
import { conflictShownForAtom } from './product-edit-state';
import { inheritButtonRefusal, inheritConfirmText, mainSwitchRefusal, showsInherit, showsMainSwitch } from './family-rules';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { GeneralDataSection } from './GeneralDataSection';
import { imagesChanged, moveImage, removeImage, updateImage } from './image-list-rules';
import { ImagesSection } from './ImagesSection';
import { LeavePrompt } from './LeavePrompt';
import { checkForm, formChanged, formFromProduct, productFromForm, type FieldProblems, type FormField, type ProductForm } from './product-form';

export interface GeneralTabProps {
  product: Product;
  onShowGeneral: () => void;
  onReload: () => void;
}

type Notice =
  | { kind: 'invalid'; text: string }
  | { kind: 'queued' }
  | { kind: 'failed'; text: string }
  | { kind: 'inherited'; members: { productId: number; title: string }[] };


export default function GeneralTab({ product, onShowGeneral, onReload }: GeneralTabProps) {
  const navigate = useNavigate();
  const online = useAtomValue(onlineAtom);
  const author = useAtomValue(sessionUserAtom) ?? '';
  const [loadedForm, setLoadedForm] = useState(() => formFromProduct(product));
  const [form, setForm] = useState<ProductForm>(loadedForm);
  const [savedImages, setSavedImages] = useState<ProductImage[]>(product.productImages);
  const [images, setImages] = useState<ProductImage[]>(product.productImages);
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [inheriting, setInheriting] = useState(false);
  /** The question before inheriting, with the family's size, while it is asked. */
  const [inheritQuestion, setInheritQuestion] = useState<string | null>(null);
  // My waiting changes of this product, as the outbox has them now (conflicts show on the form).
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>({});
  const [settling, setSettling] = useState(false);
  const conflict = editorConflictOf(entries, author);
  const onItsWay = changeIsOnItsWay(entries, author);

  const dirty = formChanged(form, loadedForm) || imagesChanged(images, savedImages) || picked.length > 0;

  // The product the form was filled from: what a save is based on. A newer copy (this save's
  // answer, a reload) refills the form only when nothing is unsaved; otherwise the person keeps
  // typing on their edits, still based on the version they opened (a save then builds on the
  // author's own newer version through the outbox, or meets someone else's as a conflict).
  // Remounting the form on every new version threw away what was typed while a reload ran.
  const [base, setBase] = useState(product);
  // Each copy is looked at once: one that arrived while edits were unsaved is not applied later
  // (after those edits are saved, the saved product's own copy follows).
  const [seen, setSeen] = useState(product);
  if (product !== seen) {
    setSeen(product);
    if (!dirty) {
      const fresh = formFromProduct(product);
      setBase(product);
      setLoadedForm(fresh);
      setForm(fresh);
      setImages(product.productImages);
      setSavedImages(product.productImages);
      setProblems({});
    }
  }

  const setField = (field: keyof ProductForm, value: string | boolean) => {
    setForm((previous) => ({ ...previous, [field]: value }));
    setProblems((previous) => {
      if (!(field in previous)) return previous;
      const next = { ...previous };
      delete next[field as keyof FieldProblems];
      return next;
    });
  };

  const toggleMain = (on: boolean) => {
    const refusal = mainSwitchRefusal(on, form.familyKey);
    if (refusal) {
      notify(refusal);
      setProblems((previous) => ({ ...previous, familyKey: refusal }));
      return;
    }
    setField('mainProduct', on);
  };

  /** Follows a queued save to its end and tells the person what became of it. */
  const follow = async (watched: Submitted, exitAfter: boolean): Promise<void> => {
    const outcome = await followChange(watched);
    switch (outcome.kind) {
      case 'sent':
        notify(messages.productEdit.saved);
        if (exitAfter) void navigate(-1);
        else onReload();
        return;
      case 'queued':
        setNotice({ kind: 'queued' });
        if (exitAfter) void navigate(-1);
        return;
      case 'upload-failed':
        notify(outcome.message || messages.images.uploadFailed, TOAST_DURATION_MS.imageUploadError);
        // Dropping it takes its image out of the waiting save, so the save can go on.
        await discardChange(outcome.uploadId);
        setImages((previous) => previous.filter((image) => waitingUploadOf(image.filePath) !== outcome.uploadId));
        setSavedImages((previous) => previous.filter((image) => waitingUploadOf(image.filePath) !== outcome.uploadId));
        return follow({ ...watched, uploadIds: watched.uploadIds.filter((id) => id !== outcome.uploadId) }, exitAfter);
      case 'failed':
        notify(messages.productEdit.saveFailed);
        setNotice({ kind: 'failed', text: outcome.message });
        return;
      case 'conflict':
        // Shown on the form from the outbox itself (below), also when it arises later, on reconnect.
        setNotice(null);
        return;
    }
  };

  const save = async (exitAfter: boolean) => {
    const check = checkForm(form);
    setProblems(check.problems);
    if (check.message) {
      setNotice({ kind: 'invalid', text: check.message });
      notify(check.message);
      onShowGeneral();
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const product = productFromForm(form, { ...base, productImages: images });
      // Only what changed since the form was filled goes, each field with its value then (docs/offline.md "Change sets").
      const queued = await submit({ kind: 'product-change', before: base, after: product, files: picked }, author);
      const queuedImages = queued.product?.productImages ?? product.productImages;
      // What is queued is what this device now shows: the form is no longer "unsaved", and the
      // next edit is a change from here.
      setBase(queued.product ?? product);
      setLoadedForm(form);
      setImages(queuedImages);
      setSavedImages(queuedImages);
      setPicked([]);
      await follow(queued, exitAfter);
    } catch (error) {
      console.error('Saving the product failed', error);
      notify(messages.productEdit.saveFailed);
      setNotice({ kind: 'failed', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  const deleteImage = async (id: string) => {
    // (Files picked but not saved yet are removed from their own list, not here.)
    const image = images.find((candidate) => candidate.id === id);
    if (!image) return;
    try {
      const uploadId = waitingUploadOf(image.filePath);
      // Not on the server yet: dropping its upload is the whole deletion.
      if (uploadId) {
        await discardChange(uploadId);
        startAppSync();
        void syncNow();
      } else if (savedImages.some((saved) => saved.id === id)) await submit({ kind: 'image-delete', productId: product.productId, imageId: id }, author);
      setImages((previous) => removeImage(previous, id));
      setSavedImages((previous) => removeImage(previous, id));
    } catch (error) {
      // The spec logs image deletion failures without a message; the image simply stays.
      console.error('Deleting the image failed', error);
    }
  };

  // Inheriting changes every family member: ask first, naming how many (docs/ui-touch.md).
  const askInherit = async () => {
    const refusal = inheritButtonRefusal(product, isOnline());
    if (refusal) {
      notify(refusal);
      return;
    }
    setInheriting(true);
    try {
      const family = await filterProducts({ familyKey: product.familyKey ?? '', size: 1 });
      setInheritQuestion(inheritConfirmText(family.totalElements, product.familyKey ?? ''));
    } catch (error) {
      console.error('Counting the family failed', error);
      notify(messages.family.inheritFailed);
    } finally {
      setInheriting(false);
    }
  };

  const inherit = async () => {
    setInheritQuestion(null);
    setInheriting(true);
    try {
      const result = await inheritFamily(product.productId, product.familyKey ?? '');
      notify(messages.family.inheritSucceeded);
      const family = await filterProducts({ familyKey: product.familyKey ?? '', size: 200 }).catch(() => null);
      const titles = new Map((family?.content ?? []).map((member) => [member.productId, member.title]));
      setNotice({
        kind: 'inherited',
        members: result.changedMemberIds.map((productId) => ({ productId, title: titles.get(productId) ?? `Product ${productId}` })),
      });
    } catch (error) {
      console.error('Inheriting failed', error);
      notify(messages.family.inheritFailed);
      setNotice({ kind: 'failed', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setInheriting(false);
    }
  };

  // Follow this product's waiting changes: a conflict shows on the form as soon as it is known,
  // and once nothing of mine waits any more the page shows the server's copy (no stale banner).
  const hadWaiting = useRef(false);
  useEffect(
    () =>
      watchProductChanges(product.productId, (next) => {
        setEntries(next);
        const mine = next.filter((entry) => entry.author === author);
        if (mine.length === 0 && hadWaiting.current) {
          setNotice((previous) => (previous?.kind === 'queued' ? null : previous));
          onReload();
        }
        hadWaiting.current = mine.length > 0;
      }),
    [product.productId, author, onReload],
  );
  const conflictId = conflict?.entryId ?? null;
  // The page drops its "waiting" note while the conflict shows here.
  const setConflictShownFor = useSetAtom(conflictShownForAtom);
  const productId = product.productId;
  useEffect(() => {
    setConflictShownFor(conflictId === null ? null : productId);
    return () => setConflictShownFor(null);
  }, [conflictId, productId, setConflictShownFor]);
  const [choicesFor, setChoicesFor] = useState<string | null>(null);
  if (conflictId !== choicesFor) {
    setChoicesFor(conflictId);
    setChoices({});
  }

  const settle = async (chosen: Record<string, ConflictChoice>) => {
    if (!conflict) return;
    setSettling(true);
    try {
      await settleChange(conflict.entryId, chosen);
      // The device's copy is now theirs with what I kept on top: the form shows it at once.
      onReload();
    } catch (error) {
      console.error('Settling the conflict failed', error);
      notify(messages.productEdit.saveFailed);
    } finally {
      setSettling(false);
    }
  };

  const choose = (field: string, choice: ConflictChoice) => {
    if (!conflict) return;
    const next = { ...choices, [field]: choice };
    setChoices(next);
    const decided = conflict.conflicts.filter((candidate) => candidate.field === field);
    const shown = choice === 'theirs' ? formWithTheirs(form, base, decided) : formWithTheirs(form, base, decided.map((c) => ({ ...c, theirs: c.mine })));
    setForm(shown);
    if (allDecided(conflict.conflicts, next)) void settleWith(next, shown);
  };

  const settleWith = async (chosen: Record<string, ConflictChoice>, shown: ProductForm) => {
    setLoadedForm(shown);
    await settle(chosen);
  };

  const chooseAll = (choice: ConflictChoice) => {
    if (!conflict) return;
    const all = Object.fromEntries(conflict.conflicts.map((candidate) => [candidate.field, choice]));
    setChoices(all);
    const shown = choice === 'theirs' ? formWithTheirs(form, base, conflict.conflicts) : form;
    setForm(shown);
    void settleWith(all, shown);
  };

  const conflictRows = conflict ? conflictDifferences(conflict.conflicts) : [];
  const conflictNote = (field: FormField) => {
    const found = conflict?.conflicts.find((candidate) => formFieldOf(candidate) === field);
    const row = found && conflictRows.find((candidate) => candidate.field === found.field);
    return row ? <FieldConflictNote row={row} choices={choices} busy={settling} onChoose={choose} /> : null;
  };

  return (
    <Flex direction="column" gap="3" pt="3" className="general-tab">
      <LeavePrompt when={dirty && !busy} />
      {conflict && <ConflictBanner title={messages.productEdit.conflict} rows={conflictRows} choices={choices} busy={settling} onChoose={choose} onChooseAll={chooseAll} />}
      {/* "Please correct the marked field." goes as soon as no field is marked any more. */}
      {/* A conflict replaces "Saved on this device": one clear state. */}
      <NoticeView notice={(notice?.kind === 'invalid' && Object.keys(problems).length === 0) || (conflict && notice?.kind === 'queued') ? null : notice} />
      <div className="edit-columns">
        <Flex direction="column" gap="3" minWidth="0">
          <GeneralDataSection form={form} problems={problems} setField={setField} conflictNote={conflictNote} />
        <ImagesSection
          images={images}
          picked={picked}
          busy={busy}
          onPick={(files) => setPicked((previous) => [...previous, ...files.map((file) => ({ id: crypto.randomUUID(), file }))])}
          onRemovePicked={(id) => setPicked((previous) => previous.filter((file) => file.id !== id))}
          onChange={(id, change) => setImages((previous) => updateImage(previous, id, change))}
          onMove={(id, position) => setImages((previous) => moveImage(previous, id, position))}
          onDelete={(id) => void deleteImage(id)}
          onSave={(exitAfter) => void save(exitAfter)}
          onProblem={(message) => notify(message)}
        />
        </Flex>
        <AdditionalDataSection
          form={form}
          problems={problems}
          setField={setField}
          product={product}
          setSwitch={setField}
          setDescription={(html) => setField('description', html)}
          conflictNote={conflictNote}
        />
      </div>
      <Flex className="edit-actions" gap="3" align="center" wrap="wrap">
        <Button type="button" onClick={() => void save(false)} disabled={busy} data-testid="apply" aria-busy={busy || onItsWay}>
          {(busy || onItsWay) && <Spinner size="1" data-testid="apply-spinner" />}
          Apply
        </Button>
        <Button type="button" variant="outline" onClick={() => void save(true)} disabled={busy}>
          Save &amp; Exit
        </Button>
        {showsInherit(product) && (
          <Button type="button" color="amber" onClick={() => void askInherit()} disabled={inheriting || !online} title={online ? undefined : messages.productEdit.inheritNeedsConnection}>
            {inheriting ? messages.images.pending : 'Inherit Product'}
          </Button>
        )}
        <ConfirmDialog
          open={inheritQuestion !== null}
          onOpenChange={(open) => {
            if (!open) setInheritQuestion(null);
          }}
          title="Inherit Product"
          description={inheritQuestion ?? ''}
          cancelLabel="Cancel"
          confirmLabel="Inherit Product"
          onConfirm={() => void inherit()}
        />
        {showsMainSwitch(product) && (
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Switch checked={form.mainProduct} onCheckedChange={toggleMain} />
              Is main product
            </Flex>
          </Text>
        )}
        {dirty && !busy && (
          <Text size="2" color="gray">
            Unsaved changes
          </Text>
        )}
      </Flex>
    </Flex>
  );
}

function NoticeView({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  switch (notice.kind) {
    case 'invalid':
      return (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{notice.text}</Callout.Text>
        </Callout.Root>
      );
    case 'queued':
      return (
        <Callout.Root color="amber" data-testid="save-queued">
          <Callout.Text>{messages.productEdit.savedOnDevice}</Callout.Text>
        </Callout.Root>
      );
    case 'failed':
      return (
        <Callout.Root color="red" role="alert">
          <Callout.Text>
            {messages.productEdit.saveFailed} {notice.text}
          </Callout.Text>
        </Callout.Root>
      );
    case 'inherited':
      return (
        <Callout.Root color="green" data-testid="inherited-members">
          <Callout.Text>
            {notice.members.length === 0
              ? 'Every family member already had the main product’s data.'
              : `${notice.members.length} family member${notice.members.length === 1 ? '' : 's'} changed: `}
            {notice.members.map((member, index) => (
              <span key={member.productId}>
                {index > 0 && ', '}
                <Link to={`/products/${member.productId}`}>{member.title}</Link>
              </span>
            ))}
          </Callout.Text>
        </Callout.Root>
      );
  }
}
