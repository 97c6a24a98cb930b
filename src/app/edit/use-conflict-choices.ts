/**
 * Settling my conflicting change field by field (docs/product-edit.md "Conflicts"), the same on the
 * General tab and the Bol Model tab: the person's choice per field (mine or theirs), shown on the
 * form at once; when every field is decided the choices are settled in one go. A choice touches
 * only its own field: what the person typed elsewhere stays. A choice that would replace what the
 * person is still typing in that field asks first (conflict-choice-rules.ts). The choices start
 * afresh for each conflict.
 */
import { useState } from 'react';
import type { ConflictChoice } from '../../shared/change-set';
import { notify } from '../ui/notify';
import type { TypedOver } from './conflict-choice-rules';

export interface ConflictOnScreen<C extends { field: string }> {
  entryId: string;
  conflicts: readonly C[];
}

export interface ConflictChoiceOptions<C extends { field: string }> {
  conflict: ConflictOnScreen<C> | null;
  /**
   * Shows a choice on the form; `whole` for Keep all / Take all, `settles` when it decides the last
   * field, `choices` every choice made so far (this one included).
   */
  apply(decided: readonly C[], choice: ConflictChoice, how: { whole: boolean; settles: boolean; choices: Readonly<Record<string, ConflictChoice>> }): void;
  /** The fields among `decided` where `choice` would replace what the person is still typing (asked first). */
  typedOver?(decided: readonly C[], choice: ConflictChoice): TypedOver[];
  /** Settles the conflict with these choices (through the outbox's entry point). */
  settle(entryId: string, choices: Readonly<Record<string, ConflictChoice>>): Promise<void>;
  /** After settling: the kept copy (theirs with what I kept on top) shows. */
  settled(): void;
  failedToast: string;
  errorLog: string;
}

/** A choice waiting for the person's yes: what it replaces, and the choice itself. */
export interface ChoiceQuestion {
  replaced: TypedOver[];
  run: () => void;
}

export function useConflictChoices<C extends { field: string }>(options: ConflictChoiceOptions<C>) {
  const { conflict } = options;
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>({});
  const [settling, setSettling] = useState(false);
  const [question, setQuestion] = useState<ChoiceQuestion | null>(null);
  const conflictId = conflict?.entryId ?? null;
  const [choicesFor, setChoicesFor] = useState<string | null>(null);
  if (conflictId !== choicesFor) {
    setChoicesFor(conflictId);
    setChoices({});
    setQuestion(null);
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

  /** Runs a choice of `decided`, after asking when it replaces typing. */
  function askFirst(decided: readonly C[], choice: ConflictChoice, run: () => void) {
    const replaced = options.typedOver?.(decided, choice) ?? [];
    if (replaced.length === 0) run();
    else setQuestion({ replaced, run });
  }

  function choose(field: string, choice: ConflictChoice) {
    if (!conflict) return;
    const decided = conflict.conflicts.filter((candidate) => candidate.field === field);
    askFirst(decided, choice, () => {
      const next = { ...choices, [field]: choice };
      setChoices(next);
      const settles = conflict.conflicts.every((candidate) => next[candidate.field] !== undefined);
      options.apply(decided, choice, { whole: false, settles, choices: next });
      if (settles) void settle(conflict.entryId, next);
    });
  }

  function chooseAll(choice: ConflictChoice) {
    if (!conflict) return;
    askFirst(conflict.conflicts, choice, () => {
      const all = Object.fromEntries(conflict.conflicts.map((candidate) => [candidate.field, choice]));
      setChoices(all);
      options.apply(conflict.conflicts, choice, { whole: true, settles: true, choices: all });
      void settle(conflict.entryId, all);
    });
  }

  return {
    choices,
    settling,
    choose,
    chooseAll,
    /** The choice waiting for a yes (a confirm dialog shows it), or null. */
    question,
    confirmQuestion: () => {
      const run = question?.run;
      setQuestion(null);
      run?.();
    },
    dismissQuestion: () => setQuestion(null),
  };
}
