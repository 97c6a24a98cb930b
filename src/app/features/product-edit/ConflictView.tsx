/**
 * A field-level conflict on the editor (docs/product-edit.md "Conflicts"): the banner at the top of
 * the form with every conflicting field, mine beside theirs and who changed theirs, and the note
 * under each conflicting field, both with "Keep mine" / "Take theirs".
 */
import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import type { ConflictChoice, FieldConflict } from '../../../shared/change-set';
import { messages } from '../../../shared/messages';
import { dateTimeText } from '../../lib/format';
import { displayValue } from '../../sync/record-diff';

const theirsLine = (conflict: FieldConflict) => messages.productEdit.theirsBy(conflict.changedBy, conflict.changedAt ? dateTimeText(conflict.changedAt) : null);

function ChoiceButtons({ conflict, choice, busy, onChoose }: { conflict: FieldConflict; choice: ConflictChoice | undefined; busy: boolean; onChoose: (field: string, choice: ConflictChoice) => void }) {
  return (
    <Flex gap="2" wrap="wrap">
      <Button size="1" variant={choice === 'mine' ? 'solid' : 'soft'} disabled={busy} aria-pressed={choice === 'mine'} onClick={() => onChoose(conflict.field, 'mine')}>
        {messages.productEdit.keepMine}
      </Button>
      <Button size="1" color="gray" variant={choice === 'theirs' ? 'solid' : 'soft'} disabled={busy} aria-pressed={choice === 'theirs'} onClick={() => onChoose(conflict.field, 'theirs')}>
        {messages.productEdit.takeTheirs}
      </Button>
    </Flex>
  );
}

export interface ConflictProps {
  conflicts: FieldConflict[];
  choices: Readonly<Record<string, ConflictChoice>>;
  busy: boolean;
  onChoose: (field: string, choice: ConflictChoice) => void;
  onChooseAll: (choice: ConflictChoice) => void;
}

export function ConflictBanner({ conflicts, choices, busy, onChoose, onChooseAll }: ConflictProps) {
  return (
    <Callout.Root color="orange" role="alert" data-testid="save-conflict" className="edit-conflict-banner">
      <Flex direction="column" gap="2" width="100%">
        <Callout.Text weight="medium">{messages.productEdit.conflict}</Callout.Text>
        <div className="edit-conflict-scroll">
          <table className="edit-conflict">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Mine</th>
                <th scope="col">Theirs</th>
                <th scope="col">
                  <span className="visually-hidden">Choice</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {conflicts.map((conflict) => (
                <tr key={conflict.field} data-testid="conflict-row">
                  <th scope="row">{conflict.label}</th>
                  <td className="edit-conflict-mine">{displayValue(conflict.mine)}</td>
                  <td className="edit-conflict-theirs">
                    {displayValue(conflict.theirs)}
                    <Text as="div" size="1" color="gray">
                      {theirsLine(conflict)}
                    </Text>
                  </td>
                  <td>
                    <ChoiceButtons conflict={conflict} choice={choices[conflict.field]} busy={busy} onChoose={onChoose} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Flex gap="2" wrap="wrap">
          <Button size="2" disabled={busy} loading={busy} onClick={() => onChooseAll('mine')}>
            {messages.productEdit.keepAllMine}
          </Button>
          <Button size="2" color="gray" variant="soft" disabled={busy} onClick={() => onChooseAll('theirs')}>
            {messages.productEdit.takeAllTheirs}
          </Button>
        </Flex>
      </Flex>
    </Callout.Root>
  );
}

/** Under a conflicting field: their value, who, and the two choices. */
export function FieldConflictNote({ conflict, choice, busy, onChoose }: { conflict: FieldConflict; choice: ConflictChoice | undefined; busy: boolean; onChoose: (field: string, choice: ConflictChoice) => void }) {
  return (
    <div className="edit-field-conflict" data-testid={`field-conflict-${conflict.field}`}>
      <Text as="div" size="1">
        <Text weight="medium">Mine:</Text> {displayValue(conflict.mine)}
      </Text>
      <Text as="div" size="1">
        <Text weight="medium">{theirsLine(conflict)}:</Text> {displayValue(conflict.theirs)}
      </Text>
      <ChoiceButtons conflict={conflict} choice={choice} busy={busy} onChoose={onChoose} />
    </div>
  );
}
