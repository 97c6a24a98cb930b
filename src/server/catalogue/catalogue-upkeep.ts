/**
 * When the catalogue's upkeep runs after a bulk change (docs/products.md, the filter's indexes and upkeep).
 *
 * The embedded PGlite has one session: a `VACUUM (ANALYZE)` of 100,000 freshly imported products
 * holds it for about a second (2.6 s measured on a busy machine), and every request's statements
 * wait meanwhile (with PGlite on the main thread, `PGLITE_THREAD=0`, not even /healthz is
 * answered). So on the embedded database the upkeep comes in two parts:
 * - at once, a quick ANALYZE on a small sample (~0.1 s), so the planner knows the tables' new size;
 * - the full VACUUM (ANALYZE), which sets the visibility map the filter's counts need for index-only
 *   scans, once the server has been quiet for a moment (no request and no bulk job), or after
 *   `maxDelayMs` at the latest on a server that is never quiet.
 * On PostgreSQL the upkeep runs in the database's own process and the full upkeep runs at once.
 */
import type { Database } from '../db/connection';
import { refreshCatalogueStatistics, refreshPlannerStatisticsQuickly } from './product-maintenance';
import { describeError } from '../lib/caught-errors';

export interface UpkeepTiming {
  /** When the deferred upkeep was asked for (ms). */
  requestedAt: number;
  /** When the server last had a request or a bulk job running (ms). */
  lastBusyAt: number;
  now: number;
  /** Quiet this long before the upkeep runs. */
  quietMs: number;
  /** Runs after this long even on a server that is never quiet. */
  maxDelayMs: number;
}

/** True when the deferred upkeep should run now. */
export function upkeepDue({ requestedAt, lastBusyAt, now, quietMs, maxDelayMs }: UpkeepTiming): boolean {
  return now - Math.max(lastBusyAt, requestedAt) >= quietMs || now - requestedAt >= maxDelayMs;
}

export interface CatalogueUpkeepOptions {
  db: Database;
  /** True on the embedded database: the full upkeep waits for a quiet moment. */
  deferFullUpkeep: boolean;
  /** True while a request or a bulk job runs. */
  isBusy: () => boolean;
  /** When the last request started or ended (ms), if known. */
  lastActivityAt?: () => number;
  quietMs?: number;
  maxDelayMs?: number;
  checkEveryMs?: number;
  now?: () => number;
  log?: (line: string) => void;
}

export const UPKEEP_QUIET_MS = 2_000;
export const UPKEEP_MAX_DELAY_MS = 5 * 60_000;

export class CatalogueUpkeep {
  private requestedAt: number | null = null;
  private reasons: string[] = [];
  private lastBusyAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly quietMs: number;
  private readonly maxDelayMs: number;
  private readonly checkEveryMs: number;
  private readonly now: () => number;

  constructor(private readonly options: CatalogueUpkeepOptions) {
    this.quietMs = options.quietMs ?? UPKEEP_QUIET_MS;
    this.maxDelayMs = options.maxDelayMs ?? UPKEEP_MAX_DELAY_MS;
    this.checkEveryMs = options.checkEveryMs ?? 250;
    this.now = options.now ?? Date.now;
  }

  /** True while a full upkeep waits for a quiet moment. */
  get pending(): boolean {
    return this.requestedAt !== null;
  }

  /** After a bulk change (an import's last commit, a re-export, an unclean start). Never throws. */
  async afterBulkChange(reason: string): Promise<void> {
    if (!this.options.deferFullUpkeep) {
      await this.runFull(reason);
      return;
    }
    try {
      await refreshPlannerStatisticsQuickly(this.options.db);
    } catch (error) {
      console.error(`[upkeep] the quick statistics refresh failed: ${describeError(error)}`);
    }
    this.requestedAt ??= this.now();
    if (!this.reasons.includes(reason)) this.reasons.push(reason);
    this.lastBusyAt = this.now();
    this.timer ??= setInterval(() => this.check(), this.checkEveryMs);
    this.timer.unref();
  }

  stop(): void {
    this.clearTimer();
  }

  private check(): void {
    if (this.requestedAt === null || this.running) return;
    const now = this.now();
    if (this.options.isBusy()) this.lastBusyAt = now;
    const lastActivity = this.options.lastActivityAt?.() ?? 0;
    const timing = { requestedAt: this.requestedAt, lastBusyAt: Math.max(this.lastBusyAt, lastActivity), now, quietMs: this.quietMs, maxDelayMs: this.maxDelayMs };
    if (!upkeepDue(timing)) return;
    const waited = now - this.requestedAt;
    this.requestedAt = null;
    this.clearTimer();
    this.running = this.runFull(this.takeReasons(), ` (waited ${(waited / 1000).toFixed(1)} s for a quiet moment)`).finally(() => {
      this.running = null;
    });
  }

  private takeReasons(): string {
    const reasons = this.reasons.join(', ');
    this.reasons = [];
    return reasons;
  }

  private async runFull(reason: string, detail = ''): Promise<void> {
    const started = this.now();
    try {
      await refreshCatalogueStatistics(this.options.db);
      this.options.log?.(`[upkeep] ${reason}: refreshed the catalogue statistics (VACUUM ANALYZE) in ${this.now() - started} ms${detail}`);
    } catch (error) {
      console.error(`[upkeep] refreshing the catalogue statistics failed: ${describeError(error)}`);
    }
  }

  private clearTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
