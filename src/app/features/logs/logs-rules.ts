/**
 * The Logs screen's decisions as pure rules (docs/jobs.md, "Screens"): the choices of its filters,
 * what a read shows, and how its list is followed while a job runs.
 */
import { ALL_SUPPLIERS_ID } from '../../../shared/constants';
import { JOB_KINDS, JOB_STATUSES, type Job } from '../../../shared/jobs';
import { JOB_KIND_WORDS, JOB_STATUS_WORDS } from '../../../shared/status-words';
import { isActive, type FollowPhase } from '../jobs';
import type { LogsRead } from './load-logs';

export interface FilterOption {
  value: string;
  label: string;
}

export const KIND_OPTIONS: readonly FilterOption[] = [{ value: '', label: 'Every kind' }, ...JOB_KINDS.map((kind) => ({ value: kind, label: JOB_KIND_WORDS[kind] }))];

export const OUTCOME_OPTIONS: readonly FilterOption[] = [
  { value: '', label: 'Every outcome' },
  { value: 'problems', label: 'With problems' },
  ...JOB_STATUSES.map((status) => ({ value: status, label: JOB_STATUS_WORDS[status] })),
];

/** Every real supplier (not the "All" entry of the lists) as a choice. */
export function supplierOptions(suppliers: readonly { supplierId: number; supplierName: string }[]): FilterOption[] {
  return [
    { value: '', label: 'Every supplier' },
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
