/**
 * The scheduler (docs/jobs.md, "Schedules"): every few seconds each process looks for schedules
 * that are due and queues their run with the slot's time. The slot is unique per kind and
 * supplier (jobs_schedule_slot), so when several processes see it due at once, one insert wins
 * and the run happens exactly once; the job runners then claim it like any queued job.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { OrderImportScheduleAnswer } from '../../shared/jobs';
import { feedScheduleSchema, nextRunAt, runScheduleSchema, type RunSchedule } from '../../shared/schedule';
import type { Database } from '../db/connection';
import { jobSchedules, suppliers } from '../db/schema';
import { enqueueJob, lastRunStart, type JobRow } from './job-store';
import { describeError } from '../lib/caught-errors';

export const ORDER_IMPORT_SCHEDULE = 'order-import';
const DEFAULT_TICK_MS = 15_000;

export async function orderImportSchedule(db: Database): Promise<RunSchedule | null> {
  const [row] = await db.select().from(jobSchedules).where(eq(jobSchedules.name, ORDER_IMPORT_SCHEDULE));
  const parsed = runScheduleSchema.safeParse(row?.schedule ?? null);
  return row?.schedule && parsed.success ? parsed.data : null;
}

export async function orderImportScheduleAnswer(db: Database, now: Date): Promise<OrderImportScheduleAnswer> {
  const schedule = await orderImportSchedule(db);
  const last = await lastRunStart(db, 'order-import', null);
  return {
    schedule,
    nextRunAt: schedule ? nextRunAt(schedule, last, now).toISOString() : null,
    lastRunAt: last?.toISOString() ?? null,
  };
}

/** Queues every due scheduled run once; answers the jobs this call queued (another process may have queued the rest). */
export async function queueDueRuns(db: Database, now: Date, options: { orderImport: boolean }): Promise<JobRow[]> {
  const queued: JobRow[] = [];
  const scheduled = await db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.enabled, true), isNotNull(suppliers.schedule)));
  for (const supplier of scheduled) {
    const parsed = feedScheduleSchema.safeParse(supplier.schedule);
    if (!parsed.success) continue;
    const due = nextRunAt(parsed.data, await lastRunStart(db, 'feed-import', supplier.supplierId), now);
    if (due.getTime() > now.getTime()) continue;
    // Refused (null) when the slot was queued already or an import of this supplier is queued or running.
    const job = await enqueueJob(db, { kind: 'feed-import', supplierId: supplier.supplierId, trigger: 'schedule', scheduledFor: due });
    if (job) queued.push(job);
  }
  if (options.orderImport) {
    const schedule = await orderImportSchedule(db);
    if (schedule) {
      const due = nextRunAt(schedule, await lastRunStart(db, 'order-import', null), now);
      if (due.getTime() <= now.getTime()) {
        const job = await enqueueJob(db, { kind: 'order-import', trigger: 'schedule', scheduledFor: due, params: { since: 'last-import' } });
        if (job) queued.push(job);
      }
    }
  }
  return queued;
}

export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;

  constructor(
    private readonly db: Database,
    private readonly onQueued: () => void,
    /** `alsoQueue`: a wing's own look for due work (the offer sync), handed in by main.ts. */
    private readonly options: { orderImport: boolean; now?: () => number; alsoQueue?: (now: Date) => Promise<JobRow[]> },
  ) {}

  start(tickMs = DEFAULT_TICK_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), tickMs);
    this.timer.unref();
    void this.tick();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async tick(): Promise<JobRow[]> {
    if (this.ticking) return [];
    this.ticking = true;
    try {
      const now = new Date(this.options.now?.() ?? Date.now());
      const queued = await queueDueRuns(this.db, now, { orderImport: this.options.orderImport });
      if (this.options.alsoQueue) queued.push(...(await this.options.alsoQueue(now)));
      for (const job of queued) console.log(`[jobs] scheduled ${job.kind}${job.supplierId ? ` of supplier ${job.supplierId}` : ''} queued as job ${job.id}`);
      if (queued.length > 0) this.onQueued();
      return queued;
    } catch (error) {
      console.error(`[jobs] the scheduler failed: ${describeError(error)}`);
      return [];
    } finally {
      this.ticking = false;
    }
  }
}
