/**
 * What /healthz answers, and the disk-space rules of imports (docs/security.md, "Outbound
 * fetches and imports"):
 * - /healthz is a quick path: while an import commits batches it answers 200 at once; otherwise
 *   `select 1` gets HEALTH_QUERY_WAIT_MS; when the database is merely
 *   busy with an import (one batch holds it for a moment) the answer is still 200, as the server
 *   is working; without an import a database that does not answer within HEALTH_QUERY_LIMIT_MS is 503;
 * - a full data disk answers 503 ("disk full") until there is room again;
 * - an import is refused up front (507) while the data folder has less free space than the
 *   operator's IMPORT_MIN_FREE_MB, and one that runs into a full disk fails with a clear message.
 */
import { statfs } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { DiskFullError, isDiskFullError } from '../lib/caught-errors';
import { ApiError } from './errors';


export const HEALTH_QUERY_WAIT_MS = 500;
export const HEALTH_QUERY_LIMIT_MS = 5_000;
/** An import's last committed batch counts as proof of a live database for this long. */
export const PROGRESS_FRESH_MS = 5_000;
/**
 * Below this much free space the data disk counts as full: /healthz answers 503 and a running
 * import stops. Kept well above zero on purpose: the embedded database needs room for a new
 * 16 MB write-ahead-log segment, and when it cannot get it, it stops answering altogether
 * (measured: no answer and a busy CPU with 11 MB still free).
 */
export const DISK_RESERVE_BYTES = 64 * 1024 * 1024;

export type FreeSpace = (dir: string) => Promise<number>;

export const freeSpaceOf: FreeSpace = async (dir) => {
  const stats = await statfs(dir);
  return Number(stats.bavail) * Number(stats.bsize);
};

export interface ServerHealthOptions {
  db: Database;
  /** The data folder (database and media); null: nothing on this machine to watch. */
  dataDir: string | null;
  /** IMPORT_MIN_FREE_MB in bytes. */
  importMinFreeBytes: number;
  freeSpace?: FreeSpace;
}

export class ServerHealth {
  private imports = 0;
  private lastProgressAt = 0;
  private diskFullSince: number | null = null;
  private readonly freeSpace: FreeSpace;

  constructor(private readonly options: ServerHealthOptions) {
    this.freeSpace = options.freeSpace ?? freeSpaceOf;
  }

  /** Runs a bulk job, counted so /healthz knows a busy database is working, not stuck. */
  async whileImporting<T>(work: () => Promise<T>): Promise<T> {
    this.imports += 1;
    try {
      return await work();
    } catch (error) {
      if (isDiskFullError(error)) this.markDiskFull();
      throw error;
    } finally {
      this.imports -= 1;
    }
  }

  /** An import committed a batch: the database is alive, /healthz need not queue behind it to know. */
  noteProgress(): void {
    this.lastProgressAt = Date.now();
  }

  get importsRunning(): number {
    return this.imports;
  }

  markDiskFull(): void {
    this.diskFullSince ??= Date.now();
  }

  private async free(): Promise<number | null> {
    if (!this.options.dataDir) return null;
    try {
      return await this.freeSpace(this.options.dataDir);
    } catch {
      return null;
    }
  }

  /** Throws 507 when the data folder has less free space than an import needs. */
  async ensureImportSpace(): Promise<void> {
    const free = await this.free();
    if (free === null || free >= this.options.importMinFreeBytes) return;
    const mb = (bytes: number) => `${Math.floor(bytes / (1024 * 1024)).toLocaleString('en-US')} MB`;
    throw new ApiError(
      507,
      `Not enough free disk space to import: ${mb(free)} free in the data folder, at least ${mb(this.options.importMinFreeBytes)} needed (IMPORT_MIN_FREE_MB). Free some space and try again.`,
    );
  }

  /** Throws DiskFullError when the data disk is down to its reserve; imports call it as they go. */
  async ensureRoomToContinue(): Promise<void> {
    const free = await this.free();
    if (free !== null && free < DISK_RESERVE_BYTES) {
      this.markDiskFull();
      throw new DiskFullError();
    }
  }

  /** The /healthz answer. */
  async check(): Promise<{ status: 200 | 503; body: { status: string; detail?: string } }> {
    const free = await this.free();
    if (free !== null && free < DISK_RESERVE_BYTES) this.markDiskFull();
    else if (free !== null && this.diskFullSince !== null && free >= DISK_RESERVE_BYTES * 2) this.diskFullSince = null;
    if (this.diskFullSince !== null) return { status: 503, body: { status: 'disk full', detail: 'the data folder has no free space left' } };

    // While an import commits batches the database is demonstrably alive; a `select 1` would only
    // wait in line behind every request queued for the one embedded connection.
    if (this.imports > 0 && Date.now() - this.lastProgressAt < PROGRESS_FRESH_MS) {
      return { status: 200, body: { status: 'ok', detail: 'busy with an import' } };
    }
    const query = this.options.db.execute(sql`select 1`).then(
      () => true,
      () => false,
    );
    const answered = await Promise.race([query, sleep(HEALTH_QUERY_WAIT_MS).then(() => null)]);
    if (answered === true) return { status: 200, body: { status: 'ok' } };
    if (answered === false) return { status: 503, body: { status: 'database unavailable' } };
    if (this.imports > 0) return { status: 200, body: { status: 'ok', detail: 'busy with an import' } };
    const late = await Promise.race([query, sleep(HEALTH_QUERY_LIMIT_MS - HEALTH_QUERY_WAIT_MS).then(() => null)]);
    if (late === true) return { status: 200, body: { status: 'ok' } };
    return { status: 503, body: { status: late === false ? 'database unavailable' : 'database not answering' } };
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
