/**
 * Runs queued jobs in this process (docs/jobs.md): claims them from the jobs table a few at a time
 * (FOR UPDATE SKIP LOCKED, so any number of processes can share one queue), holds their lease,
 * records how they ended, and marks jobs of dead processes interrupted.
 */
import { serverSentence, type ServerSentence } from '../../shared/server-messages';
import type { JobKind } from '../../shared/jobs';
import type { Database } from '../db/connection';
import { ApiError } from '../http/errors';
import { JobStopped, leasesFor, type JobLeases } from './job-leases';
import { claimNextJob, finishJob, interruptAbandonedJobs, loadJobRow, type JobEnd, type JobRow } from './job-store';
import { describeError } from '../lib/caught-errors';

export interface JobContext {
  signal: AbortSignal;
  leases: JobLeases;
  /** Throws JobStopped when the job was cancelled or taken from this process. */
  throwIfStopped(): void;
}

export type JobHandler = (job: JobRow, context: JobContext) => Promise<JobEnd>;

/** A running job's process is taken for dead when its heartbeat is older than this (JOB_LEASE_SECONDS). */
export const DEFAULT_LEASE_SECONDS = 30;
const DEFAULT_CONCURRENCY = 2;
const DEFAULT_POLL_MS = 1_000;
const TERMINAL = new Set(['success', 'partial', 'failed', 'interrupted', 'cancelled']);

export interface JobRunnerOptions {
  concurrency?: number;
  leaseSeconds?: number;
}

export class JobRunner {
  readonly leases: JobLeases;
  private readonly handlers = new Map<JobKind, JobHandler>();
  private readonly running = new Set<Promise<void>>();
  private claiming = false;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  readonly concurrency: number;
  readonly leaseSeconds: number;

  constructor(
    private readonly db: Database,
    options: JobRunnerOptions = {},
  ) {
    this.leases = leasesFor(db);
    this.concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    this.leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  }

  register(kind: JobKind, handler: JobHandler): this {
    this.handlers.set(kind, handler);
    return this;
  }

  get kinds(): JobKind[] {
    return [...this.handlers.keys()];
  }

  /** Looks for queued jobs now (after a job was queued in this process). */
  kick(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    void this.claimWhileRoom();
  }

  /** Polls the queue and the leases of other processes every `pollMs` (main.ts; tests kick instead). */
  start(pollMs = DEFAULT_POLL_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      void this.reapStale().finally(() => this.kick());
    }, pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops claiming; jobs still running are stopped and marked interrupted (SIGTERM). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.leases.stopAll('shutdown');
    await Promise.allSettled([...this.running]);
  }

  /** Marks running jobs whose heartbeat went stale interrupted; answers how many. */
  async reapStale(): Promise<number> {
    try {
      const rows = await interruptAbandonedJobs(this.db, { all: false, leaseSeconds: this.leaseSeconds });
      for (const row of rows) console.warn(`[jobs] job ${row.id} (${row.kind}) lost its process: marked interrupted`);
      return rows.length;
    } catch (error) {
      console.error(`[jobs] checking for abandoned jobs failed: ${describeError(error)}`);
      return 0;
    }
  }

  /** Settles once every job in `ids` has ended (polls the database, so a job run by another process counts too). */
  async waitFor(ids: readonly number[], pollMs = 100): Promise<JobRow[]> {
    for (;;) {
      const rows = await Promise.all(ids.map((id) => loadJobRow(this.db, id)));
      if (rows.every((row) => row === null || TERMINAL.has(row.status))) return rows.filter((row): row is JobRow => row !== null);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  private async claimWhileRoom(): Promise<void> {
    this.claiming = true;
    try {
      do {
        this.again = false;
        while (!this.stopped && this.running.size < this.concurrency) {
          const job = await claimNextJob(this.db, this.leases.runner, this.kinds);
          if (!job) break;
          const run = this.run(job).finally(() => {
            this.running.delete(run);
            this.kick();
          });
          this.running.add(run);
        }
      } while (this.again && !this.stopped);
    } catch (error) {
      console.error(`[jobs] claiming a job failed: ${describeError(error)}`);
    } finally {
      this.claiming = false;
    }
  }

  private async run(job: JobRow): Promise<void> {
    const signal = this.leases.hold(job.id);
    const context: JobContext = { signal, leases: this.leases, throwIfStopped: () => this.leases.throwIfStopped(job.id) };
    let end: JobEnd;
    try {
      const handler = this.handlers.get(job.kind as JobKind);
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      end = await handler(job, context);
    } catch (error) {
      end = endOfError(error, this.leases.stopReason(job.id));
      if (end.status === 'failed') console.error(`[jobs] job ${job.id} (${job.kind}) failed: ${describeError(error)}`);
    } finally {
      this.leases.release(job.id);
    }
    try {
      await finishJob(this.db, job.id, this.leases.runner, end);
    } catch (error) {
      console.error(`[jobs] recording the end of job ${job.id} failed: ${describeError(error)}`);
    }
  }
}

function ended(status: JobEnd['status'], sentence: ServerSentence): JobEnd {
  return { status, message: sentence.message, sentence };
}

/** How a job that threw ended. */
export function endOfError(error: unknown, reason: string | null): JobEnd {
  const stopped = error instanceof JobStopped ? error.reason : reason;
  if (stopped === 'cancelled') return ended('cancelled', serverSentence('jobStopped'));
  if (stopped === 'shutdown' || stopped === 'lease-lost') return ended('interrupted', serverSentence('jobInterrupted'));
  // A refusal meant for people (e.g. the supplier is busy with an import started another way).
  if (error instanceof ApiError) return { status: 'failed', message: error.message, sentence: error.sentence };
  return { ...ended('failed', serverSentence('jobServerError')), failure: 'server' };
}
