/**
 * How the Parser screen words a supplier's schedule, its runs and a running import (docs/feeds.md,
 * "The Parser screen"). Pure.
 */
import type { Job } from '../../../shared/jobs';
import { DEFAULT_SCHEDULE_TIME_ZONE, nextRunAt, type FeedSchedule } from '../../../shared/schedule';
import type { SupplierDetails, SupplierLastRun } from '../../../shared/suppliers';

export function scheduleText(schedule: FeedSchedule | null): string {
  if (!schedule) return 'By hand only';
  const zone = schedule.timeZone === DEFAULT_SCHEDULE_TIME_ZONE ? '' : ` (${schedule.timeZone})`;
  if (schedule.kind === 'daily') return `Daily at ${schedule.time}${zone}`;
  return `Every ${schedule.hours} hour${schedule.hours === 1 ? '' : 's'}${zone}`;
}

export const RUN_STATUS_TEXT: Record<SupplierLastRun['status'], string> = {
  running: 'Running',
  success: 'Imported',
  partial: 'Imported, some rows refused',
  failed: 'Failed',
};

export function runStatusColor(status: SupplierLastRun['status']): 'green' | 'amber' | 'red' | 'blue' {
  return status === 'success' ? 'green' : status === 'partial' ? 'amber' : status === 'failed' ? 'red' : 'blue';
}

/** "900 new, 0 updated, 1 refused" for a finished run. */
export function runCountsText(run: SupplierLastRun, count: (n: number) => string): string {
  return `${count(run.created)} new, ${count(run.updated)} updated, ${count(run.unchanged)} unchanged, ${count(run.refused)} refused`;
}

/** When the schedule runs this supplier next (the server's rule, src/shared/schedule.ts), or null: by hand only or disabled. */
export function nextRunOf(supplier: Pick<SupplierDetails, 'schedule' | 'enabled' | 'lastRun'>, now: Date): Date | null {
  if (!supplier.schedule || !supplier.enabled) return null;
  const last = supplier.lastRun ? new Date(supplier.lastRun.dateTimeOperation) : null;
  const next = nextRunAt(supplier.schedule, last, now);
  // Due already: the scheduler starts it within its next round.
  return next.getTime() < now.getTime() ? now : next;
}

/** The progress line of a running import: "1,250 read, 1,200 written, 2 refused". */
export function jobProgressText(job: Pick<Job, 'read' | 'written' | 'refused' | 'status'>, count: (n: number) => string): string {
  if (job.status === 'queued') return 'Waiting to start';
  return `${count(job.read)} read, ${count(job.written)} written, ${count(job.refused)} refused`;
}
