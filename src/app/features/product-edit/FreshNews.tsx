/**
 * What a colleague's saved change did to the open form (docs/product-edit.md "Open forms stay
 * fresh"): the note naming who and which fields updated in place, and, on a field both changed,
 * the colleague's value with the choice. Renders only; the rule is edit/fresh-merge.ts.
 */
import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import { messages } from '../../../shared/messages';
import type { FreshConflict, FreshNews } from '../../edit/fresh-merge';
import { displayValue } from '../../sync/record-diff';
import { IMAGES_NEWS } from './fresh-product';
import { fieldLabel, type FormField, type ProductForm } from './product-form';

function newsLabel(field: string, form: ProductForm): string {
  return field === IMAGES_NEWS ? 'Images' : fieldLabel(field as FormField, form);
}

/** "Updated by anna just now: Title, Stock", with a button to put it away. */
export function FreshNewsNote({ news, form, onDismiss }: { news: FreshNews; form: ProductForm; onDismiss: () => void }) {
  if (news.updated.length === 0 && news.conflicts.length === 0) return null;
  return (
    <Callout.Root color="blue" data-testid="fresh-news" role="status">
      <Flex align="center" justify="between" gap="3" wrap="wrap" width="100%">
        <Flex direction="column" gap="1">
          <Callout.Text>{messages.productEdit.freshUpdated(news.by, news.updated.map((field) => newsLabel(field, form)))}</Callout.Text>
          {news.conflicts.length > 0 && <Callout.Text>{messages.productEdit.freshBoth(news.conflicts.map((conflict) => newsLabel(conflict.field, form)))}</Callout.Text>}
        </Flex>
        <Button type="button" size="2" variant="soft" color="gray" onClick={onDismiss}>
          {messages.productEdit.dismiss}
        </Button>
      </Flex>
    </Callout.Root>
  );
}

/** Under a field both changed: the colleague's value, "Take theirs" or "Keep mine". */
export function FreshFieldConflict({ conflict, by, onChoose }: { conflict: FreshConflict; by: readonly string[]; onChoose: (field: string, choice: 'mine' | 'theirs') => void }) {
  return (
    <div className="field-conflict-note" data-testid={`fresh-conflict-${conflict.field}`}>
      <Text as="div" size="1">
        {messages.productEdit.freshConflict(by)} <Text weight="medium">{displayValue(conflict.theirs)}</Text>
      </Text>
      <Text as="div" size="1" color="gray">
        {messages.productEdit.freshConflictHint}
      </Text>
      <Flex gap="2" wrap="wrap">
        <Button type="button" size="1" variant="soft" onClick={() => onChoose(conflict.field, 'mine')}>
          {messages.productEdit.keepMine}
        </Button>
        <Button type="button" size="1" color="gray" variant="soft" onClick={() => onChoose(conflict.field, 'theirs')}>
          {messages.productEdit.takeTheirs}
        </Button>
      </Flex>
    </div>
  );
}
