/**
 * The supplier form's "When people change a field" card: per field the feed writes, whether the
 * feed always wins it (written even over a person's change) or merges over its base (a person's
 * change stays and the feed's new value is held back for the product page). docs/feeds.md,
 * "Upsert key and what a re-import changes". Renders only; the form holds the list (supplier-form.ts).
 */
import { Checkbox, Text } from '@radix-ui/themes';
import { FEED_FIELDS, type FeedField } from '../../../shared/feed-fields';
import { FEED_FIELD_LABELS } from '../../../shared/feed-mapping';
import { productFormMessages } from '../../../shared/product-form-messages';
import { FormCard } from './ParserField';
import { parserMessages } from '../../../shared/parser-messages';
import { useMessages } from '../../i18n/language';
import type { SectionProps } from './FeedSection';

/** The list with one field switched on or off, in the table's order. */
export function withAlwaysWins(list: readonly FeedField[], field: FeedField, on: boolean): FeedField[] {
  return FEED_FIELDS.filter((candidate) => (candidate === field ? on : list.includes(candidate)));
}

export function AlwaysWinsSection({ form, set }: SectionProps) {
  const words = useMessages(parserMessages, 'parser');
  const labels = useMessages(FEED_FIELD_LABELS, 'feedField');
  const productFields = useMessages(productFormMessages, 'productForm').fields;
  return (
    <FormCard title={words.alwaysWins}>
      <Text as="p" size="2" color="gray">
        {words.alwaysWinsIntro}
      </Text>
      <div className="parser-always-wins" role="group" aria-label={words.alwaysWinsLabel}>
        {FEED_FIELDS.map((field) => (
          <Text as="label" size="2" className="parser-check" key={field}>
            <Checkbox size="3" checked={form.alwaysWins.includes(field)} onCheckedChange={(checked) => set('alwaysWins', withAlwaysWins(form.alwaysWins, field, checked === true))} />
            {field === 'images' ? labels.images : productFields[field]}
          </Text>
        ))}
      </div>
    </FormCard>
  );
}
