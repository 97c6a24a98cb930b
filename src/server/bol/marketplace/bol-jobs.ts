/**
 * Long-running bol calls as jobs: a row in the jobs table (docs/jobs.md) is the job's progress, its
 * outcome and, while it is queued or running, the lock that refuses a second run of the same kind
 * (a unique index on kind over active rows without supplier, so two requests cannot both claim it).
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { BolJobItem, BolJobKind, BolJobReport } from '../../../shared/bol-contract';
import type { Database } from '../../db/connection';
import { jobs as bolJobs } from '../../db/schema';
import { ApiError, errorBody } from '../../http/errors';
import { leasesFor, JobStopped } from '../../jobs/job-leases';
import { insertRunningJob } from '../../jobs/job-store';
import { BolApiError } from '../client/bol-errors';
import { describeError } from '../../lib/caught-errors';
import { serverSentence, type ServerSentence } from '../../../shared/server-messages';

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

/** The bol answer's status: a queued job shows as running, an interrupted or cancelled one as failed. */
function bolStatus(status: string): BolJobReport['status'] {
  if (status === 'queued') return 'running';
  if (status === 'interrupted' || status === 'cancelled') return 'failed';
  return status as BolJobReport['status'];
}

export const BOL_JOB_KINDS: readonly BolJobKind[] = ['order-import', 'content-creation', 'upload-report', 'offer-import', 'retailer-import'];

export function jobReport(row: JobRow): BolJobReport {
  return {
    jobId: row.id,
    kind: row.kind as BolJobKind,
    status: bolStatus(row.status),
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    total: row.total,
    done: row.done,
    failed: row.failed,
    counts: row.counts,
    message: row.message,
    ...(row.messageId ? { messageId: row.messageId, messageArgs: row.messageArgs ?? [] } : {}),
    items: row.items as BolJobItem[],
  };
}

/** A failed item's message: the error's sentence when it names one (docs/languages.md), else its words as written (bol's own). */
export function itemSaid(error: Error): Pick<BolJobItem, 'message' | 'messageId' | 'messageArgs'> {
  return error instanceof ApiError ? errorBody(error) : { message: error.message };
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

  /** The unified counts of the jobs table (docs/jobs.md): items read, written and refused. */
  unified() {
    return {
      readCount: this.done,
      writtenCount: this.done - this.failed,
      refusedCount: this.failed,
      percent: this.total > 0 ? Math.min(100, Math.floor((this.done * 100) / this.total)) : null,
    };
  }

  /**
   * Writes the progress at most every 250 ms, so GET /bol/jobs/{id} shows it while the job runs.
   * Throws JobStopped once the job was cancelled (POST /api/v1/jobs/{id}/cancel).
   */
  async progress(force = false): Promise<void> {
    leasesFor(this.db).throwIfStopped(this.id);
    if (!force && Date.now() - this.lastWrite < 250) return;
    this.lastWrite = Date.now();
    await this.db
      .update(bolJobs)
      .set({ total: this.total, done: this.done, failed: this.failed, counts: this.counts, items: this.items, ...this.unified() })
      .where(eq(bolJobs.id, this.id));
  }
}

/** Claims the job kind; 409 with a clear message when one of that kind is queued or running. */
export async function claimJob(db: Database, kind: BolJobKind, now: Date, startedBy = ''): Promise<BolJob> {
  const row = await insertRunningJob(db, { kind, trigger: 'user', startedBy }, leasesFor(db).runner);
  if (row) {
    if (row.startedAt.getTime() !== now.getTime()) await db.update(bolJobs).set({ startedAt: now }).where(eq(bolJobs.id, row.id));
    return new BolJob(db, row.id, kind);
  }
  const [running] = await db
    .select({ startedAt: bolJobs.startedAt })
    .from(bolJobs)
    .where(and(eq(bolJobs.kind, kind), inArray(bolJobs.status, ['queued', 'running']), isNull(bolJobs.supplierId)));
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
export async function runJob(
  db: Database,
  kind: BolJobKind,
  now: () => Date,
  work: (job: BolJob) => Promise<ServerSentence>,
  startedBy = '',
): Promise<JobOutcome> {
  const job = await claimJob(db, kind, now(), startedBy);
  return runClaimedJob(db, job, now, work);
}

/** Runs the work of a job this process holds (claimed by a request, or by the job runner from the queue). */
export async function runClaimedJob(db: Database, job: BolJob, now: () => Date, work: (job: BolJob) => Promise<ServerSentence>): Promise<JobOutcome> {
  const kind = job.kind;
  const leases = leasesFor(db);
  leases.hold(job.id);
  let status: string;
  let said: { message: string; sentence: ServerSentence | null };
  let httpStatus: JobOutcome['httpStatus'] = 200;
  try {
    const sentence = await work(job);
    said = { message: sentence.message, sentence };
    status = job.failed > 0 ? 'partial' : 'success';
  } catch (error) {
    status = 'failed';
    if (error instanceof JobStopped) {
      status = error.reason === 'cancelled' ? 'cancelled' : 'interrupted';
      const sentence = serverSentence(error.reason === 'cancelled' ? 'jobCancelledBeforeEnd' : 'jobInterrupted');
      said = { message: sentence.message, sentence };
    } else if (error instanceof BolApiError || error instanceof ApiError) {
      // bol's own message is its English; a refusal of ours may name its sentence.
      said = { message: error.message, sentence: error instanceof ApiError ? error.sentence : null };
      httpStatus = error instanceof BolApiError ? 502 : 500;
    } else {
      console.error(`[bol] ${kind} failed: ${describeError(error)}`);
      const sentence = serverSentence('jobServerError');
      said = { message: sentence.message, sentence };
      httpStatus = 500;
    }
  }
  leases.release(job.id);
  const [row] = await db
    .update(bolJobs)
    .set({
      status,
      finishedAt: now(),
      message: said.message,
      messageId: said.sentence?.messageId ?? null,
      messageArgs: said.sentence ? [...said.sentence.messageArgs] : null,
      total: job.total,
      done: job.done,
      failed: job.failed,
      counts: job.counts,
      items: job.items,
      heartbeatAt: null,
      ...job.unified(),
      ...(status === 'success' && job.total > 0 ? { percent: 100 } : {}),
    })
    .where(eq(bolJobs.id, job.id))
    .returning();
  if (!row) throw new Error(`bol job ${job.id} vanished`);
  return { report: jobReport(row), httpStatus };
}

export async function loadJob(db: Database, id: number): Promise<BolJobReport | null> {
  const [row] = await db
    .select()
    .from(bolJobs)
    .where(and(eq(bolJobs.id, id), inArray(bolJobs.kind, [...BOL_JOB_KINDS])));
  return row ? jobReport(row) : null;
}

/** The latest jobs, newest first, without their item lists. */
export async function latestJobs(db: Database, kind: BolJobKind | null, limit: number): Promise<BolJobReport[]> {
  const rows = await db
    .select()
    .from(bolJobs)
    .where(kind ? eq(bolJobs.kind, kind) : inArray(bolJobs.kind, [...BOL_JOB_KINDS]))
    .orderBy(desc(bolJobs.startedAt), desc(bolJobs.id))
    .limit(limit);
  return rows.map((row) => ({ ...jobReport(row), items: [] }));
}
