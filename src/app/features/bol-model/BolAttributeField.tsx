/**
 * One attribute of the Bol form (docs/requirements.md §5): a select for a value list, rich text for Description
 * (the product editor's Lexical editor, HTML in and out, sanitised; the server sanitises it again), a text input
 * otherwise; the attribute's description as help; marked when a required value is missing.
 */
import { bolModelMessages } from '../../../shared/bol-model-messages';
import { useMessages } from '../../i18n/language';
import { Flex, Select, Text, TextField } from '@radix-ui/themes';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import type { BolAttribute } from '../../../shared/bol-contract';
import { messages } from '../../../shared/messages';
import { productEditMessages } from '../../../shared/product-edit-messages';
import { fieldKind } from './bol-tab-rules';

const DescriptionEditor = lazy(() => import('../../ui/rich-text/DescriptionEditor'));

/** Radix Select items cannot have '' as value: this one stands for "no value". */
const EMPTY = '__empty__';

const UNIT_TEXT: Record<string, string> = {
  'unece.unit.CMT': 'cm',
  'unece.unit.MMT': 'mm',
  'unece.unit.KGM': 'kg',
  'unece.unit.GRM': 'g',
};

export interface BolAttributeFieldProps {
  attribute: BolAttribute;
  value: string;
  invalid: boolean;
  /** A line after the help text, e.g. where an auto-set value came from. */
  note?: string | null;
  disabled: boolean;
  onChange: (value: string) => void;
  /** Mine beside theirs with the choices, while this attribute is in a conflict (ui/ConflictTable.tsx). */
  conflict?: ReactNode;
}

export function BolAttributeField({ attribute, value, invalid, note, disabled, onChange, conflict }: BolAttributeFieldProps) {
  const id = useId();
  const words = useMessages(bolModelMessages, 'bolModel');
  const { fieldRequired } = useMessages(productEditMessages, 'productEdit');
  const { loading } = useMessages(messages);
  const helpId = `${id}-help`;
  const kind = fieldKind(attribute);
  const label = attribute.attributeName || attribute.attributeId;
  const unit = attribute.unit ? (UNIT_TEXT[attribute.unit] ?? attribute.unit) : null;
  const describedBy = attribute.description || invalid ? helpId : undefined;
  const color = invalid ? 'red' : undefined;

  return (
    <Flex direction="column" gap="1" className={kind === 'rich-text' ? 'bol-field bol-field-wide' : 'bol-field'} data-attribute={attribute.attributeId} data-invalid={invalid || undefined}>
      <Text as="label" size="2" weight="medium" htmlFor={kind === 'rich-text' ? undefined : id} id={`${id}-label`}>
        {label}
        {attribute.required && (
          <Text color="red" aria-hidden>
            {' '}
            *
          </Text>
        )}
      </Text>
      {kind === 'select' && (
        <Select.Root value={value === '' ? EMPTY : value} disabled={disabled} onValueChange={(next) => onChange(next === EMPTY ? '' : next)}>
          <Select.Trigger id={id} aria-labelledby={`${id}-label`} aria-describedby={describedBy} aria-invalid={invalid} color={color} variant={invalid ? 'soft' : 'surface'} />
          <Select.Content position="popper" className="bol-select-content">
            <Select.Item value={EMPTY}>{words.notSet}</Select.Item>
            {(attribute.valueList ?? []).map((option) => (
              <Select.Item key={option} value={option}>
                {option}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      )}
      {kind === 'rich-text' && (
        <div className={invalid ? 'bol-rich-text bol-rich-text-invalid' : 'bol-rich-text'} aria-describedby={describedBy} aria-disabled={disabled || undefined}>
          <Suspense fallback={<p className="loading">{loading}</p>}>
            <DescriptionEditor html={value} onChange={onChange} labelId={`${id}-label`} />
          </Suspense>
        </div>
      )}
      {kind === 'text' && (
        <TextField.Root
          id={id}
          value={value}
          disabled={disabled}
          color={color}
          variant={invalid ? 'soft' : 'surface'}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          onChange={(event) => onChange(event.target.value)}
        >
          {unit && <TextField.Slot side="right">{unit}</TextField.Slot>}
        </TextField.Root>
      )}
      <Text size="1" color={invalid ? 'red' : 'gray'} id={helpId}>
        {invalid ? `${fieldRequired} ` : ''}
        {attribute.description}
        {note ? ` ${note}` : ''}
      </Text>
      {conflict}
    </Flex>
  );
}
