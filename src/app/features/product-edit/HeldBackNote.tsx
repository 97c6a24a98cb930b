/**
 * "The supplier now says: …" under a field whose supplier feed value was held back because a person
 * changed the field (docs/product-edit.md "The supplier now says"). "Take the supplier's" puts the
 * value in the form (saved with Apply, through the outbox like any change); "Keep mine" ends the
 * hold on the server (needs the connection). Renders only: held-back-rules.ts decides.
 */
import { Button, Flex, Text } from '@radix-ui/themes';
import { messages } from '../../../shared/messages';
import { noServerSays } from '../../lib/online';
import type { HeldNote } from './held-back-rules';

export interface HeldBackNoteProps {
  note: HeldNote;
  online: boolean;
  keeping: boolean;
  onTake: () => void;
  onKeepMine: () => void;
}

export function HeldBackNote({ note, online, keeping, onTake, onKeepMine }: HeldBackNoteProps) {
  return (
    <div className="held-back-note" data-testid={`held-back-${note.field}`} role="note">
      <Text as="div" size="2">
        {note.says}
      </Text>
      {note.taken ? (
        <Text as="div" size="1" color="gray">
          {messages.productEdit.supplierTaken}
        </Text>
      ) : (
        <Flex gap="2" wrap="wrap">
          <Button type="button" size="1" variant="soft" onClick={onTake}>
            {messages.productEdit.takeSupplier}
          </Button>
          <Button type="button" size="1" variant="soft" color="gray" loading={keeping} disabled={keeping || !online} title={online ? undefined : noServerSays('keepMine')} onClick={onKeepMine}>
            {messages.productEdit.keepMine}
          </Button>
        </Flex>
      )}
    </div>
  );
}
