/**
 * The one conflict table (docs/offline.md "Conflicts"): each conflicting field, mine beside theirs
 * with who changed theirs and when, and (when the change can be settled field by field) "Keep
 * mine" / "Take theirs" per field. Used by the product editor, the Bol Model tab and the sync
 * panel; the banner adds "Keep all mine" / "Take all theirs". Values come in as display text.
 */
import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { productEditMessages } from '../../shared/product-edit-messages';
import { useMessages } from '../i18n/language';
import { dateTimeText } from '../lib/format';
import './conflict-table.css';

export type ConflictChoice = 'mine' | 'theirs';

/** One conflicting field, its values already written for people. */
export interface ConflictRow {
  field: string;
  label: string;
  mine: string;
  theirs: string;
  changedBy?: string | null;
  changedAt?: string | null;
  /** Theirs is an image the other person deleted. */
  theirsDeleted?: boolean;
}

/** Who wrote theirs and when: "Theirs, changed by Bram at …", or for an image Bram deleted "Deleted by Bram at …". */
export function theirsLine(row: ConflictRow): string {
  return theirsLineIn(row, productEditMessages);
}

/** The same in `words` (the language shown). */
export function theirsLineIn(row: ConflictRow, words: Pick<EditWords, 'theirsBy' | 'theirsDeletedBy'>): string {
  const when = row.changedAt ? dateTimeText(row.changedAt) : null;
  return row.theirsDeleted ? words.theirsDeletedBy(row.changedBy ?? null, when) : words.theirsBy(row.changedBy ?? null, when);
}

type EditWords = typeof productEditMessages;

/** The product page's words in the language shown (docs/languages.md). */
function useEditWords(): EditWords {
  return useMessages(productEditMessages, 'productEdit');
}

interface Choosing {
  choices: Readonly<Record<string, ConflictChoice>>;
  busy: boolean;
  onChoose: (field: string, choice: ConflictChoice) => void;
}

export function ConflictChoiceButtons({ row, choices, busy, onChoose }: Choosing & { row: ConflictRow }) {
  const words = useEditWords();
  const choice = choices[row.field];
  return (
    <Flex gap="2" wrap="wrap">
      {/* High contrast: white on the banner's orange is too faint to read (axe: color-contrast). */}
      <Button size="1" variant={choice === 'mine' ? 'solid' : 'soft'} highContrast={choice === 'mine'} disabled={busy} aria-pressed={choice === 'mine'} onClick={() => onChoose(row.field, 'mine')}>
        {words.keepMine}
      </Button>
      <Button size="1" color="gray" variant={choice === 'theirs' ? 'solid' : 'soft'} disabled={busy} aria-pressed={choice === 'theirs'} onClick={() => onChoose(row.field, 'theirs')}>
        {words.takeTheirs}
      </Button>
    </Flex>
  );
}

/** The table; without `choosing` it only shows the differences (a record settled as a whole). */
export function ConflictTable({ rows, choosing, theirsHeading }: { rows: readonly ConflictRow[]; choosing?: Choosing; theirsHeading?: string }) {
  const words = useEditWords();
  const heads = words.conflictTable;
  return (
    <div className="conflict-table-scroll">
      <table className="conflict-table">
        <thead>
          <tr>
            <th scope="col">{heads.field}</th>
            <th scope="col">{heads.mine}</th>
            <th scope="col">{theirsHeading ?? heads.theirs}</th>
            {choosing && (
              <th scope="col">
                <span className="visually-hidden">{heads.choice}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field} data-testid="conflict-row">
              <th scope="row">{row.label}</th>
              <td className="conflict-table-mine">{row.mine}</td>
              <td className="conflict-table-theirs">
                {/* A deleted image: "Deleted by Bram at …" says it all. */}
                {row.theirsDeleted && (row.changedBy || row.changedAt) ? (
                  theirsLineIn(row, words)
                ) : (
                  <>
                    {row.theirs}
                    {(row.changedBy || row.changedAt) && (
                      <Text as="div" size="1" color="gray">
                        {theirsLineIn(row, words)}
                      </Text>
                    )}
                  </>
                )}
              </td>
              {choosing && (
                <td>
                  <ConflictChoiceButtons row={row} {...choosing} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Keep all mine" / "Take all theirs" (or, for a record settled as a whole, "Keep mine" / "Take theirs"). */
export function ConflictAllButtons({ busy, perField, onChooseAll, size = '2' }: { busy: boolean; perField: boolean; onChooseAll: (choice: ConflictChoice) => void; size?: '1' | '2' }) {
  const words = useEditWords();
  return (
    <Flex gap="2" wrap="wrap">
      <Button size={size} highContrast disabled={busy} loading={busy} onClick={() => onChooseAll('mine')}>
        {perField ? words.keepAllMine : words.keepMine}
      </Button>
      <Button size={size} color="gray" variant="soft" disabled={busy} onClick={() => onChooseAll('theirs')}>
        {perField ? words.takeAllTheirs : words.takeTheirs}
      </Button>
    </Flex>
  );
}

/** The banner at the top of a form: what happened, the table with a choice per field, and the choices for all. */
export function ConflictBanner({ title, rows, onChooseAll, testId = 'save-conflict', ...choosing }: Choosing & { title: ReactNode; rows: readonly ConflictRow[]; onChooseAll: (choice: ConflictChoice) => void; testId?: string }) {
  return (
    <Callout.Root color="orange" role="alert" data-testid={testId} className="conflict-banner">
      <Flex direction="column" gap="2" width="100%" minWidth="0">
        <Callout.Text weight="medium">{title}</Callout.Text>
        <ConflictTable rows={rows} choosing={choosing} />
        <ConflictAllButtons busy={choosing.busy} perField onChooseAll={onChooseAll} />
      </Flex>
    </Callout.Root>
  );
}

/** Under a conflicting field of a form: mine, theirs with who, and the two choices. */
export function FieldConflictNote({ row, ...choosing }: Choosing & { row: ConflictRow }) {
  const words = useEditWords();
  return (
    <div className="field-conflict-note" data-testid={`field-conflict-${row.field}`}>
      <Text as="div" size="1">
        <Text weight="medium">{words.conflictTable.mineLabel}</Text> {row.mine}
      </Text>
      <Text as="div" size="1">
        {row.theirsDeleted ? (
          <>
            <Text weight="medium">{words.conflictTable.theirsLabel}</Text> {theirsLineIn(row, words)}
          </>
        ) : (
          <>
            <Text weight="medium">{theirsLineIn(row, words)}:</Text> {row.theirs}
          </>
        )}
      </Text>
      <ConflictChoiceButtons row={row} {...choosing} />
    </div>
  );
}
