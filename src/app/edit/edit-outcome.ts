/**
 * What became of a save, the same four answers on every edit screen (docs/architecture.md "Edit
 * screens"), and what the person is told of each: a toast, a notice above the form, or both.
 * Pure: no React, no I/O.
 */

export type EditOutcome<R> =
  /** The server has it; `record` is its answer as this device now keeps it (null: not known). */
  | { kind: 'sent'; record: R | null }
  /** Safe on this device; it is sent when the connection returns. */
  | { kind: 'pending' }
  /** Someone else changed it meanwhile; `theirs` is their version as the server gave it (null: shown from the outbox). */
  | { kind: 'conflict'; message: string; theirs: unknown }
  /** The server refused it, with its reason. */
  | { kind: 'failed'; message: string };

export type NoticeTone = 'green' | 'amber' | 'red';

/** The notice an edit screen shows above or below its form. */
export interface EditNotice {
  /** An outcome's kind, or 'refused': the screen refused before anything was sent (a check, offline). */
  kind: EditOutcome<unknown>['kind'] | 'refused';
  tone: NoticeTone;
  text: string;
  /** Records the notice names, shown as links after the text (the family members an inheritance changed). */
  links?: { to: string; label: string }[];
}

/** What one screen says of each outcome; an absent text is not said. */
export interface OutcomeTexts<R> {
  sentToast?: string;
  sentNotice?: (record: R | null) => string;
  pendingNotice?: string;
  failedToast?: string;
  /** The notice of a refusal or an error (default: the reason itself). */
  failedNotice?: (message: string) => string;
  /** The console line of a save that threw (none: not logged). */
  errorLog?: string;
}

export interface Told {
  toast: string | null;
  notice: EditNotice | null;
}

/** The toast and the notice of an outcome. A conflict says nothing here: the screen shows it from the outbox. */
export function toldOf<R>(outcome: EditOutcome<R>, texts: OutcomeTexts<R>): Told {
  switch (outcome.kind) {
    case 'sent':
      return { toast: texts.sentToast ?? null, notice: texts.sentNotice ? { kind: 'sent', tone: 'green', text: texts.sentNotice(outcome.record) } : null };
    case 'pending':
      return { toast: null, notice: texts.pendingNotice ? { kind: 'pending', tone: 'amber', text: texts.pendingNotice } : null };
    case 'conflict':
      return { toast: null, notice: null };
    case 'failed':
      return { toast: texts.failedToast ?? null, notice: failedNotice(outcome.message, texts) };
  }
}

/** The red notice of a refusal or an error. */
export function failedNotice(message: string, texts: Pick<OutcomeTexts<unknown>, 'failedNotice'>): EditNotice {
  return { kind: 'failed', tone: 'red', text: texts.failedNotice ? texts.failedNotice(message) : message };
}

/** The reason an error gives (its message), for the notice. */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A screen's own refusal before anything is sent: red for a check, amber for "needs a connection". */
export function refusal(text: string, tone: NoticeTone = 'red'): EditNotice {
  return { kind: 'refused', tone, text };
}

/**
 * The notice that stands once nothing of mine waits in the outbox: the amber ones ("saved on this
 * device", "needs a connection") are out of date then and go; the others stay.
 */
export function standsOnceSent(notice: EditNotice | null): EditNotice | null {
  return notice?.tone === 'amber' ? null : notice;
}
