/**
 * The product list's bulk actions (docs/product-list.md "Bulk actions"): which exist, when each
 * may run and why not, and how its progress and outcome read. The server's job reports are not
 * fixed by the spec, so an outcome is read generically: its message and any counts in it.
 */
import { countText } from '../../lib/format';
import { listActionsMessages, type ListActionsWords } from '../../../shared/list-actions-messages';
import { STATUS_WORDS, subStatusWords, type StatusWords } from '../../../shared/status-words';
import { englishSays, type ServerSays } from '../../lib/job-items';

export type BulkActionId = 'create-content' | 'upload-report' | 'import-from-bol' | 'reimport-offers' | 'export-content-report';

export interface BulkAction {
  id: BulkActionId;
  label: string;
  /** The button's text while it runs. */
  busyLabel: string;
  /** True: runs on the selected products; false: on the whole catalogue. */
  needsSelection: boolean;
  /** What the button does, for its title and screen readers. */
  description: string;
}

/** The actions, in the bar's order: which run on the selection. */
const ACTION_PLACES: readonly { id: BulkActionId; needsSelection: boolean }[] = [
  { id: 'create-content', needsSelection: true },
  { id: 'upload-report', needsSelection: true },
  { id: 'import-from-bol', needsSelection: false },
  { id: 'reimport-offers', needsSelection: false },
  { id: 'export-content-report', needsSelection: false },
];

/** The bulk actions' words, in the language shown (English by default). */
export type BulkWords = ListActionsWords['bulk'];
const ENGLISH = listActionsMessages.bulk;

/** The actions with their words in `words`. */
export function bulkActions(words: BulkWords = ENGLISH): readonly BulkAction[] {
  return ACTION_PLACES.map(({ id, needsSelection }) => ({ id, needsSelection, ...words.actions[id] }));
}

export const BULK_ACTIONS: readonly BulkAction[] = bulkActions();

export function bulkAction(id: BulkActionId): BulkAction {
  const action = BULK_ACTIONS.find((candidate) => candidate.id === id);
  if (!action) throw new Error(`Unknown bulk action ${id}`);
  return action;
}

export const OFFLINE_REASON = ENGLISH.offlineReason;
export const NO_SELECTION_REASON = ENGLISH.noSelectionReason;

export interface BulkActionState {
  enabled: boolean;
  /** Why it is off, shown beside the buttons; null when on, or off only because it runs. */
  reason: string | null;
}

export function bulkActionState(
  input: { action: BulkAction; online: boolean; selectedCount: number; running: boolean },
  words: Pick<BulkWords, 'offlineReason' | 'noSelectionReason'> = ENGLISH,
): BulkActionState {
  if (!input.online) return { enabled: false, reason: words.offlineReason };
  if (input.running) return { enabled: false, reason: null };
  if (input.action.needsSelection && input.selectedCount === 0) return { enabled: false, reason: words.noSelectionReason };
  return { enabled: true, reason: null };
}

/** The reasons of several actions, each once, in the order of the actions. */
export function distinctReasons(states: readonly BulkActionState[]): string[] {
  return [...new Set(states.map((state) => state.reason).filter((reason): reason is string => reason !== null))];
}

/** "3 products", in `words`. */
export function productsText(count: number, words: Pick<BulkWords, 'products'> = ENGLISH): string {
  return words.products(countText(count), count);
}

/** The button's text: selection actions carry the count they will send. */
export function buttonText(action: BulkAction, selectedCount: number, running: boolean, words: Pick<BulkWords, 'withCount'> = ENGLISH): string {
  if (running) return action.busyLabel;
  return action.needsSelection && selectedCount > 0 ? words.withCount(action.label, countText(selectedCount)) : action.label;
}

/** The progress line while an action runs. */
export function startedText(action: BulkAction, selectedCount: number, words: Pick<BulkWords, 'started' | 'products'> = ENGLISH): string {
  switch (action.id) {
    case 'create-content':
      return words.started.createContent(productsText(selectedCount, words));
    case 'upload-report':
      return words.started.uploadReport(productsText(selectedCount, words));
    case 'import-from-bol':
      return words.started.importFromBol;
    case 'reimport-offers':
      return words.started.reimportOffers;
    case 'export-content-report':
      return words.started.exportContentReport;
  }
}

export interface Outcome {
  text: string;
  ok: boolean;
}

/** "productsCreated" -> "products created": a field the words do not name. */
function fieldNameWords(name: string): string {
  return name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
}

/** Numbers that are identifiers or times, not counts. */
function isCountName(name: string): boolean {
  return !/(^id$|Id$|_id$|At$|Ms$|^version$|^status$)/.test(name);
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The counts of a report: its number fields and those of a `counts` object, and the length of its
 * lists, each named in `words` (a field they do not name: from its own name).
 */
export function reportCounts(report: unknown, words: Pick<BulkWords, 'count' | 'countNames'> = ENGLISH): string[] {
  if (!isObject(report)) return [];
  const counts: string[] = [];
  const count = (name: string, value: number) => words.count(words.countNames[name] ?? fieldNameWords(name), countText(value));
  const add = (source: JsonObject) => {
    for (const [name, value] of Object.entries(source)) {
      if (typeof value === 'number' && Number.isFinite(value) && isCountName(name)) counts.push(count(name, value));
    }
  };
  add(report);
  if (isObject(report.counts)) add(report.counts);
  for (const [name, value] of Object.entries(report)) {
    // `messageArgs` are the values of the report's sentence (docs/languages.md), not a list it counts.
    if (Array.isArray(value) && name !== 'content' && name !== 'messageArgs') counts.push(count(name, value.length));
  }
  return counts;
}

/** The status tables an outcome's status is worded with (in the language shown). */
export type OutcomeStatusWords = Pick<StatusWords, 'process' | 'bolJob' | 'subStatus'>;

/**
 * A report's status in words, never its code (docs/jobs.md, "Words, not codes"): bol's process
 * status (SUCCESS, FAILURE, …), a bol job's outcome (success, partial, …), else words from the code.
 */
export function outcomeStatusWords(status: string, tables: OutcomeStatusWords = STATUS_WORDS): string {
  if (Object.hasOwn(tables.process, status)) return tables.process[status as keyof OutcomeStatusWords['process']];
  if (Object.hasOwn(tables.bolJob, status)) return tables.bolJob[status as keyof OutcomeStatusWords['bolJob']];
  return subStatusWords(status, tables.subStatus);
}

/** How a finished action's answer reads: the server's message (worded by `says` when it names its sentence) or status (in words), with its counts. */
export function reportText(
  action: BulkAction,
  report: unknown,
  words: Pick<BulkWords, 'done' | 'status' | 'count' | 'countNames'> = ENGLISH,
  statusTables: OutcomeStatusWords = STATUS_WORDS,
  says: ServerSays = englishSays,
): Outcome {
  if (typeof report === 'string' && report.trim() !== '') return { text: `${action.label}: ${report.trim()}`, ok: true };
  const object = isObject(report) ? report : {};
  const written = typeof object.message === 'string' && object.message.trim() !== '' ? object.message.trim() : null;
  // The server's sentence in the language shown when it names one (docs/languages.md).
  const message = written === null ? null : (says({ ...object, message: written })?.trim() ?? written);
  const status = typeof object.status === 'string' && object.status.trim() !== '' ? object.status.trim() : null;
  const counts = reportCounts(report, words);
  const failed = status !== null && /^(failure|failed|error)$/i.test(status);
  // The sentence ends once, after the counts.
  const head = (message ?? (status !== null ? words.status(outcomeStatusWords(status, statusTables)) : words.done)).replace(/[.!]+$/, '');
  const tail = counts.length > 0 ? ` (${counts.join(', ')})` : '';
  return { text: `${action.label}: ${head}${tail}.`, ok: !failed };
}

/** The server's own "no such call" answers: the call is not built on this server yet. */
function isMissingCall(status: number, message: string): boolean {
  if (status === 501) return true;
  return status === 404 && (message === '' || /^(not found|no such call\b|404\b)/i.test(message));
}

/** How a failed action reads (the server's sentence where it gave one). */
export function failureText(
  action: BulkAction,
  failure: { status: number; message: string },
  words: Pick<BulkWords, 'notAvailable' | 'alreadyRunning' | 'noAnswer' | 'noConnection' | 'answered'> = ENGLISH,
): Outcome {
  const message = failure.message.trim();
  if (isMissingCall(failure.status, message)) {
    return { text: words.notAvailable(action.label), ok: false };
  }
  if (failure.status === 409) {
    return { text: message !== '' ? `${action.label}: ${message}` : words.alreadyRunning(action.label), ok: false };
  }
  if (failure.status === 0) {
    return { text: words.noAnswer(action.label, message || words.noConnection), ok: false };
  }
  return { text: `${action.label}: ${message || words.answered(failure.status)}`, ok: false };
}

export const DEFAULT_REPORT_FILE_NAME = 'product-content-report.xlsx';

/**
 * The file name a Content-Disposition header gives (RFC 6266: `filename*` wins over `filename`),
 * without any folder part; the fallback when there is none.
 */
export function fileNameFromContentDisposition(header: string | null, fallback: string = DEFAULT_REPORT_FILE_NAME): string {
  if (!header) return fallback;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (name === null) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
    name = plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2] ?? null) : null;
  }
  const base = name?.split(/[/\\]/).pop()?.trim() ?? '';
  return base === '' || base === '.' || base === '..' ? fallback : base;
}

/** The outcome line of a finished download. */
export function downloadedText(action: BulkAction, fileName: string, words: Pick<BulkWords, 'downloaded'> = ENGLISH): Outcome {
  return { text: words.downloaded(action.label, fileName), ok: true };
}
