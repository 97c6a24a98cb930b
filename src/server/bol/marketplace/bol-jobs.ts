/**
 * Long-running bol calls as jobs: a row in bol_jobs is the job's progress, its outcome and, while
 * its status is 'running', the lock that refuses a second run of the same kind (a unique index on
 * kind over running rows, so two requests cannot both claim it).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { BolJobItem, BolJobKind, BolJobReport } from '../../../shared/bol-contract';
import type { Database } from '../../db/connection';
import { bolJobs } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { BolApiError } from '../client/bol-errors';

const JOB_NAMES: Record<BolJobKind, string> = {
  'order-import': 'An order import',
  'content-creation': 'A content upload to bol',
  'upload-report': 'A reading of upload reports',
  'offer-import': 'An offer import',
  'retailer-import': 'An update from bol',
};

/** Items kept in a job's report; the counts stay exact beyond it. */
const MAX_ITEMS = 1_000;

type JobRow = typeof bolJobs.$inferSelect;

export function jobReport(row: JobRow): BolJobReport {
  return {
    jobId: row.id,
    kind: row.kind as BolJobKind,
    status: row.status as BolJobReport['status'],
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    total: row.total,
    done: row.done,
    failed: row.failed,
    counts: row.counts,
    message: row.message,
    items: row.items as BolJobItem[],
  };
}

export class BolJob {
  total = 0;
  done = 0;
  failed = 0;
  counts: Record<string, number> = {};
  items: BolJobItem[] = [];
  private lastWrite = 0;

  constructor(
    private readonly db: Database,
    readonly id: number,
    readonly kind: BolJobKind,
  ) {}

  count(name: string, by = 1): void {
    this.counts[name] = (this.counts[name] ?? 0) + by;
  }

  /** Records an item's outcome; failed items always count, the list is bounded. */
  item(item: BolJobItem): void {
    if (item.status === 'failed') this.failed += 1;
    if (item.status !== 'pending') this.done += 1;
    if (this.items.length < MAX_ITEMS) this.items.push(item);
  }

  /** Writes the progress at most every 250 ms, so GET /bol/jobs/{id} shows it while the job runs. */
  async progress(force = false): Promise<void> {
    if (!force && Date.now() - this.lastWrite < 250) return;
    this.lastWrite = Date.now();
    await this.db
      .update(bolJobs)
      .set({ total: this.total, done: this.done, failed: this.failed, counts: this.counts, items: this.items })
      .where(eq(bolJobs.id, this.id));
  }
}

/** Claims the job kind; 409 with a clear message when one of that kind is running. */
export async function claimJob(db: Database, kind: BolJobKind, now: Date): Promise<BolJob> {
  const [row] = await db.insert(bolJobs).values({ kind, status: 'running', startedAt: now }).onConflictDoNothing().returning({ id: bolJobs.id });
  if (row) return new BolJob(db, row.id, kind);
  const [running] = await db
    .select({ startedAt: bolJobs.startedAt })
    .from(bolJobs)
    .where(and(eq(bolJobs.kind, kind), eq(bolJobs.status, 'running')));
  const since = running ? ` (started ${running.startedAt.toISOString().slice(0, 19).replace('T', ' ')} UTC)` : '';
  throw new ApiError(409, `${JOB_NAMES[kind]} is already running${since}; try again when it has finished`);
}

export interface JobOutcome {
  report: BolJobReport;
  /** 200 when the job ran (items may have failed: status 'partial'); 502 when bol failed the job as a whole. */
  httpStatus: 200 | 502 | 500;
}

/**
 * Runs `work` as a job of this kind and answers its report. A BolApiError that escapes the work
 * fails the job with bol's message (502); anything else fails it with a generic message (500).
 */
export async function runJob(db: Database, kind: BolJobKind, now: () => Date, work: (job: BolJob) => Promise<string>): Promise<JobOutcome> {
  const job = await claimJob(db, kind, now());
  let status: BolJobReport['status'];
  let message: string;
  let httpStatus: JobOutcome['httpStatus'] = 200;
  try {
    message = await work(job);
    status = job.failed > 0 ? 'partial' : 'success';
  } catch (error) {
    status = 'failed';
    if (error instanceof BolApiError || error instanceof ApiError) {
      message = error.message;
      httpStatus = error instanceof BolApiError ? 502 : 500;
    } else {
      console.error(`[bol] ${kind} failed:`, error);
      message = 'The job stopped because of an error on the server; see the server log';
      httpStatus = 500;
    }
  }
  const [row] = await db
    .update(bolJobs)
    .set({ status, finishedAt: now(), message, total: job.total, done: job.done, failed: job.failed, counts: job.counts, items: job.items })
    .where(eq(bolJobs.id, job.id))
    .returning();
  if (!row) throw new Error(`bol job ${job.id} vanished`);
  return { report: jobReport(row), httpStatus };
}

export async function loadJob(db: Database, id: number): Promise<BolJobReport | null> {
  const [row] = await db.select().from(bolJobs).where(eq(bolJobs.id, id));
  return row ? jobReport(row) : null;
}

/** The latest jobs, newest first, without their item lists. */
export async function latestJobs(db: Database, kind: BolJobKind | null, limit: number): Promise<BolJobReport[]> {
  const rows = await db
    .select()
    .from(bolJobs)
    .where(kind ? eq(bolJobs.kind, kind) : undefined)
    .orderBy(desc(bolJobs.startedAt), desc(bolJobs.id))
    .limit(limit);
  return rows.map((row) => ({ ...jobReport(row), items: [] }));
}

/** At server start nothing runs yet: jobs left 'running' by a stopped server are marked failed. */
export async function resetInterruptedBolJobs(db: Database, now: Date = new Date()): Promise<number> {
  const rows = await db
    .update(bolJobs)
    .set({ status: 'failed', finishedAt: now, message: 'Interrupted: the server stopped while this was running' })
    .where(eq(bolJobs.status, 'running'))
    .returning({ id: bolJobs.id });
  return rows.length;
}
