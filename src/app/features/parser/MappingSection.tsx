/** The supplier form's Column mapping card: a feed column or a fixed value per field (with the first row's value), and the transforms. */
import { Checkbox, Flex, Heading, Select, Table, Text, TextArea, TextField, VisuallyHidden } from '@radix-ui/themes';
import { useId } from 'react';
import { FEED_FIELD_LABELS, FEED_FIELDS, type FeedField } from '../../../shared/feed-mapping';
import { messages } from '../../../shared/messages';
import type { TestFeedReport } from '../../../shared/suppliers';
import { Field, FormCard } from './ParserField';
import type { SupplierForm } from './supplier-form';
import type { SectionProps } from './FeedSection';

export function MappingSection({ form, set, setForm, report }: SectionProps & { setForm: (update: (current: SupplierForm) => SupplierForm) => void; report: TestFeedReport | null }) {
  const columnsListId = useId();
  const columns = report?.columns ?? [];
  const firstValues = report?.rows.find((row) => Object.keys(row.values).length > 0)?.values ?? {};
  const sampleOf = (field: FeedField) => {
    const first = form.columns[field].split(',')[0]?.trim().toLowerCase() ?? '';
    const key = Object.keys(firstValues).find((name) => name.toLowerCase() === first);
    return key ? firstValues[key] : '';
  };
  return (
    <FormCard title="Column mapping">
      <Text size="2" color="gray">
        Which column of the feed fills each field. Test feed suggests a mapping from the feed&apos;s column names. A fixed value is used for every product
        instead of a column. Images may come from several columns, separated by commas.
      </Text>
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
                      onChange={(e) => setForm((current) => ({ ...current, mapped: true, columns: { ...current.columns, [field]: e.target.value } }))}
                    />
                  ) : (
                    <TextField.Root
                      size="3"
                      list={columnsListId}
                      aria-label={`Feed column for ${FEED_FIELD_LABELS[field]}`}
                      value={form.columns[field]}
                      onChange={(e) => setForm((current) => ({ ...current, mapped: true, columns: { ...current.columns, [field]: e.target.value } }))}
                      autoComplete="off"
                    />
                  )}
                </Table.Cell>
                <Table.Cell>
                  <TextField.Root
                    size="3"
                    aria-label={`Fixed value for ${FEED_FIELD_LABELS[field]}`}
                    value={form.fixed[field]}
                    onChange={(e) => setForm((current) => ({ ...current, fixed: { ...current.fixed, [field]: e.target.value } }))}
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
        <Field label="Decimal separator in numbers">
          <Select.Root size="3" value={form.decimalSeparator} onValueChange={(value) => set('decimalSeparator', value as SupplierForm['decimalSeparator'])}>
            <Select.Trigger aria-label="Decimal separator in numbers" />
            <Select.Content>
              <Select.Item value="auto">Recognise (12,50 and 12.50)</Select.Item>
              <Select.Item value="comma">Comma (1.234,50)</Select.Item>
              <Select.Item value="point">Point (1,234.50)</Select.Item>
            </Select.Content>
          </Select.Root>
        </Field>
        <Field label="Several images in one column separated by">
          <Select.Root size="3" value={form.imageSeparator} onValueChange={(value) => set('imageSeparator', value as SupplierForm['imageSeparator'])}>
            <Select.Trigger aria-label="Image separator" />
            <Select.Content>
              <Select.Item value="|">| (bar)</Select.Item>
              <Select.Item value=",">, (comma)</Select.Item>
              <Select.Item value=";">; (semicolon)</Select.Item>
              <Select.Item value=" ">space</Select.Item>
            </Select.Content>
          </Select.Root>
        </Field>
        {form.feedFormat === 'xml' && (
          <Field label="XML element of one product" hint={messages.feedReading.recordElementHint}>
            <TextField.Root
              size="3"
              value={form.recordElement}
              onChange={(e) => set('recordElement', e.target.value)}
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
