/** A card holding one section of a screen, named by its heading (the section is labelled by it for screen readers). */
import { Card, Heading } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export function SectionCard({ id, title, headingGap = '3', children }: { id: string; title: ReactNode; headingGap?: '2' | '3'; children: ReactNode }) {
  return (
    <Card size="2" asChild>
      <section aria-labelledby={id}>
        <Heading as="h3" size="3" mb={headingGap} id={id}>
          {title}
        </Heading>
        {children}
      </section>
    </Card>
  );
}
