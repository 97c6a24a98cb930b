/** How jobs read on screen (docs/jobs.md, "Logs"; their names and outcomes in words: shared/status-words.ts): who started them, progress and durations. */
import type { Job, JobKind, JobRefusal, JobStatus } from '../../../shared/jobs';
import type { RunSchedule } from '../../../shared/schedule';
import { logsMessages, type LogsWords } from '../../../shared/logs-messages';
import { JOB_KIND_WORDS, JOB_STATUS_WORDS } from '../../../shared/status-words';
import { countText } from '../../lib/format';
import { jobProgressMessages, type JobProgressWords } from '../../../shared/job-progress-messages';
import { englishSays, reasonOf, type ServerSays } from '../../lib/job-items';

/** The colour of an outcome: partly done is a warning, never a green success. */
export function statusTone(status: JobStatus): 'green' | 'amber' | 'red' | 'gray' | 'blue' {
  if (status === 'success') return 'green';
  if (status === 'partial') return 'amber';
  if (status === 'failed' || status === 'interrupted') return 'red';
  if (status === 'running' || status === 'queued') return 'blue';
  return 'gray';
}

export function isActive(job: Pick<Job, 'status'>): boolean {
  return job.status === 'queued' || job.status === 'running';
}

export function startedByText(job: Pick<Job, 'trigger' | 'startedBy'>, words: LogsWords = logsMessages): string {
  if (job.trigger === 'schedule') return words.bySchedule;
  if (job.trigger === 'server') return words.byServer;
  return job.startedBy || words.someone;
}

/** "4 s", "2 min 05 s", "1 h 02 min"; running jobs count to now. */
export function durationText(startedAt: string | null, finishedAt: string | null, now: number): string {
  if (!startedAt) return '';
  const ms = Math.max(0, (finishedAt ? Date.parse(finishedAt) : now) - Date.parse(startedAt));
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** "12,000 read, 11,990 written, 10 refused". */
export function countsText(job: Pick<Job, 'read' | 'written' | 'refused' | 'kind'>, words: JobProgressWords = jobProgressMessages): string {
  const counts = job.kind === 'feed-import' ? words.counts : words.itemCounts;
  return counts(countText(job.read), countText(job.written), countText(job.refused));
}

/** The line under a progress bar (`words` and `statuses` in the language shown). */
export function progressText(job: Job, words: JobProgressWords = jobProgressMessages, statuses: Readonly<Record<JobStatus, string>> = JOB_STATUS_WORDS): string {
  const who = job.supplierName ? `${job.supplierName}: ` : '';
  if (job.status === 'queued') return `${who}${words.waitingToStart}`;
  const percent = job.percent === null ? '' : ` (${job.percent}%)`;
  if (job.status === 'running') return `${who}${job.cancelRequested ? words.stopping : ''}${countsText(job, words)}${percent}`;
  return `${who}${statuses[job.status]}: ${countsText(job, words)}`;
}

/** The bar's value: the percent when known; otherwise none (an indeterminate bar). */
export function progressValue(job: Job): number | null {
  if (!isActive(job)) return 100;
  return job.percent;
}

/** A refused line or item as one sentence. */
export function refusalText(refusal: JobRefusal, words: JobProgressWords = jobProgressMessages, says: ServerSays = englishSays): string {
  const reason = reasonOf(refusal, says);
  if (refusal.line !== undefined) return words.line(refusal.line, reason);
  if (refusal.productId !== undefined) return words.product(refusal.productId, reason);
  if (refusal.orderId !== undefined) return words.order(refusal.orderId, reason);
  return reason;
}

/**
 * The outcome lines of finished import jobs, as the product list shows them (a warning when some
 * rows were refused); `says` words a job's report in the language shown (default and null: its English).
 */
export function jobOutcomeLines(
  jobs: readonly Job[],
  words: { jobKind: Readonly<Record<JobKind, string>>; jobStatus: Readonly<Record<JobStatus, string>> } = { jobKind: JOB_KIND_WORDS, jobStatus: JOB_STATUS_WORDS },
  says: (job: Job) => string | null = (job) => job.message,
): { text: string; ok: boolean; warning?: true }[] {
  return jobs.map((job) => ({
    text: `${job.supplierName ?? words.jobKind[job.kind]}: ${(job.message && (says(job) ?? job.message)) || words.jobStatus[job.status]}`,
    ok: job.status === 'success' || job.status === 'partial',
    ...(job.status === 'partial' ? { warning: true as const } : {}),
  }));
}

/** Each refused line of finished jobs with its supplier, at most `limit` (the counts cover the rest). */
export function jobProblemLines(jobs: readonly Job[], limit = 100, words: JobProgressWords = jobProgressMessages, says: ServerSays = englishSays): { lines: string[]; hidden: number } {
  const all = jobs.flatMap((job) => (job.refusals ?? []).flatMap((r) => (r.line === undefined ? [] : [words.supplierLine(job.supplierName ?? '', r.line, reasonOf(r, says))])));
  const total = jobs.reduce((sum, job) => sum + job.refused, 0);
  return { lines: all.slice(0, limit), hidden: Math.max(0, total - Math.min(limit, all.length)) };
}

/** The query string of the Logs filters (kept in the URL). */
export interface LogsFilter {
  kind: string;
  supplierId: string;
  outcome: string;
  page: number;
}

export function logsFilterFromSearch(search: URLSearchParams): LogsFilter {
  const page = Number(search.get('page') ?? '0');
  return {
    kind: search.get('kind') ?? '',
    supplierId: /^\d+$/.test(search.get('supplierId') ?? '') ? (search.get('supplierId') as string) : '',
    outcome: search.get('outcome') ?? '',
    page: Number.isInteger(page) && page >= 0 ? page : 0,
  };
}

export function logsFilterToSearch(filter: LogsFilter): URLSearchParams {
  const search = new URLSearchParams();
  if (filter.kind) search.set('kind', filter.kind);
  if (filter.supplierId) search.set('supplierId', filter.supplierId);
  if (filter.outcome) search.set('outcome', filter.outcome);
  if (filter.page > 0) search.set('page', String(filter.page));
  return search;
}

/** A schedule in words: "Every 15 minutes", "Every 6 hours", "Daily at 03:30 (Europe/Amsterdam)". */
export function scheduleText(schedule: RunSchedule | null, words: LogsWords = logsMessages): string {
  if (!schedule) return words.onlyByHand;
  if (schedule.kind === 'minutes')
    return schedule.minutes % 60 === 0 ? scheduleText({ kind: 'every', hours: schedule.minutes / 60, timeZone: schedule.timeZone }, words) : words.everyMinutes(schedule.minutes);
  if (schedule.kind === 'every') return words.everyHours(schedule.hours);
  return words.dailyAt(schedule.time, schedule.timeZone);
}
