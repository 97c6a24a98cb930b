/** "Additional Data": Passed Moderation, the rich-text Description, every other simple field. */
import { Card, Flex, Heading, Switch, Text } from '@radix-ui/themes';
import { lazy, Suspense } from 'react';
import type { Product } from '../../../shared/contract';
import { messages } from '../../../shared/messages';
import { productFormMessages } from '../../../shared/product-form-messages';
import { useMessages } from '../../i18n/language';
import { FormField } from './FormField';
import {
  ADDITIONAL_SWITCH_FIELDS,
  ADDITIONAL_TEXT_FIELDS,
  fieldLabel,
  MEASURE_FIELDS,
  PRICE_FIELDS,
  READ_ONLY_FIELDS,
  readOnlyValue,
  type SwitchField,
} from './product-form';
import type { SectionProps } from './GeneralDataSection';

const DescriptionEditor = lazy(() => import('../../ui/rich-text/DescriptionEditor'));

export interface AdditionalDataProps extends SectionProps {
  product: Product;
  setSwitch: (field: SwitchField, value: boolean) => void;
  setDescription: (html: string) => void;
  /** The note of a held-back supplier category, under the category (docs/product-edit.md "The supplier now says"). */
  categoryNote?: React.ReactNode;
}

function inputModeOf(field: string): 'decimal' | 'numeric' | 'text' {
  if ((PRICE_FIELDS as readonly string[]).includes(field) || (MEASURE_FIELDS as readonly string[]).includes(field)) return 'decimal';
  return field === 'stock' ? 'numeric' : 'text';
}

export function AdditionalDataSection({ form, problems, setField, product, setSwitch, setDescription, conflictNote = () => null, categoryNote }: AdditionalDataProps) {
  const words = useMessages(productFormMessages, 'productForm');
  const { loading } = useMessages(messages);
  const switchRow = (field: SwitchField) => (
    <Flex direction="column" gap="1" key={field}>
      <Text as="label" size="2" className="edit-switch">
        <Flex gap="2" align="center">
          <Switch checked={form[field]} onCheckedChange={(on) => setSwitch(field, on)} />
          {fieldLabel(field, undefined, words)}
        </Flex>
      </Text>
      {conflictNote(field)}
    </Flex>
  );
  return (
    <Card className="edit-card">
      <Heading as="h3" size="3" mb="3">
        {words.additionalData}
      </Heading>
      <Flex direction="column" gap="3">
        <Flex gap="4" wrap="wrap">
          {switchRow('passedModeration')}
          {ADDITIONAL_SWITCH_FIELDS.map(switchRow)}
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="div" size="2" weight="medium" id="description-label">
            {fieldLabel('description', undefined, words)}
          </Text>
          <Suspense fallback={<p className="loading">{loading}</p>}>
            <DescriptionEditor html={form.description} onChange={setDescription} labelId="description-label" />
          </Suspense>
          {conflictNote('description')}
        </Flex>
        <div className="edit-grid">
          {ADDITIONAL_TEXT_FIELDS.map((field) => (
            <FormField key={field} id={field} label={fieldLabel(field, undefined, words)} value={form[field]} onChange={(v) => setField(field, v)} problem={problems[field]} inputMode={inputModeOf(field)} below={conflictNote(field)} />
          ))}
          {READ_ONLY_FIELDS.map((field) => (
            <FormField key={field} id={field} label={fieldLabel(field, undefined, words)} value={readOnlyValue(product, field)} onChange={() => undefined} readOnly below={field === 'categoryName' ? categoryNote : undefined} />
          ))}
        </div>
      </Flex>
    </Card>
  );
}
