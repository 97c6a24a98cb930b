/**
 * The jobs this process runs on one database, and their lease: a heartbeat every few seconds keeps
 * them ours; a cancel asked through any process, or a lost lease, aborts the job's signal
 * (docs/jobs.md, "Durability"). One per database object, so two app instances in one process
 * (tests) are two runners.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../db/connection';
import { beatHeartbeats } from './job-store';
import { describeError } from '../lib/caught-errors';

export const HEARTBEAT_MS = 2_000;

/** Why a job's signal was aborted. */
export type StopReason = 'cancelled' | 'lease-lost' | 'shutdown';

export class JobStopped extends Error {
  constructor(readonly reason: StopReason) {
    super(reason === 'cancelled' ? 'the job was cancelled' : reason === 'lease-lost' ? 'the job was taken from this process' : 'the server is stopping');
    this.name = 'JobStopped';
  }
}

interface Held {
  controller: AbortController;
  reason: StopReason | null;
}

export class JobLeases {
  readonly runner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly held = new Map<number, Held>();
  private timer: NodeJS.Timeout | null = null;
  private beating = false;

  constructor(private readonly db: Database) {}

  /** Starts holding a job this runner claimed; its signal aborts on cancel or a lost lease. */
  hold(id: number): AbortSignal {
    const held: Held = { controller: new AbortController(), reason: null };
    this.held.set(id, held);
    if (!this.timer) {
      this.timer = setInterval(() => void this.beat(), HEARTBEAT_MS);
      this.timer.unref();
    }
    return held.controller.signal;
  }

  release(id: number): void {
    this.held.delete(id);
    if (this.held.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** Why the job was stopped, or null. */
  stopReason(id: number): StopReason | null {
    return this.held.get(id)?.reason ?? null;
  }

  /** Throws JobStopped when the job should stop now. */
  throwIfStopped(id: number): void {
    const reason = this.stopReason(id);
    if (reason) throw new JobStopped(reason);
  }

  /** A cancel asked in this process: stop at once rather than at the next heartbeat. */
  stop(id: number, reason: StopReason): boolean {
    const held = this.held.get(id);
    if (!held) return false;
    held.reason ??= reason;
    held.controller.abort(new JobStopped(held.reason));
    return true;
  }

  stopAll(reason: StopReason): void {
    for (const id of this.held.keys()) this.stop(id, reason);
  }

  get running(): number {
    return this.held.size;
  }

  async beat(): Promise<void> {
    if (this.beating || this.held.size === 0) return;
    this.beating = true;
    try {
      const ids = [...this.held.keys()];
      const state = await beatHeartbeats(this.db, this.runner, ids);
      for (const id of ids) {
        if (!this.held.has(id)) continue;
        if (!state.has(id)) this.stop(id, 'lease-lost');
        else if (state.get(id)) this.stop(id, 'cancelled');
      }
    } catch (error) {
      console.error(`[jobs] heartbeat failed: ${describeError(error)}`);
    } finally {
      this.beating = false;
    }
  }
}

const leases = new WeakMap<Database, JobLeases>();

/** The leases of this process on `db`. */
export function leasesFor(db: Database): JobLeases {
  let found = leases.get(db);
  if (!found) {
    found = new JobLeases(db);
    leases.set(db, found);
  }
  return found;
}
