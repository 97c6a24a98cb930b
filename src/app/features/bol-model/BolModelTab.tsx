/**
 * The Bol Model tab (value 2 of /products/{productId}; docs/requirements.md §2 and §5): the Bol category,
 * the form with Required Fields, Optional Fields and Images, Apply / Save & Exit (through the
 * outbox, so they work offline), 'Create New Product on Bol' (needs the network) and what bol made
 * of the content. Decisions live in bol-tab-rules.ts, load-bol-model.ts and save-bol-model.ts.
 */
import { Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BolChunk, BolJobReport } from '../../../shared/bol-contract';
import type { Product } from '../../../shared/contract';
import { messages } from '../../../shared/messages';
import { createContentOnBol, getBolModel, readUploadReports, saveChunkAssignment } from '../../api/bol';
import { toApiFailure } from '../../api/client';
import { notify } from '../../ui/notify';
import { BolAttributeField } from './BolAttributeField';
import { BolContentStatus } from './BolContentStatus';
import { BolImagesSection } from './BolImagesSection';
import { ChunkPicker } from './ChunkPicker';
import { appBolModelLoadDeps, appBolSaveDeps } from './bol-model-deps';
import {
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
  const deviceNote = notice ? null : bolDeviceNote(load.source, dateTimeText);

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
    const outcome = await saveBolModel(toSave, appBolSaveDeps);
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
      // The result sits under the form: it is toasted and scrolled into view (issue 17 §5).
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
      />
    ));

  return (
    <Flex direction="column" gap="4" mt="4" className="bol-model-tab">
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

      {notice && (
        <Callout.Root color={notice.tone} role={notice.tone === 'red' ? 'alert' : 'status'} data-testid="bol-notice">
          <Callout.Text>{notice.text}</Callout.Text>
        </Callout.Root>
      )}

      <Flex gap="3" wrap="wrap" align="center" className="bol-actions">
        <Button size="3" disabled={!assigned || busy !== null} loading={busy === 'save'} onClick={() => void apply(false)}>
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
