/** A status line: its label, then the status itself (a badge, a note), wrapping on a narrow screen. */
import { Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export function StatusLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex gap="2" align="center" wrap="wrap">
      <Text size="2" weight="medium">
        {label}
      </Text>
      {children}
    </Flex>
  );
}
