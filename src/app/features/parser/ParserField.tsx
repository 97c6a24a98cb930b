/** The supplier form's building blocks: a card with its heading, one labelled input with an optional hint under it, and a labelled choice. */
import { Card, Flex, Heading, Select, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export function Field({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  return (
    <label className="parser-field">
      <Text size="2" weight="medium">
        {label}
      </Text>
      {children}
      {hint && (
        <Text size="1" color="gray">
          {hint}
        </Text>
      )}
    </label>
  );
}

/** A labelled choice of `options` ([value, label] pairs, in order); `ariaLabel` names it where the label alone is not enough. */
export function ChoiceField<V extends string>({
  label,
  ariaLabel = label,
  value,
  options,
  onChange,
}: {
  label: string;
  ariaLabel?: string;
  value: V;
  options: readonly (readonly [V, string])[];
  onChange: (value: V) => void;
}) {
  return (
    <Field label={label}>
      <Select.Root size="3" value={value} onValueChange={(chosen) => onChange(chosen as V)}>
        <Select.Trigger aria-label={ariaLabel} />
        <Select.Content>
          {options.map(([option, text]) => (
            <Select.Item key={option} value={option}>
              {text}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Field>
  );
}

export function FormCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card size="2">
      <Flex direction="column" gap="3">
        <Heading as="h3" size="4">
          {title}
        </Heading>
        {children}
      </Flex>
    </Card>
  );
}
