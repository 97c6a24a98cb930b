/** The supplier form's building blocks: a card with its heading, and one labelled input with an optional hint under it. */
import { Card, Flex, Heading, Text } from '@radix-ui/themes';
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
