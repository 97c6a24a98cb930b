/** The supplier form's Column mapping card: a feed column or a fixed value per field (with the first row's value), and the transforms. */
import { Checkbox, Flex, Heading, Select, Table, Text, TextArea, TextField, VisuallyHidden } from '@radix-ui/themes';
import { useId } from 'react';
import { FEED_FIELD_LABELS, FEED_FIELDS, type FeedField } from '../../../shared/feed-mapping';
import { IMAGE_SEPARATOR_NAMES, IMAGE_SEPARATORS } from '../../../shared/feed-image-addresses';
import { SELLER_CURRENCY } from '../../../shared/feed-values';
import { feedReadingMessages } from '../../../shared/feed-reading-messages';
import type { TestFeedReport } from '../../../shared/suppliers';
import { FeedValueFormat } from './FeedValueFormat';
import { Field, FormCard } from './ParserField';
import { splitColumns, type SupplierForm } from './supplier-form';
import type { SectionProps } from './FeedSection';

type TransformKey = 'decimalSeparator' | 'imageSeparator' | 'categoryPaths' | 'weightUnit' | 'dimensionUnit' | 'foreignCurrency';

/** The transforms chosen from a list (docs/feeds.md, "Column mapping"): the form field, its label and its options. */
function transformSelects(foreignCurrencies: readonly string[]): { key: TransformKey; label: string; ariaLabel: string; options: [string, string][] }[] {
  return [
    { key: 'decimalSeparator', label: 'Decimal separator in numbers', ariaLabel: 'Decimal separator in numbers', options: [['auto', 'Recognise from the feed'], ['comma', 'Comma (1.234,50)'], ['point', 'Point (1,234.50)']] },
    { key: 'imageSeparator', label: 'Several images in one column separated by', ariaLabel: 'Image separator', options: IMAGE_SEPARATORS.map((separator) => [separator, IMAGE_SEPARATOR_NAMES[separator]]) },
    { key: 'categoryPaths', label: 'Several categories in one value: the product takes', ariaLabel: 'Category path rule', options: [['deepest', 'the deepest path'], ['first', 'the first path']] },
    { key: 'weightUnit', label: 'Weight without a unit is in', ariaLabel: 'Weight unit', options: [['g', 'grams (g)'], ['kg', 'kilograms (kg)']] },
    { key: 'dimensionUnit', label: 'Width, length and height without a unit are in', ariaLabel: 'Dimension unit', options: [['mm', 'millimetres (mm)'], ['cm', 'centimetres (cm)'], ['m', 'metres (m)']] },
    {
      key: 'foreignCurrency',
      label: `Prices in another currency than ${SELLER_CURRENCY}${foreignCurrencies.length > 0 ? ` (this feed: ${foreignCurrencies.join(', ')})` : ''}`,
      ariaLabel: 'Prices in another currency',
      options: [['refuse', 'Refuse those rows'], ['keep', 'Take the number as it is']],
    },
  ];
}

export function MappingSection({ form, set, setForm, report }: SectionProps & { setForm: (update: (current: SupplierForm) => SupplierForm) => void; report: TestFeedReport | null }) {
  const columnsListId = useId();
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
    <FormCard title="Column mapping">
      <Text size="2" color="gray">
        Which column of the feed fills each field. Test feed suggests a mapping from the feed&apos;s column names. A fixed value is used for every product
        instead of a column. Images may come from several columns, separated by commas.
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
            <caption>Column mapping</caption>
          </VisuallyHidden>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Field</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Feed column</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Fixed value</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>First row</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {FEED_FIELDS.map((field) => (
              <Table.Row key={field}>
                <Table.RowHeaderCell>{FEED_FIELD_LABELS[field]}</Table.RowHeaderCell>
                <Table.Cell>
                  {field === 'images' ? (
                    // Several columns: a box that wraps, so a long list is never cut off.
                    <TextArea
                      size="3"
                      rows={2}
                      resize="vertical"
                      aria-label={`Feed column for ${FEED_FIELD_LABELS[field]}`}
                      value={form.columns[field]}
                      onChange={(e) => setForm((current) => ({ ...current, mapped: true, guessed: false, columns: { ...current.columns, [field]: e.target.value } }))}
                    />
                  ) : (
                    <TextField.Root
                      size="3"
                      list={columnsListId}
                      aria-label={`Feed column for ${FEED_FIELD_LABELS[field]}`}
                      value={form.columns[field]}
                      onChange={(e) => setForm((current) => ({ ...current, mapped: true, guessed: false, columns: { ...current.columns, [field]: e.target.value } }))}
                      autoComplete="off"
                    />
                  )}
                </Table.Cell>
                <Table.Cell>
                  <TextField.Root
                    size="3"
                    aria-label={`Fixed value for ${FEED_FIELD_LABELS[field]}`}
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
        Transforms
      </Heading>
      <Flex gap="3" wrap="wrap" className="parser-form-row">
        {transformSelects(foreign).map((select) => (
          <Field key={select.key} label={select.label}>
            <Select.Root size="3" value={form[select.key]} onValueChange={(value) => edit(select.key, value as SupplierForm[typeof select.key])}>
              <Select.Trigger aria-label={select.ariaLabel} />
              <Select.Content>
                {select.options.map(([value, label]) => (
                  <Select.Item key={value} value={value}>
                    {label}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Field>
        ))}
        <Field label="Base URL for images" hint={feedReadingMessages.imageBaseHint}>
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
          <Field label="XML element of one product" hint={feedReadingMessages.recordElementHint}>
            <TextField.Root
              size="3"
              value={form.recordElement}
              onChange={(e) => edit('recordElement', e.target.value)}
              autoComplete="off"
              placeholder={report?.recordElement?.found ? report.recordElement.path : 'Found in the feed'}
            />
          </Field>
        )}
      </Flex>
      <Text as="label" size="2" className="parser-check">
        <Checkbox size="3" checked={form.markupOn} onCheckedChange={(checked) => set('markupOn', checked === true)} /> Without a selling price in the feed, a new
        product gets supplier price × multiplier + amount
      </Text>
      {form.markupOn && (
        <Flex gap="3" wrap="wrap" className="parser-form-row">
          <Field label="Multiplier">
            <TextField.Root size="3" inputMode="decimal" value={form.multiplier} onChange={(e) => set('multiplier', e.target.value)} />
          </Field>
          <Field label="Amount added (€)">
            <TextField.Root size="3" inputMode="decimal" value={form.add} onChange={(e) => set('add', e.target.value)} />
          </Field>
        </Flex>
      )}
      <Text as="label" size="2" className="parser-check">
        <Checkbox size="3" checked={form.usShoeSizes} onCheckedChange={(checked) => set('usShoeSizes', checked === true)} /> Sizes in this feed are US shoe sizes
      </Text>
    </FormCard>
  );
}
