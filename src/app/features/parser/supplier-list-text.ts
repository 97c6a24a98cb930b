/**
 * How the Parser screen words a supplier's schedule, its runs and a running import (docs/feeds.md,
 * "The Parser screen"). Pure.
 */
import type { Job } from '../../../shared/jobs';
import { DEFAULT_SCHEDULE_TIME_ZONE, nextRunAt, type FeedSchedule } from '../../../shared/schedule';
import type { SupplierDetails, SupplierLastRun } from '../../../shared/suppliers';
import { parserMessages, type ParserWords } from '../../../shared/parser-messages';

export function scheduleText(schedule: FeedSchedule | null, words: ParserWords = parserMessages): string {
  if (!schedule) return words.byHandOnly;
  const zone = schedule.timeZone === DEFAULT_SCHEDULE_TIME_ZONE ? '' : schedule.timeZone;
  if (schedule.kind === 'daily') return words.dailyAt(schedule.time, zone);
  return words.everyHours(schedule.hours, zone);
}

export function runStatusColor(status: SupplierLastRun['status']): 'green' | 'amber' | 'red' | 'blue' {
  return status === 'success' ? 'green' : status === 'partial' ? 'amber' : status === 'failed' ? 'red' : 'blue';
}

/** "900 new, 0 updated, 1 refused" for a finished run. */
export function runCountsText(run: SupplierLastRun, count: (n: number) => string, words: ParserWords = parserMessages): string {
  return words.runCounts(count(run.created), count(run.updated), count(run.unchanged), count(run.refused));
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
export function jobProgressText(job: Pick<Job, 'read' | 'written' | 'refused' | 'status'>, count: (n: number) => string, words: ParserWords = parserMessages): string {
  if (job.status === 'queued') return words.waitingToStart;
  return words.jobCounts(count(job.read), count(job.written), count(job.refused));
}
