/** The supplier form's "Variants and parent rows" card: the group column with fill-down and gathered columns, and the row filter (docs/feeds.md, "Variants and parent rows"). */
import { Button, Flex, Heading, Text, TextArea, TextField } from '@radix-ui/themes';
import { useId } from 'react';
import { MAX_SKIP_RULES } from '../../../shared/feed-mapping';
import { SKIP_WHEN, SKIP_WHEN_LABELS, type SkipWhen } from '../../../shared/feed-row-filter';
import { feedVariantMessages } from '../../../shared/feed-variant-messages';
import type { TestFeedReport } from '../../../shared/suppliers';
import { ChoiceField, Field, FormCard } from './ParserField';
import { parserMessages } from '../../../shared/parser-messages';
import { useMessages } from '../../i18n/language';
import type { SkipRowForm, SupplierForm } from './supplier-form';

type Props = { form: SupplierForm; setForm: (update: (current: SupplierForm) => SupplierForm) => void; report: TestFeedReport | null };

export function RowRulesSection({ form, setForm, report }: Props) {
  const columnsListId = useId();
  const say = useMessages(feedVariantMessages, 'feedVariant');
  const words = useMessages(parserMessages, 'parser');
  const when = useMessages(SKIP_WHEN_LABELS, 'skipWhen');
  // Like every mapping change, an edit makes the mapping the person's: Test feed stops replacing it with its guess.
  const edit = <K extends 'groupColumn' | 'groupKeyColumns' | 'fillDown' | 'gather'>(key: K, value: string) =>
    setForm((current) => ({ ...current, [key]: value, mapped: true, guessed: false }));
  const editRule = (index: number, change: Partial<SkipRowForm>) =>
    setForm((current) => ({ ...current, mapped: true, guessed: false, skipRows: current.skipRows.map((rule, at) => (at === index ? { ...rule, ...change } : rule)) }));
  const addRule = () => setForm((current) => ({ ...current, mapped: true, guessed: false, skipRows: [...current.skipRows, { column: '', when: 'oneOf', values: '' }] }));
  const removeRule = (index: number) => setForm((current) => ({ ...current, mapped: true, guessed: false, skipRows: current.skipRows.filter((_, at) => at !== index) }));
  return (
    <FormCard title={words.variants}>
      <Text size="2" color="gray">
        {say.intro}
      </Text>
      <Text size="2" color="gray">
        {say.mainProductRule}
      </Text>
      <datalist id={columnsListId}>
        {(report?.columns ?? []).map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <Flex gap="3" wrap="wrap" className="parser-form-row">
        <Field label={words.groupColumn} hint={say.groupColumnHint}>
          <TextField.Root size="3" aria-label={words.groupColumn} list={columnsListId} value={form.groupColumn} onChange={(e) => edit('groupColumn', e.target.value)} autoComplete="off" />
        </Field>
        <Field label={words.parentNamedBy} hint={say.keyColumnsHint}>
          <TextField.Root size="3" aria-label={words.parentNamedBy} value={form.groupKeyColumns} onChange={(e) => edit('groupKeyColumns', e.target.value)} autoComplete="off" />
        </Field>
      </Flex>
      <Flex gap="3" wrap="wrap" className="parser-form-row">
        <Field label={words.fillDown} hint={say.fillDownHint}>
          <TextArea size="3" rows={3} resize="vertical" aria-label={words.fillDown} value={form.fillDown} onChange={(e) => edit('fillDown', e.target.value)} />
        </Field>
        <Field label={words.gather} hint={say.gatherHint}>
          <TextArea size="3" rows={2} resize="vertical" aria-label={words.gather} value={form.gather} onChange={(e) => edit('gather', e.target.value)} />
        </Field>
      </Flex>
      <Heading as="h4" size="3">
        {words.skipRows}
      </Heading>
      <Text size="2" color="gray">
        {say.skipIntro}
      </Text>
      {form.skipRows.length === 0 && <Text size="2">{say.noSkipRules}</Text>}
      {form.skipRows.map((rule, index) => (
        <Flex key={index} gap="3" wrap="wrap" align="end" className="parser-form-row parser-skip-rule" data-testid="skip-rule">
          <Field label={words.skipWhenColumn}>
            <TextField.Root size="3" aria-label={words.ruleColumn(index + 1)} list={columnsListId} value={rule.column} onChange={(e) => editRule(index, { column: e.target.value })} autoComplete="off" />
          </Field>
          <ChoiceField<SkipWhen>
            label={words.condition}
            ariaLabel={words.ruleCondition(index + 1)}
            value={rule.when}
            options={SKIP_WHEN.map((option) => [option, when[option]] as const)}
            onChange={(value) => editRule(index, { when: value })}
          />
          {rule.when === 'oneOf' && (
            <Field label={words.values}>
              <TextField.Root size="3" aria-label={words.ruleValues(index + 1)} value={rule.values} onChange={(e) => editRule(index, { values: e.target.value })} autoComplete="off" />
            </Field>
          )}
          <Button type="button" size="3" variant="soft" color="red" onClick={() => removeRule(index)} aria-label={words.removeRule(index + 1)}>
            {words.remove}
          </Button>
        </Flex>
      ))}
      {form.skipRows.length < MAX_SKIP_RULES && (
        <Flex>
          <Button type="button" size="3" variant="soft" onClick={addRule}>
            {words.addRule}
          </Button>
        </Flex>
      )}
    </FormCard>
  );
}
