/**
 * The jobs table (docs/jobs.md): queue, lease, progress and outcome of every background job.
 * Claims use FOR UPDATE SKIP LOCKED so two processes never take the same queued job; a running
 * job's process beats its heartbeat, and a job whose heartbeat went stale is marked interrupted.
 */
import { serverMessages, serverSentence, type SentenceArg, type ServerSentence } from '../../shared/server-messages';
import { and, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Job, JobKind, JobRefusal, JobStatus, JobTrigger } from '../../shared/jobs';
import type { Database } from '../db/connection';
import { jobs, parsingHistory, suppliers } from '../db/schema';
import { queryRows } from '../db/query-rows';

export type JobRow = typeof jobs.$inferSelect;

/** Refused lines or items kept per job; the counts stay exact beyond it. */
export const MAX_JOB_REFUSALS = 1_000;
export const INTERRUPTED_MESSAGE = serverMessages.jobInterrupted;
const INTERRUPTED = serverSentence('jobInterrupted');

export interface NewJob {
  kind: JobKind;
  supplierId?: number | null;
  trigger: JobTrigger;
  startedBy?: string;
  scheduledFor?: Date | null;
  params?: Record<string, unknown>;
}

/** The columns every new job row takes from its description. */
function columnsOf(job: NewJob) {
  return { kind: job.kind, supplierId: job.supplierId ?? null, trigger: job.trigger, startedBy: job.startedBy ?? '', params: job.params ?? {} };
}

/** Queues a job; null when the supplier (or, without one, the kind) has a queued or running job, or the schedule slot exists. */
export async function enqueueJob(db: Database, job: NewJob): Promise<JobRow | null> {
  const [row] = await db
    .insert(jobs)
    .values({
      ...columnsOf(job),
      scheduledFor: job.scheduledFor ?? null,
      status: 'queued',
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** The queued or running job of a supplier (or of a kind without supplier). */
export async function activeJobOf(db: Database, where: { supplierId: number } | { kind: JobKind }): Promise<JobRow | null> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(
      and(
        inArray(jobs.status, ['queued', 'running']),
        'supplierId' in where ? eq(jobs.supplierId, where.supplierId) : and(eq(jobs.kind, where.kind), sql`${jobs.supplierId} is null`),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Takes the oldest queued job of these kinds for `runner`: one UPDATE whose subquery locks the row
 * with SKIP LOCKED, so a second process racing for it skips it and takes the next one (or none).
 */
export async function claimNextJob(db: Database, runner: string, kinds: readonly JobKind[]): Promise<JobRow | null> {
  if (kinds.length === 0) return null;
  const kindList = sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update jobs set status = 'running', runner = ${runner}, heartbeat_at = now(), started_at = now()
        where id = (
          select id from jobs where status = 'queued' and kind in (${kindList})
          order by id for update skip locked limit 1
        ) and status = 'queued'
        returning id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) return null;
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}

/** Inserts a job that runs at once in this process (the bol calls that answer when done); null when one of its kind runs. */
export async function insertRunningJob(db: Database, job: NewJob, runner: string): Promise<JobRow | null> {
  const [row] = await db
    .insert(jobs)
    .values({
      ...columnsOf(job),
      status: 'running',
      runner,
      heartbeatAt: sql`now()`,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Beats the heartbeat of this runner's jobs; answers, per job still held, whether a cancel was asked. */
export async function beatHeartbeats(db: Database, runner: string, ids: readonly number[]): Promise<Map<number, boolean>> {
  const held = new Map<number, boolean>();
  if (ids.length === 0) return held;
  const rows = await db
    .update(jobs)
    .set({ heartbeatAt: sql`now()` })
    .where(and(inArray(jobs.id, [...ids]), eq(jobs.runner, runner), eq(jobs.status, 'running')))
    .returning({ id: jobs.id, cancelRequested: jobs.cancelRequested });
  for (const row of rows) held.set(row.id, row.cancelRequested);
  return held;
}

export interface JobProgress {
  read: number;
  written: number;
  refused: number;
  percent: number | null;
  refusals?: readonly JobRefusal[] | readonly unknown[];
  historyId?: number | null;
  /** bol jobs. */
  bol?: { total: number; done: number; failed: number; counts: Record<string, number> };
}

function progressValues(progress: JobProgress) {
  return {
    readCount: progress.read,
    writtenCount: progress.written,
    refusedCount: progress.refused,
    percent: progress.percent,
    ...(progress.refusals ? { items: progress.refusals.slice(0, MAX_JOB_REFUSALS) } : {}),
    ...(progress.historyId !== undefined ? { historyId: progress.historyId } : {}),
    ...(progress.bol ? progress.bol : {}),
  };
}

/** Writes progress while this runner holds the job; false when it lost it (interrupted or taken). */
export async function recordJobProgress(db: Database, id: number, runner: string, progress: JobProgress): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ ...progressValues(progress), heartbeatAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.runner, runner), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export interface JobEnd {
  status: Exclude<JobStatus, 'queued' | 'running'>;
  message: string;
  /** The message's catalog id and arguments, when the app words it (docs/languages.md). */
  sentence?: ServerSentence | null;
  failure?: string | null;
  /** The final counts; left out: the last progress written stays. */
  progress?: JobProgress;
}

/** Records how the job ended (only while this runner holds it). */
export async function finishJob(db: Database, id: number, runner: string, end: JobEnd): Promise<JobRow | null> {
  const [row] = await db
    .update(jobs)
    .set({
      ...(end.progress ? progressValues(end.progress) : {}),
      status: end.status,
      // A cancel keeps who asked for it ('Cancelled by anna') in front of the job's own words.
      message: end.status === 'cancelled' ? sql`case when ${jobs.message} like 'Cancelled by %' then ${jobs.message} || '. ' || ${end.message} else ${end.message} end` : end.message,
      // Two sentences joined have no one id: the app shows that English as it is.
      messageId: end.status === 'cancelled' ? sql`case when ${jobs.message} like 'Cancelled by %' then null else ${end.sentence?.messageId ?? null} end` : (end.sentence?.messageId ?? null),
      messageArgs: end.sentence ? [...end.sentence.messageArgs] : null,
      failure: end.failure ?? null,
      finishedAt: sql`now()`,
      heartbeatAt: null,
    })
    .where(and(eq(jobs.id, id), eq(jobs.runner, runner), eq(jobs.status, 'running')))
    .returning();
  return row ?? null;
}

/**
 * Marks running jobs whose process stopped as interrupted: every running job (`all`, at the start
 * of the embedded database, whose only process is this one) or those whose heartbeat is older than
 * `leaseSeconds`. Their suppliers are released and their parsing-history entries closed, so the
 * supplier can be imported again at once.
 */
export async function interruptAbandonedJobs(db: Database, options: { all: boolean; leaseSeconds: number }): Promise<JobRow[]> {
  const stale: SQL = options.all ? sql`true` : sql`(${jobs.heartbeatAt} is null or ${jobs.heartbeatAt} < now() - make_interval(secs => ${options.leaseSeconds}))`;
  const rows = await db
    .update(jobs)
    .set({ status: 'interrupted', finishedAt: sql`now()`, message: INTERRUPTED_MESSAGE, messageId: INTERRUPTED.messageId, messageArgs: [], heartbeatAt: null })
    .where(and(eq(jobs.status, 'running'), stale))
    .returning();
  const supplierIds = rows.map((row) => row.supplierId).filter((id): id is number => id !== null);
  const historyIds = rows.map((row) => row.historyId).filter((id): id is number => id !== null);
  if (supplierIds.length > 0) await db.update(suppliers).set({ inProgress: false }).where(inArray(suppliers.supplierId, supplierIds));
  if (historyIds.length > 0) {
    await db
      .update(parsingHistory)
      .set({ status: 'failed', finishedAt: sql`now()`, message: INTERRUPTED_MESSAGE, messageId: INTERRUPTED.messageId, messageArgs: [] })
      .where(and(inArray(parsingHistory.id, historyIds), eq(parsingHistory.status, 'running')));
  }
  return rows;
}

export type CancelOutcome = { kind: 'cancelled' | 'requested'; row: JobRow } | { kind: 'ended'; row: JobRow } | { kind: 'missing' };

/** Cancels a queued job at once; asks a running one to stop (its runner sees it within a heartbeat). */
export async function cancelJob(db: Database, id: number, by: string): Promise<CancelOutcome> {
  const { message, messageId, messageArgs } = serverSentence('jobCancelledBy', by);
  const [queued] = await db
    .update(jobs)
    .set({ status: 'cancelled', finishedAt: sql`now()`, cancelRequested: true, message, messageId, messageArgs: [...messageArgs] })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
    .returning();
  if (queued) return { kind: 'cancelled', row: queued };
  const [running] = await db
    .update(jobs)
    .set({ cancelRequested: true, message })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running')))
    .returning();
  if (running) return { kind: 'requested', row: running };
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ? { kind: 'ended', row } : { kind: 'missing' };
}

export async function loadJobRow(db: Database, id: number): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}

/** The refusals of a job as the API shows them: feed lines { line, reason }, bol items with their product or order. */
export function refusalsOf(row: JobRow): JobRefusal[] {
  const items = Array.isArray(row.items) ? (row.items as Record<string, unknown>[]) : [];
  const refusals: JobRefusal[] = [];
  for (const item of items) {
    if (typeof item.line === 'number') {
      refusals.push({ line: item.line, reason: String(item.reason ?? ''), ...(typeof item.reasonId === 'string' ? { reasonId: item.reasonId, reasonArgs: Array.isArray(item.reasonArgs) ? (item.reasonArgs as SentenceArg[]) : [] } : {}) });
    } else if (item.status === 'failed') {
      refusals.push({
        ...(typeof item.productId === 'number' ? { productId: item.productId } : {}),
        ...(typeof item.orderId === 'string' ? { orderId: item.orderId } : {}),
        reason: String(item.message ?? ''),
        ...(typeof item.messageId === 'string' ? { reasonId: item.messageId, reasonArgs: Array.isArray(item.messageArgs) ? (item.messageArgs as SentenceArg[]) : [] } : {}),
      });
    }
  }
  return refusals;
}

export function toJob(row: JobRow, supplierName: string | null, withRefusals: boolean): Job {
  return {
    id: row.id,
    kind: row.kind as JobKind,
    supplierId: row.supplierId,
    supplierName,
    status: row.status as JobStatus,
    trigger: row.trigger as JobTrigger,
    startedBy: row.startedBy,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.status === 'queued' || (row.status === 'cancelled' && row.runner === null) ? null : row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    scheduledFor: row.scheduledFor?.toISOString() ?? null,
    cancelRequested: row.cancelRequested,
    read: row.readCount,
    written: row.writtenCount,
    refused: row.refusedCount,
    percent: row.percent,
    message: row.message,
    ...(row.messageId ? { messageId: row.messageId, messageArgs: row.messageArgs ?? [] } : {}),
    historyId: row.historyId,
    ...(withRefusals ? { refusals: refusalsOf(row) } : {}),
  };
}

export async function jobWithSupplier(db: Database, row: JobRow, withRefusals: boolean): Promise<Job> {
  let name: string | null = null;
  if (row.supplierId !== null) {
    const [supplier] = await db.select({ name: suppliers.supplierName }).from(suppliers).where(eq(suppliers.supplierId, row.supplierId));
    name = supplier?.name ?? null;
  }
  return toJob(row, name, withRefusals);
}

export interface JobListQuery {
  kind: JobKind | null;
  supplierId: number | null;
  statuses: readonly JobStatus[] | null;
  page: number;
  size: number;
}

/** A page of jobs, newest first, without their refusals. */
export async function listJobs(db: Database, query: JobListQuery): Promise<{ content: Job[]; totalElements: number }> {
  const where = and(
    query.kind ? eq(jobs.kind, query.kind) : undefined,
    query.supplierId !== null ? eq(jobs.supplierId, query.supplierId) : undefined,
    query.statuses ? inArray(jobs.status, [...query.statuses]) : undefined,
  );
  const { items: _items, ...columns } = getTableColumns(jobs);
  const [rows, total] = await Promise.all([
    db
      .select({ job: { ...columns, items: sql<unknown[]>`'[]'::jsonb` }, supplierName: suppliers.supplierName })
      .from(jobs)
      .leftJoin(suppliers, eq(suppliers.supplierId, jobs.supplierId))
      .where(where)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(where),
  ]);
  return { content: rows.map((row) => toJob(row.job as JobRow, row.supplierName, false)), totalElements: total[0]?.n ?? 0 };
}

/** The start of the last run of this kind (and supplier), queued ones included: schedules count from it. */
export async function lastRunStart(db: Database, kind: JobKind, supplierId: number | null): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${jobs.startedAt})` })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), supplierId === null ? sql`${jobs.supplierId} is null` : eq(jobs.supplierId, supplierId)));
  const at = row?.at ?? null;
  return at === null ? null : new Date(at);
}

/**
 * Supplier flags left set by a process that died outside a job (the demo import): released when
 * no job of the supplier is queued or running (PostgreSQL, where other processes may be running
 * jobs; the embedded database releases every flag at start).
 */
export async function releaseOrphanedSupplierFlags(db: Database): Promise<number> {
  const rows = await queryRows<{ supplier_id: number }>(
    db,
    sql`update suppliers set in_progress = false where in_progress and not exists (
          select 1 from jobs where jobs.supplier_id = suppliers.supplier_id and jobs.status in ('queued', 'running')
        ) returning supplier_id`,
  );
  return rows.length;
}

/**
 * The start of every supplier's last run of `kind` (for the Parser screen's "last run" and, with
 * nextRunAt in src/shared/schedule.ts, its "next run").
 */
export async function lastRunStartsBySupplier(db: Database, kind: JobKind = 'feed-import'): Promise<Map<number, Date>> {
  const rows = await db
    .select({ supplierId: jobs.supplierId, at: sql<Date | string>`max(${jobs.startedAt})` })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), sql`${jobs.supplierId} is not null`))
    .groupBy(jobs.supplierId);
  return new Map(rows.filter((row) => row.supplierId !== null).map((row) => [row.supplierId as number, new Date(row.at)]));
}
