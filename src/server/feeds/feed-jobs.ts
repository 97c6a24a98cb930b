/**
 * Feed imports and image re-exports as jobs (docs/jobs.md): the handlers the runner calls, and
 * the start of a run for one supplier or for every supplier (id 0).
 */
import { reasonSentence, serverSentence, type ServerSentence } from '../../shared/server-messages';
import { asc, eq } from 'drizzle-orm';
import type { FeedRunReport, SkippedSupplier } from '../../shared/contract';
import type { JobRefusal, JobTrigger } from '../../shared/jobs';
import type { Database } from '../db/connection';
import { suppliers } from '../db/schema';
import type { FeedJobDeps, ImageJobDeps } from './feed-deps';
import { importSupplierFeed, type FeedProgress, type RunResult } from './feed-import';
import { reexportSupplierImages } from './image-reexport';
import { historyEntry, type RunCounts } from './parsing-history';
import { SupplierBusyError } from './supplier-lock';
import { ApiError } from '../http/errors';
import type { JobContext, JobHandler } from '../jobs/job-runner';
import { activeJobOf, enqueueJob, INTERRUPTED_MESSAGE, MAX_JOB_REFUSALS, recordJobProgress, type JobEnd, type JobProgress, type JobRow } from '../jobs/job-store';

/** Progress is written at most this often (the browser polls about every second). */
const PROGRESS_EVERY_MS = 250;

function written(counts: RunCounts): number {
  return counts.created + counts.updated + counts.unchanged;
}

function percentOf(progress: FeedProgress): number | null {
  if (!progress.bytesTotal) return null;
  // 100 only once it ended: the last rows are still being written when the download is complete.
  return Math.min(99, Math.floor((progress.bytesRead * 100) / progress.bytesTotal));
}

/** The job's end from the run's parsing-history entry. */
export function endOfRun(result: RunResult, refusals: JobRefusal[]): JobEnd {
  const { entry, failure } = result;
  const progress: JobProgress = {
    read: entry.rowsRead,
    written: entry.created + entry.updated + entry.unchanged,
    refused: entry.refused,
    percent: failure ? null : 100,
    refusals: refusals.length > 0 ? refusals : entry.problems,
    historyId: entry.id,
  };
  const said = { message: entry.message, sentence: result.sentence ?? null };
  if (failure === 'cancelled') return { status: 'cancelled', ...said, progress };
  if (failure) return { status: 'failed', ...said, failure, progress };
  return { status: entry.status === 'failed' ? 'failed' : entry.status === 'partial' || entry.refused > 0 ? 'partial' : 'success', ...said, progress };
}

export function feedImportHandler(deps: FeedJobDeps): JobHandler {
  return async (job: JobRow, context: JobContext) => {
    if (job.supplierId === null) throw new Error(`feed import job ${job.id} has no supplier`);
    const refusals: JobRefusal[] = [];
    let lastWrite = 0;
    let latest: FeedProgress | null = null;
    let trailing: NodeJS.Timeout | null = null;
    const writeProgress = async () => {
      if (trailing) clearTimeout(trailing);
      trailing = null;
      const progress = latest;
      if (!progress) return;
      lastWrite = Date.now();
      const held = await recordJobProgress(deps.db, job.id, context.leases.runner, {
        read: progress.counts.rowsRead,
        written: written(progress.counts),
        refused: progress.counts.refused,
        percent: percentOf(progress),
        refusals,
        historyId: progress.historyId,
      });
      if (!held) context.leases.stop(job.id, 'lease-lost');
    };
    const run = () => importSupplierFeed(deps, job.supplierId as number, {
      signal: context.signal,
      stopReason: () => (context.leases.stopReason(job.id) === 'cancelled' ? 'cancelled' : 'interrupted'),
      onRefused: (refusal) => {
        if (refusals.length < MAX_JOB_REFUSALS) refusals.push({ line: refusal.line, reason: refusal.reason, ...reasonSentence(refusal.sentence) });
      },
      onBatch: async (progress) => {
        latest = progress;
        const wait = PROGRESS_EVERY_MS - (Date.now() - lastWrite);
        if (wait <= 0) return writeProgress();
        // A trailing write, so the last batches before a pause (a slow feed) show too.
        trailing ??= setTimeout(() => void writeProgress(), wait);
      },
    });
    // /healthz says 'busy' rather than failing while an import holds the embedded database.
    const result = await (deps.health ? deps.health.whileImporting(run) : run()).finally(() => {
      if (trailing) clearTimeout(trailing);
    });
    const end = endOfRun(result, refusals);
    const stop = context.leases.stopReason(job.id);
    if (end.status === 'cancelled' && stop !== 'cancelled') return { ...end, status: 'interrupted', message: INTERRUPTED_MESSAGE, sentence: serverSentence('jobInterrupted') };
    return end;
  };
}

export function imageReexportHandler(deps: ImageJobDeps): JobHandler {
  return async (job: JobRow) => {
    if (job.supplierId === null) throw new Error(`image re-export job ${job.id} has no supplier`);
    const supplierId = job.supplierId;
    const run = () => reexportSupplierImages(deps, supplierId);
    const result = deps.health ? await deps.health.whileImporting(run) : await run();
    return endOfRun(result, []);
  };
}

export type SupplierJobKind = 'feed-import' | 'image-reexport';

/** A supplier left out of an id-0 run, with the sentence saying why. */
function skippedFor(supplier: { supplierId: number; supplierName: string }, said: ServerSentence): SkippedSupplier {
  return { supplierId: supplier.supplierId, supplierName: supplier.supplierName, message: said.message, messageId: said.messageId, messageArgs: said.messageArgs };
}

/**
 * Queues the job for one supplier, or (id 0) for every supplier without a job of theirs queued or
 * running (those are answered as skipped). 404 for an unknown supplier, 409 when it is busy.
 */
export async function startSupplierJobs(
  db: Database,
  kind: SupplierJobKind,
  supplierId: number,
  who: { trigger: JobTrigger; startedBy: string },
): Promise<{ jobs: JobRow[]; skipped: FeedRunReport['skipped'] }> {
  const targets =
    supplierId === 0
      ? await db.select().from(suppliers).orderBy(asc(suppliers.supplierId))
      : await db.select().from(suppliers).where(eq(suppliers.supplierId, supplierId));
  if (supplierId !== 0 && targets.length === 0) throw ApiError.saying(404, serverSentence('supplierMissing', supplierId));
  const started: JobRow[] = [];
  const skipped: FeedRunReport['skipped'] = [];
  for (const supplier of targets) {
    // "Every supplier" leaves out the disabled ones (docs/jobs.md); one chosen by id runs anyway.
    if (supplierId === 0 && !supplier.enabled) {
      skipped.push(skippedFor(supplier, serverSentence('supplierDisabled', supplier.supplierName)));
      continue;
    }
    const job = supplier.inProgress ? null : await enqueueJob(db, { kind, supplierId: supplier.supplierId, ...who });
    if (job) {
      started.push(job);
      continue;
    }
    if (supplierId !== 0) throw new SupplierBusyError(supplier.supplierName);
    skipped.push(skippedFor(supplier, serverSentence('supplierBusy', supplier.supplierName)));
  }
  return { jobs: started, skipped };
}

/** The answer the call gave before it became a job (`?wait=true`): the runs' history entries, and an error status when the one run failed. */
export async function waitedRunAnswer(
  db: Database,
  rows: JobRow[],
  skipped: FeedRunReport['skipped'],
  single: boolean,
): Promise<{ status: 200 | 500 | 502 | 507; body: FeedRunReport & { message?: string } }> {
  const entries = [];
  for (const row of rows) if (row.historyId !== null) entries.push(await historyEntry(db, row.historyId));
  const body: FeedRunReport & { message?: string } = { entries, skipped };
  const only = rows[0];
  if (!single || !only) return { status: 200, body };
  const message = entries[0]?.message ?? only.message;
  if (only.failure === 'download' || only.failure === 'feed') return { status: 502, body: { message, ...body } };
  if (only.failure === 'disk-full') return { status: 507, body: { message, ...body } };
  // Every row refused: the run failed, but the feed was read and the server did its work (docs/feeds.md, "Refused rows").
  const entry = entries[0];
  const everyRowRefused = !only.failure && entry !== undefined && entry.refused > 0 && entry.created + entry.updated + entry.unchanged === 0;
  if ((only.status === 'failed' && !everyRowRefused) || only.status === 'interrupted') return { status: 500, body: { message, ...body } };
  return { status: 200, body };
}

export { activeJobOf };
