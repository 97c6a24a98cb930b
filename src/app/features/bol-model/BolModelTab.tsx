/**
 * The Bol Model tab (value 2 of /products/{productId}; docs/requirements.md §2 and §5): the Bol category,
 * the form with Required Fields, Optional Fields and Images, Apply / Save & Exit (through the
 * outbox, so they work offline), 'Create New Product on Bol' (needs the network) and what bol made
 * of the content. Decisions live in bol-tab-rules.ts, load-bol-model.ts and save-bol-model.ts.
 */
import { Button, Callout, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BolChunk, BolJobReport } from '../../../shared/bol-contract';
import type { Product } from '../../../shared/contract';
import { messages } from '../../../shared/messages';
import { createContentOnBol, getBolModel, readUploadReports, saveChunkAssignment } from '../../api/bol';
import { toApiFailure } from '../../api/client';
import { notify } from '../../ui/notify';
import { ConflictBanner, FieldConflictNote, type ConflictChoice, type ConflictRow } from '../../ui/ConflictTable';
import { sessionUserAtom } from '../../state/session';
import { displayValue } from '../../sync/record-diff';
import type { OutboxEntry } from '../../sync/app-sync';
import { attributeIdOfKey } from '../../../shared/bol-change-set';
import { BolAttributeField } from './BolAttributeField';
import { BolContentStatus } from './BolContentStatus';
import { BolImagesSection } from './BolImagesSection';
import { ChunkPicker } from './ChunkPicker';
import { appBolModelLoadDeps, appBolSaveDeps, settleBolConflict, watchBolChanges } from './bol-model-deps';
import {
  bolChangeIsOnItsWay,
  bolConflictOf,
  formWithChoice,
  carryOverValues,
  createOutcome,
  fieldNote,
  formFromModel,
  isFormDirty,
  missingFieldIds,
  modelFromForm,
  splitAttributes,
  type BolFormState,
} from './bol-tab-rules';
import { bolDeviceNote } from './load-bol-model';
import { saveBolModel, savedOutcomeNote, type BolSaveOutcome } from './save-bol-model';
import { useBolModel } from './use-bol-model';
import './bol-model.css';
import { dateTimeText } from '../../lib/format';


/** The toast of a create that bol accepted (ours: the spec has none; 'successful' makes it a success toast). */
const CREATED_ON_BOL = 'Product successfully sent to bol.';
export interface BolModelTabProps {
  product: Product;
}

type Busy = 'save' | 'exit' | 'create' | 'category' | null;
type Notice = { text: string; tone: 'red' | 'amber' | 'green' };

/** The banner's first line on the Bol Model tab. */
export const BOL_CONFLICT_TITLE = 'Someone else changed this Bol model meanwhile. Choose which version to keep.';

export const CREATE_NEEDS_CONNECTION = 'Creating the product on bol needs a connection to the server. Your Bol model can still be saved on this device.';
export const CATEGORY_NEEDS_CONNECTION = 'Choosing a Bol category needs a connection to the server.';

export default function BolModelTab({ product }: BolModelTabProps) {
  const navigate = useNavigate();
  const bol = useBolModel(product);
  const [busy, setBusy] = useState<Busy>(null);
  const [marked, setMarked] = useState<string[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [created, setCreated] = useState<{ ok: boolean; message: string } | null>(null);
  const [checking, setChecking] = useState(false);
  const author = useAtomValue(sessionUserAtom) ?? '';
  // My waiting changes of this model, as the outbox has them now: a conflict shows here as soon as
  // it is known (also when it arises on reconnect), and once nothing of mine waits the tab reads
  // the server's copy again (no stale "waiting" note).
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>({});
  const [settling, setSettling] = useState(false);
  const conflict = bolConflictOf(entries, author);
  const onItsWay = bolChangeIsOnItsWay(entries, author);
  const hadWaiting = useRef(false);
  const { reload } = bol;
  useEffect(
    () =>
      watchBolChanges(product.productId, (next) => {
        setEntries(next);
        const mine = next.filter((entry) => entry.author === author);
        if (mine.length === 0 && hadWaiting.current) {
          setNotice((previous) => (previous?.tone === 'amber' ? null : previous));
          reload(false);
        }
        hadWaiting.current = mine.length > 0;
      }),
    [product.productId, author, reload],
  );
  const conflictId = conflict?.entryId ?? null;
  const [choicesFor, setChoicesFor] = useState<string | null>(null);
  if (conflictId !== choicesFor) {
    setChoicesFor(conflictId);
    setChoices({});
  }

  const { load, form, online } = bol;
  if (load.status === 'loading' || (load.status === 'ready' && !form)) return <p className="loading">{messages.loading}</p>;
  if (load.status === 'error' || !form) {
    return (
      <Callout.Root color="red" mt="3" role="alert">
        <Callout.Text>{messages.productEdit.loadFailed(load.status === 'error' ? load.message : 'no Bol model')}</Callout.Text>
      </Callout.Root>
    );
  }

  const model = load.model;
  const assigned: BolChunk | null = model.chunkId ? { chunkId: model.chunkId, chunkName: model.chunkName ?? model.chunkId } : null;
  const waiting = load.source.kind === 'device' && load.source.reason === 'waiting-change';
  const dirty = isFormDirty(model, form, product.productSize);
  const { required, optional } = splitAttributes(model.attributeData);
  // One clear state: a conflict replaces the "waiting" note and the "saved on this device" notice.
  const deviceNote = notice || conflict ? null : bolDeviceNote(load.source, dateTimeText);
  const shownNotice = conflict && notice?.tone !== 'red' ? null : notice;
  const conflictRows: ConflictRow[] = (conflict?.conflicts ?? []).map((entry) => ({
    field: entry.field,
    label: entry.label,
    mine: displayValue(entry.mine),
    theirs: displayValue(entry.theirs),
    changedBy: entry.changedBy,
    changedAt: entry.changedAt,
  }));

  async function settle(chosen: Record<string, ConflictChoice>) {
    if (!conflict) return;
    setSettling(true);
    try {
      await settleBolConflict(conflict.entryId, chosen);
      setNotice(null);
      // The kept model is now theirs with what I kept on top: the form shows it at once.
      reload(true);
    } catch (error) {
      console.error('Settling the Bol model conflict failed', error);
      notify(messages.bol.saveFailed);
    } finally {
      setSettling(false);
    }
  }

  function choose(field: string, choice: ConflictChoice) {
    if (!conflict) return;
    const next = { ...choices, [field]: choice };
    setChoices(next);
    const decided = conflict.conflicts.find((candidate) => candidate.field === field);
    if (decided) edit((current) => formWithChoice(current, decided, choice));
    if (conflict.conflicts.every((candidate) => next[candidate.field] !== undefined)) void settle(next);
  }

  function chooseAll(choice: ConflictChoice) {
    if (!conflict) return;
    const all = Object.fromEntries(conflict.conflicts.map((candidate) => [candidate.field, choice]));
    setChoices(all);
    edit((current) => conflict.conflicts.reduce((form, candidate) => formWithChoice(form, candidate, choice), current));
    void settle(all);
  }

  const conflictNoteOf = (attributeId: string) => {
    const row = conflictRows.find((candidate) => attributeIdOfKey(candidate.field) === attributeId);
    return row ? <FieldConflictNote row={row} choices={choices} busy={settling} onChoose={choose} /> : undefined;
  };

  function edit(update: (current: BolFormState) => BolFormState) {
    bol.setForm(update);
  }

  function setValue(attributeId: string, value: string) {
    edit((current) => ({ ...current, values: { ...current.values, [attributeId]: value } }));
    if (value.trim() !== '') setMarked((ids) => ids.filter((id) => id !== attributeId));
  }

  /** Marks empty required fields; true when the form may be saved. */
  function validate(current: BolFormState): boolean {
    const missing = missingFieldIds(model, current);
    setMarked(missing);
    if (missing.length === 0) return true;
    notify(messages.bol.fillRequired);
    setNotice({ text: messages.bol.fillRequired, tone: 'red' });
    document.querySelector(`[data-attribute="${CSS.escape(missing[0] ?? '')}"]`)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    return false;
  }

  async function save(current: BolFormState): Promise<BolSaveOutcome> {
    const toSave = modelFromForm(model, current);
    // Only what changed since the form was filled goes, each attribute with its value then.
    const outcome = await saveBolModel(model, toSave, appBolSaveDeps);
    switch (outcome.kind) {
      case 'saved':
        notify(messages.bol.saved);
        setNotice(null);
        bol.showModel(outcome.model ?? toSave, { kind: 'network' }, { resetForm: true });
        break;
      case 'kept':
        setNotice({ text: savedOutcomeNote(outcome) ?? '', tone: 'amber' });
        bol.showModel(toSave, { kind: 'device', fetchedAt: null, reason: 'waiting-change' }, { resetForm: true });
        break;
      case 'conflict':
        // Shown on the tab from the outbox itself (the banner and each attribute), also on reconnect.
        setNotice(null);
        bol.showModel(toSave, { kind: 'device', fetchedAt: null, reason: 'waiting-change' }, { resetForm: true });
        break;
      case 'failed':
        notify(messages.bol.saveFailed);
        setNotice({ text: savedOutcomeNote(outcome) ?? messages.bol.saveFailed, tone: 'red' });
        break;
    }
    return outcome;
  }

  async function apply(exit: boolean) {
    if (!form || !validate(form)) return;
    setBusy(exit ? 'exit' : 'save');
    try {
      const outcome = await save(form);
      if (exit && (outcome.kind === 'saved' || outcome.kind === 'kept')) void navigate(-1);
    } catch (error) {
      console.error('Saving the Bol model failed', error);
      notify(messages.bol.saveFailed);
      setNotice({ text: error instanceof Error ? error.message : String(error), tone: 'red' });
    } finally {
      setBusy(null);
    }
  }

  async function createOnBol() {
    if (!form) return;
    if (!online) {
      setNotice({ text: CREATE_NEEDS_CONNECTION, tone: 'amber' });
      return;
    }
    if (!validate(form)) return;
    setBusy('create');
    setCreated(null);
    try {
      // bol gets the saved model: unsaved edits (or a save still waiting) go first.
      if (dirty || waiting) {
        const outcome = await save(form);
        if (outcome.kind !== 'saved') {
          notify(messages.bol.createFailed);
          return;
        }
      }
      const result = createOutcome(await createContentOnBol([product.productId]), product.productId);
      setCreated(result);
      // The result sits under the form: it is toasted and scrolled into view (docs/reports-and-export.md, "Failure reasons").
      if (!result.ok) notify(messages.bol.createFailed);
      else notify(CREATED_ON_BOL);
      requestAnimationFrame(() => document.querySelector('[data-testid="bol-create-result"]')?.scrollIntoView({ block: 'center', behavior: 'smooth' }));
    } catch (error) {
      const failure = toApiFailure(error);
      console.error('Creating the product on bol failed', error);
      const report = failure.body as Partial<BolJobReport> | null;
      setCreated({ ok: false, message: report?.items?.[0]?.message || failure.message });
      notify(messages.bol.createFailed);
      requestAnimationFrame(() => document.querySelector('[data-testid="bol-create-result"]')?.scrollIntoView({ block: 'center', behavior: 'smooth' }));
    } finally {
      setBusy(null);
      void bol.refreshMarketplace();
    }
  }

  async function chooseCategory(chunk: BolChunk) {
    if (!online) {
      setNotice({ text: CATEGORY_NEEDS_CONNECTION, tone: 'amber' });
      return;
    }
    const previous = form;
    setBusy('category');
    try {
      await saveChunkAssignment({ productId: product.productId, chunkId: chunk.chunkId, chunkName: chunk.chunkName });
      const next = await getBolModel(product.productId);
      await appBolModelLoadDeps.keepModel(next).catch(() => undefined);
      bol.showModel(next, { kind: 'network' }, { resetForm: true });
      if (previous) bol.setForm(() => carryOverValues(formFromModel(next, product.productSize), previous));
      bol.clearRecommendations();
      setMarked([]);
      setNotice(null);
    } catch (error) {
      console.error('Assigning the Bol category failed', error);
      setNotice({ text: toApiFailure(error).message, tone: 'red' });
    } finally {
      setBusy(null);
    }
  }

  async function checkReport() {
    setChecking(true);
    try {
      await readUploadReports([product.productId]);
      // The status below now says more than the answer of the creation did.
      setCreated(null);
    } catch (error) {
      console.error('Reading the upload report failed', error);
    } finally {
      await bol.refreshMarketplace();
      setChecking(false);
    }
  }

  const fields = (list: typeof required) =>
    list.map((attribute) => (
      <BolAttributeField
        key={attribute.attributeId}
        attribute={attribute}
        value={form.values[attribute.attributeId] ?? ''}
        invalid={marked.includes(attribute.attributeId)}
        note={fieldNote(attribute, product)}
        disabled={busy !== null}
        onChange={(value) => setValue(attribute.attributeId, value)}
        conflict={conflictNoteOf(attribute.attributeId)}
      />
    ));

  return (
    <Flex direction="column" gap="4" mt="4" className="bol-model-tab">
      {conflict && (
        <ConflictBanner title={BOL_CONFLICT_TITLE} rows={conflictRows} choices={choices} busy={settling} onChoose={choose} onChooseAll={chooseAll} testId="bol-conflict" />
      )}
      {deviceNote && (
        <Callout.Root color="amber" size="1" data-testid="bol-device-note">
          <Callout.Text>{deviceNote}</Callout.Text>
        </Callout.Root>
      )}
      <Card size="2" className="bol-category-card">
        <Flex gap="4" align="end" wrap="wrap">
          <ChunkPicker
            chunks={bol.chunks}
            recommendations={bol.recommendations}
            assigned={assigned}
            disabled={busy !== null || !online || waiting}
            onChoose={(chunk) => void chooseCategory(chunk)}
          />
          <Text size="1" color="gray" className="chunk-hint">
            {busy === 'category'
              ? 'Saving the category...'
              : !online
                ? CATEGORY_NEEDS_CONNECTION
                : waiting
                  ? 'The category can be changed once the saved model has reached the server.'
                  : !assigned && bol.recommendations.length > 0
                    ? "bol's recommendations for this product are listed first."
                    : !assigned && bol.recommendationsNote
                      ? bol.recommendationsNote
                      : ''}
          </Text>
        </Flex>
      </Card>

      {!assigned ? (
        <Callout.Root color="gray">
          <Callout.Text>Choose a Bol category to fill in the product's Bol model.</Callout.Text>
        </Callout.Root>
      ) : (
        <>
          <Card size="2" asChild>
            <section aria-labelledby="bol-required-heading">
              <Heading as="h3" size="3" mb="3" id="bol-required-heading">
                {messages.bol.requiredFields}
              </Heading>
              <div className="bol-fields">{fields(required)}</div>
            </section>
          </Card>
          {optional.length > 0 && (
            <Card size="2" asChild>
              <section aria-labelledby="bol-optional-heading">
                <Heading as="h3" size="3" mb="3" id="bol-optional-heading">
                  {messages.bol.optionalFields}
                </Heading>
                <div className="bol-fields">{fields(optional)}</div>
              </section>
            </Card>
          )}
          <Card size="2" asChild>
            <section aria-labelledby="bol-images-heading">
              <Heading as="h3" size="3" mb="3" id="bol-images-heading">
                {messages.bol.images}
              </Heading>
              <BolImagesSection
                media={form.media}
                productImages={product.productImages}
                origin={window.location.origin}
                disabled={busy !== null}
                onChange={(media) => edit((current) => ({ ...current, media }))}
              />
            </section>
          </Card>
        </>
      )}

      {shownNotice && (
        <Callout.Root color={shownNotice.tone} role={shownNotice.tone === 'red' ? 'alert' : 'status'} data-testid="bol-notice">
          <Callout.Text>{shownNotice.text}</Callout.Text>
        </Callout.Root>
      )}

      <Flex gap="3" wrap="wrap" align="center" className="bol-actions">
        <Button size="3" disabled={!assigned || busy !== null} loading={busy === 'save'} aria-busy={busy === 'save' || onItsWay} onClick={() => void apply(false)} data-testid="bol-apply">
          {onItsWay && busy !== 'save' && <Spinner size="1" data-testid="bol-apply-spinner" />}
          {messages.bol.apply}
        </Button>
        <Button size="3" variant="soft" disabled={!assigned || busy !== null} loading={busy === 'exit'} onClick={() => void apply(true)}>
          {messages.bol.saveAndExit}
        </Button>
        <Button size="3" color="green" disabled={!assigned || busy !== null} onClick={() => void createOnBol()}>
          {busy === 'create' ? messages.bol.creating : messages.bol.createOnBol}
        </Button>
        {dirty && busy === null && (
          <Text size="1" color="gray">
            Unsaved changes
          </Text>
        )}
      </Flex>

      {created && (
        <Callout.Root color={created.ok ? 'green' : 'red'} data-testid="bol-create-result">
          <Callout.Text>{created.ok ? `Sent to bol. ${created.message}` : `${messages.bol.createFailed} ${created.message}`}</Callout.Text>
        </Callout.Root>
      )}

      {bol.marketplace && (
        <Card size="2" asChild>
          <section aria-labelledby="bol-status-heading">
            <Heading as="h3" size="3" mb="3" id="bol-status-heading">
              On bol
            </Heading>
            <BolContentStatus
              state={bol.marketplace.state}
              keptCopy={bol.marketplace.keptCopy}
              checking={checking}
              canCheck={online && busy === null}
              onCheckReport={() => void checkReport()}
            />
          </section>
        </Card>
      )}
    </Flex>
  );
}
