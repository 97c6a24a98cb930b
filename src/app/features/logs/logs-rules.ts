/**
 * The Logs screen's decisions as pure rules (docs/jobs.md, "Screens"): the choices of its filters,
 * what a read shows, and how its list is followed while a job runs.
 */
import { ALL_SUPPLIERS_ID } from '../../../shared/constants';
import { JOB_KINDS, JOB_STATUSES, type Job, type JobKind, type JobStatus } from '../../../shared/jobs';
import { logsMessages, type LogsWords } from '../../../shared/logs-messages';
import { JOB_KIND_WORDS, JOB_STATUS_WORDS } from '../../../shared/status-words';
import { isActive, type FollowPhase } from '../jobs';
import type { LogsRead } from './load-logs';

export interface FilterOption {
  value: string;
  label: string;
}

/** The kind filter's choices, in the words of the language shown. */
export function kindOptions(words: LogsWords = logsMessages, kinds: Readonly<Record<JobKind, string>> = JOB_KIND_WORDS): FilterOption[] {
  return [{ value: '', label: words.everyKind }, ...JOB_KINDS.map((kind) => ({ value: kind, label: kinds[kind] }))];
}

/** The outcome filter's choices, in the words of the language shown. */
export function outcomeOptions(words: LogsWords = logsMessages, statuses: Readonly<Record<JobStatus, string>> = JOB_STATUS_WORDS): FilterOption[] {
  return [
    { value: '', label: words.everyOutcome },
    { value: 'problems', label: words.withProblems },
    ...JOB_STATUSES.map((status) => ({ value: status, label: statuses[status] })),
  ];
}

/** Every real supplier (not the "All" entry of the lists) as a choice. */
export function supplierOptions(suppliers: readonly { supplierId: number; supplierName: string }[], words: LogsWords = logsMessages): FilterOption[] {
  return [
    { value: '', label: words.everySupplier },
    ...suppliers.filter((supplier) => supplier.supplierId !== ALL_SUPPLIERS_ID).map((supplier) => ({ value: String(supplier.supplierId), label: supplier.supplierName })),
  ];
}

/** The jobs a read shows (none when it failed or has not come yet). */
export function jobsOfRead(read: LogsRead | null): Job[] {
  return read && read.kind !== 'none' ? read.page.content : [];
}

export function totalPagesOfRead(read: LogsRead | null): number {
  return read && read.kind !== 'none' ? read.page.totalPages : 0;
}

/** Live while a job on the page runs; otherwise read now and then, as schedules start jobs by themselves. */
export function logsPhase(read: LogsRead): FollowPhase {
  return jobsOfRead(read).some(isActive) ? 'running' : 'idle';
}
