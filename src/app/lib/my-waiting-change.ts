/**
 * The signed-in person's own waiting change of one record, as an editor shows it
 * (docs/offline.md, "Conflicts"): its conflict, if the server refused it, and whether it is
 * still on its way (the spinner on Apply). Another person's waiting change is theirs to settle.
 * Pure: no Dexie, no React.
 */

/** The outbox entry fields these rules read. */
export interface WaitingEntryLike {
  id: string;
  kind: string;
  status: string;
  author: string;
  serverCopy?: unknown;
}

/**
 * My conflicting entry of `kind`, with the server's answer read by `readAnswer` (null when the
 * answer is not a conflict of that kind).
 */
export function myConflictOf<Answer>(
  entries: readonly WaitingEntryLike[],
  author: string,
  kind: string,
  readAnswer: (serverCopy: unknown) => Answer | null,
): { entryId: string; answer: Answer } | null {
  for (const entry of entries) {
    if (entry.kind !== kind || entry.status !== 'conflict' || entry.author !== author) continue;
    const answer = readAnswer(entry.serverCopy);
    if (answer !== null) return { entryId: entry.id, answer };
  }
  return null;
}

/** Whether a change of mine waits or is being sent. */
export function myChangeIsOnItsWay(entries: readonly WaitingEntryLike[], author: string): boolean {
  return entries.some((entry) => entry.author === author && (entry.status === 'pending' || entry.status === 'sending'));
}
