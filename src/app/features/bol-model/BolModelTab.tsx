/**
 * The Bol Model tab (value 2 of /products/{productId}; docs/requirements.md §2 and §5): the Bol category,
 * the form with Required Fields, Optional Fields and Images, Apply / Save & Exit (through the
 * outbox, so they work offline), 'Create New Product on Bol' (needs the network) and what bol made
 * of the content. It only renders: the edit controller set up in use-bol-editor.ts holds the model,
 * the form and the save; decisions live in bol-tab-rules.ts, load-bol-model.ts and save-bol-model.ts.
 */
import { offlineDataMessages } from '../../../shared/offline-data-messages';
import { bolModelMessages } from '../../../shared/bol-model-messages';
import { useMessages } from '../../i18n/language';
import { useConflictWords } from '../../i18n/value-words';
import { Button, Callout, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { useNavigate } from 'react-router-dom';
import { attributeIdOfKey, BOL_MODEL_COMPARED } from '../../../shared/bol-change-set';
import type { BolChunk } from '../../../shared/bol-contract';
import type { Product } from '../../../shared/contract';
import { messages } from '../../../shared/messages';
import { productEditMessages } from '../../../shared/product-edit-messages';
import { dateTimeText } from '../../lib/format';
import { fieldValueText, VALUE_TEXT_MAX_LENGTH } from '../../lib/field-value-text';
import { conflictDifferences } from '../../sync/outbox-kinds';
import { ConflictBanner, FieldConflictNote, type ConflictRow } from '../../ui/ConflictTable';
import { ReplaceTypedDialog } from '../../ui/ReplaceTypedDialog';
import { FreshFieldNote, FreshNewsCallout } from '../../ui/FreshNotes';
import { BOL_MEDIA_NEWS } from './fresh-bol';
import { BolAttributeField } from './BolAttributeField';
import { BolContentStatus } from './BolContentStatus';
import { BolOfferStatus } from './BolOfferStatus';
import { useSendAnyway } from './use-send-anyway';
import { BolImagesSection } from './BolImagesSection';
import { ChunkPicker } from './ChunkPicker';
import { fieldNote, splitAttributes } from './bol-tab-rules';
import { bolDeviceNote } from './load-bol-model';
import { useBolCreate } from './use-bol-create';
import { useBolEditor } from './use-bol-editor';
import { useBolModel } from './use-bol-model';
import './bol-model.css';
import { SectionCard } from '../../ui/SectionCard';

export interface BolModelTabProps {
  product: Product;
}

export default function BolModelTab({ product }: BolModelTabProps) {
  const navigate = useNavigate();
  const words = useMessages(bolModelMessages, 'bolModel');
  const { loading, bol: bolWords } = useMessages(messages);
  const editWords = useMessages(productEditMessages, 'productEdit');
  const conflictWords = useConflictWords();
  const offlineWords = useMessages(offlineDataMessages, 'offlineData');
  const bol = useBolModel(product);
  const anyway = useSendAnyway(product.productId, bol.refreshMarketplace);
  const online = bol.online;
  const tab = useBolEditor(product, online);
  const create = useBolCreate(product.productId, tab, online, bol.refreshMarketplace);
  const { editor, model, form, conflict, marked } = tab;
  const busy = editor.busy;
  const load = editor.load;

  if (load.status === 'loading' || (load.status === 'ready' && !form)) return <p className="loading">{loading}</p>;
  if (load.status === 'error' || !form || !model) {
    return (
      <Callout.Root color="red" mt="3" role="alert">
        <Callout.Text>{editWords.loadFailed(load.status === 'error' ? load.message : words.noModel)}</Callout.Text>
      </Callout.Root>
    );
  }

  const assigned: BolChunk | null = model.chunkId ? { chunkId: model.chunkId, chunkName: model.chunkName ?? model.chunkId } : null;
  const { waiting, dirty } = tab;
  const { required, optional } = splitAttributes(model.attributeData);
  const notice = editor.notice;
  // One clear state: a conflict replaces the "waiting" note and the "saved on this device" notice.
  const deviceNote = notice || conflict ? null : bolDeviceNote(load.source, dateTimeText, words.waitingToBeSent, offlineWords);
  const shownNotice = conflict && notice?.tone !== 'red' ? null : notice;
  // Values read as everywhere in the app (lib/field-value-text.ts), like the General tab's conflicts.
  const conflictRows: ConflictRow[] = conflictDifferences(conflict?.conflicts ?? [], {}, conflictWords);

  // A colleague's saved change to the open model (docs/product-edit.md "Open forms stay fresh").
  const news = editor.fresh.news;
  const labelOf = (field: string) => {
    if (field === BOL_MEDIA_NEWS) return words.bolImages;
    const attribute = model.attributeData.find((candidate) => candidate.attributeId === field);
    return attribute ? BOL_MODEL_COMPARED.attribute.label(attribute) : field;
  };

  const conflictNoteOf = (attributeId: string) => {
    const row = conflictRows.find((candidate) => attributeIdOfKey(candidate.field) === attributeId);
    if (row) return <FieldConflictNote row={row} choices={tab.choices} busy={tab.settling} onChoose={tab.choose} />;
    const fresh = news?.conflicts.find((candidate) => candidate.field === attributeId);
    return news && fresh ? <FreshFieldNote field={attributeId} theirsText={fieldValueText(BOL_MODEL_COMPARED.attribute.key(attributeId), fresh.theirs, {}, VALUE_TEXT_MAX_LENGTH, conflictWords.values)} by={news.by} onChoose={editor.fresh.choose} /> : undefined;
  };

  async function apply(exit: boolean) {
    if (!tab.validate()) return;
    const outcome = await editor.save(exit ? 'exit' : 'save');
    if (exit && (outcome?.kind === 'sent' || outcome?.kind === 'pending')) void navigate(-1);
  }

  const fields = (list: typeof required) =>
    list.map((attribute) => (
      <BolAttributeField
        key={attribute.attributeId}
        attribute={attribute}
        value={form.values[attribute.attributeId] ?? ''}
        invalid={marked.includes(attribute.attributeId)}
        note={fieldNote(attribute, product, words)}
        disabled={busy !== null}
        onChange={(value) => tab.setValue(attribute.attributeId, value)}
        conflict={conflictNoteOf(attribute.attributeId)}
      />
    ));

  return (
    <Flex direction="column" gap="4" mt="4" className="bol-model-tab">
      {conflict && (
        <ConflictBanner title={words.conflictTitle} rows={conflictRows} choices={tab.choices} busy={tab.settling} onChoose={tab.choose} onChooseAll={tab.chooseAll} testId="bol-conflict" />
      )}
      <ReplaceTypedDialog replaced={tab.question?.replaced ?? null} onConfirm={tab.confirmQuestion} onDismiss={tab.dismissQuestion} />
      {news && (
        <FreshNewsCallout by={news.by} updated={news.updated.map(labelOf)} waiting={news.conflicts.map((candidate) => labelOf(candidate.field))} onDismiss={editor.fresh.dismiss} />
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
            onChoose={(chunk) => void tab.chooseCategory(chunk, bol.clearRecommendations)}
          />
          <Text size="1" color="gray" className="chunk-hint">
            {busy === 'category'
              ? words.savingCategory
              : !online
                ? words.categoryNeedsConnection
                : waiting
                  ? words.categoryAfterSave
                  : !assigned && bol.recommendations.length > 0
                    ? words.recommendationsFirst
                    : !assigned && bol.recommendationsNote
                      ? bol.recommendationsNote
                      : ''}
          </Text>
        </Flex>
      </Card>

      {!assigned ? (
        <Callout.Root color="gray">
          <Callout.Text>{words.chooseCategoryFirst}</Callout.Text>
        </Callout.Root>
      ) : (
        <>
          <SectionCard id="bol-required-heading" title={bolWords.requiredFields}>
            <div className="bol-fields">{fields(required)}</div>
          </SectionCard>
          {optional.length > 0 && (
            <SectionCard id="bol-optional-heading" title={bolWords.optionalFields}>
              <div className="bol-fields">{fields(optional)}</div>
            </SectionCard>
          )}
          <SectionCard id="bol-images-heading" title={bolWords.images}>
            <BolImagesSection
              media={form.media}
              productImages={product.productImages}
              origin={window.location.origin}
              disabled={busy !== null}
              onChange={(media) => editor.setDraft((current) => ({ ...current, media }))}
            />
          </SectionCard>
        </>
      )}

      {shownNotice && (
        <Callout.Root color={shownNotice.tone} role={shownNotice.tone === 'red' ? 'alert' : 'status'} data-testid="bol-notice">
          <Callout.Text>{shownNotice.text}</Callout.Text>
        </Callout.Root>
      )}

      <Flex gap="3" wrap="wrap" align="center" className="bol-actions">
        <Button size="3" disabled={!assigned || busy !== null} loading={busy === 'save'} aria-busy={busy === 'save' || tab.onItsWay} onClick={() => void apply(false)} data-testid="bol-apply">
          {tab.onItsWay && busy !== 'save' && <Spinner size="1" data-testid="bol-apply-spinner" />}
          {bolWords.apply}
        </Button>
        <Button size="3" variant="soft" disabled={!assigned || busy !== null} loading={busy === 'exit'} onClick={() => void apply(true)}>
          {bolWords.saveAndExit}
        </Button>
        <Button size="3" color="green" disabled={!assigned || busy !== null} onClick={() => void create.createOnBol()}>
          {busy === 'create' ? bolWords.creating : bolWords.createOnBol}
        </Button>
        {dirty && busy === null && (
          <Text size="1" color="gray">
            {words.unsaved}
          </Text>
        )}
      </Flex>

      {create.created && (
        <Callout.Root color={create.created.ok ? 'green' : 'red'} data-testid="bol-create-result">
          <Callout.Text>{create.created.ok ? words.sentToBol(create.created.message) : `${bolWords.createFailed} ${create.created.message}`}</Callout.Text>
        </Callout.Root>
      )}

      {bol.marketplace && (
        <Card size="2" asChild>
          <section aria-labelledby="bol-status-heading">
            <Heading as="h3" size="3" mb="3" id="bol-status-heading">
              {words.onBol}
            </Heading>
            <BolContentStatus
              state={bol.marketplace.state}
              keptCopy={bol.marketplace.keptCopy}
              checking={create.checking}
              canCheck={online && busy === null}
              onCheckReport={() => void create.checkReport()}
            />
            {/* A copy kept by an older version of the app has no offer part. */}
            {bol.marketplace.state.offerSync && (
              <BolOfferStatus
                state={bol.marketplace.state.offerSync}
                sendAnywayWaiting={anyway.waiting}
                sending={anyway.sending}
                onSendAnyway={() => {
                  const held = bol.marketplace?.state.offerSync.heldBack;
                  if (held) void anyway.sendAnyway(held.kind);
                }}
              />
            )}
          </section>
        </Card>
      )}
    </Flex>
  );
}
