/** The supplier form's Column mapping card: a feed column or a fixed value per field (with the first row's value), and the transforms. */
import { Checkbox, Flex, Heading, Table, Text, TextArea, TextField, VisuallyHidden } from '@radix-ui/themes';
import { useId } from 'react';
import { FEED_FIELD_LABELS, FEED_FIELDS, type FeedField } from '../../../shared/feed-mapping';
import { IMAGE_SEPARATORS } from '../../../shared/feed-image-addresses';
import { parserMessages, type ParserWords } from '../../../shared/parser-messages';
import { useMessages } from '../../i18n/language';
import { imageSeparatorName } from './image-separator-words';
import { SELLER_CURRENCY } from '../../../shared/feed-values';
import { feedReadingMessages } from '../../../shared/feed-reading-messages';
import type { TestFeedReport } from '../../../shared/suppliers';
import { FeedValueFormat } from './FeedValueFormat';
import { ChoiceField, Field, FormCard } from './ParserField';
import { splitColumns, type SupplierForm } from './supplier-form';
import type { SectionProps } from './FeedSection';

type TransformKey = 'decimalSeparator' | 'imageSeparator' | 'categoryPaths' | 'weightUnit' | 'dimensionUnit' | 'foreignCurrency';

/** The transforms chosen from a list (docs/feeds.md, "Column mapping"): the form field, its label and its options. */
function transformSelects(foreignCurrencies: readonly string[], words: ParserWords): { key: TransformKey; label: string; ariaLabel: string; options: [string, string][] }[] {
  return [
    { key: 'decimalSeparator', label: words.decimalSeparator, ariaLabel: words.decimalSeparator, options: [['auto', words.decimalAuto], ['comma', words.decimalComma], ['point', words.decimalPoint]] },
    { key: 'imageSeparator', label: words.imageSeparator, ariaLabel: words.imageSeparatorLabel, options: IMAGE_SEPARATORS.map((separator) => [separator, imageSeparatorName(separator, words)]) },
    { key: 'categoryPaths', label: words.categoryPaths, ariaLabel: words.categoryPathsLabel, options: [['deepest', words.deepestPath], ['first', words.firstPath]] },
    { key: 'weightUnit', label: words.weightUnit, ariaLabel: words.weightUnitLabel, options: [['g', words.grams], ['kg', words.kilograms]] },
    { key: 'dimensionUnit', label: words.dimensionUnit, ariaLabel: words.dimensionUnitLabel, options: [['mm', words.millimetres], ['cm', words.centimetres], ['m', words.metres]] },
    {
      key: 'foreignCurrency',
      label: words.foreignCurrency(SELLER_CURRENCY, foreignCurrencies),
      ariaLabel: words.foreignCurrencyLabel,
      options: [['refuse', words.refuseRows], ['keep', words.keepNumber]],
    },
  ];
}

export function MappingSection({ form, set, setForm, report }: SectionProps & { setForm: (update: (current: SupplierForm) => SupplierForm) => void; report: TestFeedReport | null }) {
  const columnsListId = useId();
  const words = useMessages(parserMessages, 'parser');
  const labels = useMessages(FEED_FIELD_LABELS, 'feedField');
  const reading = useMessages(feedReadingMessages, 'feedReading');
  // Any change of the mapping makes it the person's: Test feed stops replacing it with its guess.
  const edit = <K extends keyof SupplierForm>(key: K, value: SupplierForm[K]) => setForm((current) => ({ ...current, [key]: value, guessed: false }));
  const foreign = (report?.valueFormat.currencies ?? []).filter((code) => code !== SELLER_CURRENCY);
  const columns = report?.columns ?? [];
  const firstValues = report?.rows.find((row) => Object.keys(row.values).length > 0)?.values ?? {};
  const sampleOf = (field: FeedField) => {
    const first = splitColumns(form.columns[field])[0]?.toLowerCase() ?? '';
    const key = Object.keys(firstValues).find((name) => name.toLowerCase() === first);
    return key ? firstValues[key] : '';
  };
  return (
    <FormCard title={words.mapping}>
      <Text size="2" color="gray">
        {words.mappingIntro}
      </Text>
      {report && <FeedValueFormat format={report.valueFormat} imageSeparator={form.imageSeparator} categoryPaths={form.categoryPaths} />}
      <datalist id={columnsListId}>
        {columns.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <div className="parser-table-scroll">
        <Table.Root size="1" className="parser-mapping">
          <VisuallyHidden asChild>
            <caption>{words.mapping}</caption>
          </VisuallyHidden>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{words.field}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{words.feedColumn}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{words.fixedValue}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{words.firstRow}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {FEED_FIELDS.map((field) => (
              <Table.Row key={field}>
                <Table.RowHeaderCell>{labels[field]}</Table.RowHeaderCell>
                <Table.Cell>
                  {field === 'images' ? (
                    // Several columns: a box that wraps, so a long list is never cut off.
                    <TextArea
                      size="3"
                      rows={2}
                      resize="vertical"
                      aria-label={words.feedColumnFor(labels[field])}
                      value={form.columns[field]}
                      onChange={(e) => setForm((current) => ({ ...current, mapped: true, guessed: false, columns: { ...current.columns, [field]: e.target.value } }))}
                    />
                  ) : (
                    <TextField.Root
                      size="3"
                      list={columnsListId}
                      aria-label={words.feedColumnFor(labels[field])}
                      value={form.columns[field]}
                      onChange={(e) => setForm((current) => ({ ...current, mapped: true, guessed: false, columns: { ...current.columns, [field]: e.target.value } }))}
                      autoComplete="off"
                    />
                  )}
                </Table.Cell>
                <Table.Cell>
                  <TextField.Root
                    size="3"
                    aria-label={words.fixedValueFor(labels[field])}
                    value={form.fixed[field]}
                    onChange={(e) => setForm((current) => ({ ...current, guessed: false, fixed: { ...current.fixed, [field]: e.target.value } }))}
                    autoComplete="off"
                  />
                </Table.Cell>
                <Table.Cell className="parser-sample">{form.fixed[field].trim() !== '' ? form.fixed[field] : sampleOf(field)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </div>
      <Heading as="h4" size="3">
        {words.transforms}
      </Heading>
      <Flex gap="3" wrap="wrap" className="parser-form-row">
        {transformSelects(foreign, words).map((select) => (
          <ChoiceField
            key={select.key}
            label={select.label}
            ariaLabel={select.ariaLabel}
            value={form[select.key]}
            options={select.options}
            onChange={(value) => edit(select.key, value as SupplierForm[typeof select.key])}
          />
        ))}
        <Field label={words.imageBase} hint={reading.imageBaseHint}>
          <TextField.Root
            size="3"
            inputMode="url"
            value={form.imageBaseUrl}
            onChange={(e) => edit('imageBaseUrl', e.target.value)}
            autoComplete="off"
            placeholder="https://shop.example/media/"
          />
        </Field>
        {form.feedFormat === 'xml' && (
          <Field label={words.recordElement} hint={reading.recordElementHint}>
            <TextField.Root
              size="3"
              value={form.recordElement}
              onChange={(e) => edit('recordElement', e.target.value)}
              autoComplete="off"
              placeholder={report?.recordElement?.found ? report.recordElement.path : words.foundInFeed}
            />
          </Field>
        )}
      </Flex>
      <Text as="label" size="2" className="parser-check">
        <Checkbox size="3" checked={form.markupOn} onCheckedChange={(checked) => set('markupOn', checked === true)} /> {words.markup}
      </Text>
      {form.markupOn && (
        <Flex gap="3" wrap="wrap" className="parser-form-row">
          <Field label={words.multiplier}>
            <TextField.Root size="3" inputMode="decimal" value={form.multiplier} onChange={(e) => set('multiplier', e.target.value)} />
          </Field>
          <Field label={words.amountAdded}>
            <TextField.Root size="3" inputMode="decimal" value={form.add} onChange={(e) => set('add', e.target.value)} />
          </Field>
        </Flex>
      )}
      <Text as="label" size="2" className="parser-check">
        <Checkbox size="3" checked={form.usShoeSizes} onCheckedChange={(checked) => set('usShoeSizes', checked === true)} /> {words.usShoeSizes}
      </Text>
    </FormCard>
  );
}
