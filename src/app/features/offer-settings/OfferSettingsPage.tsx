/**
 * /offer-settings (docs/bol.md, "Guard rails"): an administrator sets the offer sync's guard rails
 * (the largest price change sent at once, the broken-feed share) and the stock kept back from bol
 * per supplier. Staff see why they cannot; the server refuses their change too. A direct call
 * (online only) through the edit controller; the rules are offer-settings-rules.ts.
 */
import { Button, Callout, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import { useId, type FormEvent } from 'react';
import { bolOfferMessages } from '../../../shared/bol-offer-messages';
import type { OfferSettings } from '../../../shared/bol-offer-sync';
import { getOfferSettings, putOfferSettings } from '../../api/bol-offers';
import { reasonOf } from '../../edit/edit-outcome';
import { FROM_SERVER } from '../../edit/kept-copy';
import { useEditController } from '../../edit/use-edit-controller';
import { dateTimeText } from '../../lib/format';
import { sessionRoleAtom } from '../../state/session';
import { suppliersAtom } from '../../state/reference-lists';
import { onlineAtom } from '../../state/sync';
import { draftOfSettings, settingsChanged, settingsInput, settingsProblems, type BufferSupplier, type OfferSettingsDraft, type SettingsField } from './offer-settings-rules';
import './offer-settings.css';
import { messages } from '../../../shared/messages';
import { messagesNow, useMessages } from '../../i18n/language';

/** The offer settings' words in the language shown (docs/languages.md). */
const useSettingsWords = () => useMessages(bolOfferMessages, 'bolOffer').settings;
const settingsWordsNow = () => messagesNow(bolOfferMessages, 'bolOffer').settings;

export default function OfferSettingsPage() {
  const role = useAtomValue(sessionRoleAtom);
  const m = useSettingsWords();
  if (role !== 'admin') {
    return (
      <Callout.Root color="amber" role="alert" className="offer-settings-refused">
        <Callout.Text>{m.adminsOnly}</Callout.Text>
      </Callout.Root>
    );
  }
  return <OfferSettingsForm />;
}

/** One number field with its label, hint and, when wrong, the sentence tied to it. */
function NumberField({ label, hint, value, problem, shown, onChange, testId }: {
  label: string;
  hint?: string;
  value: string;
  problem: string | undefined;
  /** Whether problems are shown yet (after the first try to save). */
  shown: boolean;
  onChange: (value: string) => void;
  testId: string;
}) {
  const id = useId();
  const wrong = shown && problem !== undefined;
  return (
    <Flex direction="column" gap="1" className="offer-settings-field">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      {hint && (
        <Text id={`${id}-hint`} size="1" color="gray">
          {hint}
        </Text>
      )}
      <TextField.Root
        id={id}
        size="3"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        data-testid={testId}
        aria-invalid={wrong}
        aria-describedby={[hint ? `${id}-hint` : '', wrong ? `${id}-problem` : ''].filter(Boolean).join(' ') || undefined}
        color={wrong ? 'red' : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {wrong && (
        <Text id={`${id}-problem`} size="2" color="red" data-testid={`${testId}-problem`}>
          {problem}
        </Text>
      )}
    </Flex>
  );
}

function OfferSettingsForm() {
  const online = useAtomValue(onlineAtom);
  const m = useSettingsWords();
  const loadingText = useMessages(messages).loading;
  const suppliers: BufferSupplier[] = useAtomValue(suppliersAtom).filter((supplier) => supplier.supplierId > 0);
  const editor = useEditController<OfferSettings, OfferSettingsDraft & { tried: boolean }>({
    key: 'offer-settings',
    read: async (show) => {
      try {
        show({ status: 'ready', record: await getOfferSettings(), source: FROM_SERVER });
      } catch (failure) {
        show({ status: 'error', message: reasonOf(failure) });
      }
    },
    draftOf: (settings) => ({ ...draftOfSettings(settings), tried: false }),
    unsaved: (draft, opened) => settingsChanged(draft, opened),
    send: async (draft) => {
      const input = settingsInput(draft, suppliers);
      if (!input) return { kind: 'failed', message: settingsWordsNow().fixFirst };
      try {
        return { kind: 'sent', record: await putOfferSettings(input) };
      } catch (failure) {
        return { kind: 'failed', message: reasonOf(failure) };
      }
    },
    texts: { sentNotice: () => settingsWordsNow().saved },
  });
  const draft = editor.draft;
  const record = editor.record;
  const problems: Partial<Record<SettingsField, string>> = draft ? settingsProblems(draft, suppliers, m) : {};
  const set = (update: (current: OfferSettingsDraft) => OfferSettingsDraft) => editor.setDraft((current) => ({ ...current, ...update(current) }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    editor.setDraft((current) => ({ ...current, tried: true }));
    if (Object.keys(problems).length > 0) {
      editor.setNotice({ kind: 'refused', tone: 'red', text: m.fixFirst });
      return;
    }
    void editor.save();
  }

  return (
    <Flex direction="column" gap="4" className="offer-settings-page">
      <Flex direction="column" gap="1">
        <Heading as="h2" size="5">
          {m.title}
        </Heading>
        <Text size="2" color="gray">
          {m.intro}
        </Text>
      </Flex>
      {editor.load.status === 'error' && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{editor.load.message}</Callout.Text>
        </Callout.Root>
      )}
      {editor.notice && (
        <Callout.Root color={editor.notice.tone} role={editor.notice.tone === 'red' ? 'alert' : 'status'} data-testid="offer-settings-notice">
          <Callout.Text>{editor.notice.text}</Callout.Text>
        </Callout.Root>
      )}
      {!online && (
        <Callout.Root color="amber" role="status">
          <Callout.Text>{m.offline}</Callout.Text>
        </Callout.Root>
      )}
      {draft === null ? (
        editor.load.status === 'loading' && <Text>{loadingText}</Text>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label={m.title}>
          <Flex direction="column" gap="4">
            <Card size="2">
              <Flex direction="column" gap="4">
                <NumberField
                  label={m.priceChange}
                  hint={m.priceChangeHint}
                  value={draft.maxPriceChangePercent}
                  problem={problems.maxPriceChangePercent}
                  shown={draft.tried}
                  testId="offer-settings-price-change"
                  onChange={(value) => set((current) => ({ ...current, maxPriceChangePercent: value }))}
                />
                <NumberField
                  label={m.zeroStock}
                  hint={m.zeroStockHint}
                  value={draft.zeroStockPercent}
                  problem={problems.zeroStockPercent}
                  shown={draft.tried}
                  testId="offer-settings-zero-stock"
                  onChange={(value) => set((current) => ({ ...current, zeroStockPercent: value }))}
                />
              </Flex>
            </Card>
            <Card size="2" asChild>
              <section className="offer-settings-buffers" role="group" aria-labelledby="offer-settings-buffers">
                <Heading as="h3" size="3" id="offer-settings-buffers" mb="1">
                  {m.buffers}
                </Heading>
                <Text as="p" size="1" color="gray" mb="3">
                  {m.buffersHint}
                </Text>
                {suppliers.length === 0 ? (
                  <Text size="2">{m.noSuppliers}</Text>
                ) : (
                  <div className="offer-settings-buffer-grid">
                    {suppliers.map((supplier) => (
                      <NumberField
                        key={supplier.supplierId}
                        label={supplier.supplierName}
                        value={draft.stockBuffers[String(supplier.supplierId)] ?? ''}
                        problem={problems[`buffer-${supplier.supplierId}`]}
                        shown={draft.tried}
                        testId={`offer-settings-buffer-${supplier.supplierId}`}
                        onChange={(value) => set((current) => ({ ...current, stockBuffers: { ...current.stockBuffers, [String(supplier.supplierId)]: value } }))}
                      />
                    ))}
                  </div>
                )}
              </section>
            </Card>
            <Flex gap="3" align="center" wrap="wrap">
              <Button type="submit" size="3" loading={editor.busy === 'save'} disabled={!online} data-testid="offer-settings-save">
                {m.save}
              </Button>
              {record?.updatedAt && (
                <Text size="2" color="gray">
                  {m.lastChanged(record.updatedBy, dateTimeText(record.updatedAt))}
                </Text>
              )}
            </Flex>
          </Flex>
        </form>
      )}
    </Flex>
  );
}
