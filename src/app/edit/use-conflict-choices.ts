/**
 * Settling my conflicting change field by field (docs/product-edit.md "Conflicts"), the same on the
 * General tab and the Bol Model tab: the person's choice per field (mine or theirs), shown on the
 * form at once; when every field is decided the choices are settled in one go. The choices start
 * afresh for each conflict.
 */
import { useState } from 'react';
import type { ConflictChoice } from '../../shared/change-set';
import { notify } from '../ui/notify';

export interface ConflictOnScreen<C extends { field: string }> {
  entryId: string;
  conflicts: readonly C[];
}

export interface ConflictChoiceOptions<C extends { field: string }> {
  conflict: ConflictOnScreen<C> | null;
  /** Shows a choice on the form; `whole` for Keep all / Take all, `settles` when it decides the last field. */
  apply(decided: readonly C[], choice: ConflictChoice, how: { whole: boolean; settles: boolean }): void;
  /** Settles the conflict with these choices (through the outbox's entry point). */
  settle(entryId: string, choices: Readonly<Record<string, ConflictChoice>>): Promise<void>;
  /** After settling: the kept copy (theirs with what I kept on top) shows. */
  settled(): void;
  failedToast: string;
  errorLog: string;
}

export function useConflictChoices<C extends { field: string }>(options: ConflictChoiceOptions<C>) {
  const { conflict } = options;
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>({});
  const [settling, setSettling] = useState(false);
  const conflictId = conflict?.entryId ?? null;
  const [choicesFor, setChoicesFor] = useState<string | null>(null);
  if (conflictId !== choicesFor) {
    setChoicesFor(conflictId);
    setChoices({});
  }

  async function settle(entryId: string, chosen: Record<string, ConflictChoice>) {
    setSettling(true);
    try {
      await options.settle(entryId, chosen);
      options.settled();
    } catch (error) {
      console.error(options.errorLog, error);
      notify(options.failedToast);
    } finally {
      setSettling(false);
    }
  }

  function choose(field: string, choice: ConflictChoice) {
    if (!conflict) return;
    const next = { ...choices, [field]: choice };
    setChoices(next);
    const settles = conflict.conflicts.every((candidate) => next[candidate.field] !== undefined);
    options.apply(
      conflict.conflicts.filter((candidate) => candidate.field === field),
      choice,
      { whole: false, settles },
    );
    if (settles) void settle(conflict.entryId, next);
  }

  function chooseAll(choice: ConflictChoice) {
    if (!conflict) return;
    const all = Object.fromEntries(conflict.conflicts.map((candidate) => [candidate.field, choice]));
    setChoices(all);
    options.apply(conflict.conflicts, choice, { whole: true, settles: true });
    void settle(conflict.entryId, all);
  }

  return { choices, settling, choose, chooseAll };
}
