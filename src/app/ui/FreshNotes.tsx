/**
 * What a colleague's saved change did to an open form (docs/product-edit.md "Open forms stay
 * fresh"): the note naming who and which fields updated in place, and, under a field both
 * changed, the colleague's value with the choice. The product form and the Bol Model tab draw
 * these; the texts come from src/shared/product-edit-messages.ts.
 */
import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import { productEditMessages } from '../../shared/product-edit-messages';
import { useMessages } from '../i18n/language';
import './fresh-notes.css';

/** "Updated by anna just now: Title, Stock" (and which fields wait for a choice), with Dismiss. */
export function FreshNewsCallout({ by, updated, waiting, onDismiss }: { by: readonly string[]; updated: readonly string[]; waiting: readonly string[]; onDismiss: () => void }) {
  const words = useMessages(productEditMessages, 'productEdit');
  if (updated.length === 0 && waiting.length === 0) return null;
  return (
    <Callout.Root color="blue" className="fresh-news" data-testid="fresh-news" role="status">
      <Flex align="center" justify="between" gap="3" wrap="wrap" width="100%">
        <Flex direction="column" gap="1">
          <Callout.Text>{words.freshUpdated(by, updated)}</Callout.Text>
          {waiting.length > 0 && <Callout.Text>{words.freshBoth(waiting)}</Callout.Text>}
        </Flex>
        <Button type="button" size="2" variant="soft" color="gray" onClick={onDismiss}>
          {words.dismiss}
        </Button>
      </Flex>
    </Callout.Root>
  );
}

/** Under a field both changed: the colleague's value, "Keep mine" or "Take theirs". */
export function FreshFieldNote({ field, theirsText, by, onChoose }: { field: string; theirsText: string; by: readonly string[]; onChoose: (field: string, choice: 'mine' | 'theirs') => void }) {
  const words = useMessages(productEditMessages, 'productEdit');
  return (
    <div className="field-conflict-note" data-testid={`fresh-conflict-${field}`}>
      <Text as="div" size="1">
        {words.freshConflict(by)} <Text weight="medium">{theirsText}</Text>
      </Text>
      <Text as="div" size="1" color="gray">
        {words.freshConflictHint}
      </Text>
      <Flex gap="2" wrap="wrap">
        <Button type="button" size="1" variant="soft" onClick={() => onChoose(field, 'mine')}>
          {words.keepMine}
        </Button>
        <Button type="button" size="1" color="gray" variant="soft" onClick={() => onChoose(field, 'theirs')}>
          {words.takeTheirs}
        </Button>
      </Flex>
    </div>
  );
}
