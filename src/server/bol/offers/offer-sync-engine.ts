/**
 * The offer sync (docs/bol.md, "Offers follow the catalogue"): one run sends every due product's
 * offer change to bol. Products left in flight by a run that died are settled first, then feed
 * batches are checked, then the due products are read in slices, each planned from the product as
 * it is now (only the latest desired state counts), checked against the guard rails (held back
 * with a reason, or sent), marked in flight, sent by a pool of workers paced per kind of call, and
 * their outcomes and history lines written in one transaction per group of results.
 */
import {
  describeOfferOp,
  desiredOffer,
  guardOfferPlan,
  importedOnBol,
  planOfferChanges,
  type OfferHoldKind,
  type OfferOp,
} from '../../../shared/bol-offer-sync';
import type { Database } from '../../db/connection';
import { recordHistory, type HistoryRecord } from '../../catalogue/product-history';
import type { OfferPort } from '../client/offer-port';
import { BOL_UPDATE_AUTHOR } from '../marketplace/product-state';
import { checkFeedBatches } from './offer-feed-guard';
import { createsInFlight, recoverInFlight, type ProcessLookup } from './offer-sync-recovery';
import type { BolOffer } from '../../../shared/bol-contract';
import { sendItem, type OfferGates, type SendItem } from './offer-sync-send';
import { loadOfferSettings, stockBufferOf, type OfferSettings } from './offer-sync-settings';
import { inFlightRows, markHeld, markInFlight, markSettled, readyRows, writeResults, type HoldEntry, type SendResult, type SyncRow } from './offer-sync-store';
import type { AnnouncedRateLimit } from '../client/bol-client-options';
import { MODELLED_OFFER_RATES, offerCallKind, RateGate, type OfferRates } from './rate-gate';

export interface OfferSyncOptions {
  port: OfferPort;
  lookup: ProcessLookup;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** The rates until bol's first answer announces its own (default: the modelled ones). */
  rates?: Partial<OfferRates>;
  /** bol's announced budgets (X-RateLimit-*): each kind of call follows its own; answers the unsubscribe. */
  announcements?: (listener: (announced: AnnouncedRateLimit) => void) => () => void;
  /** Rows read at once (default 200). */
  sliceSize?: number;
  /** Products sent at once (default 400: at 50 a second, bol's process statuses take seconds). */
  concurrency?: number;
  /** Results written together (default 200). */
  flushEvery?: number;
  maxAttempts?: number;
  /** Throws when the run must stop (cancel, shutdown); checked before each product. */
  throwIfStopped?: () => void;
  onProgress?: (report: OfferSyncReport) => Promise<void> | void;
}

export interface OfferSyncReport {
  recovered: number;
  sent: number;
  held: number;
  settled: number;
  failed: number;
  retrying: number;
  calls: number;
  feedBatchesHeld: number;
}

interface Planned {
  settled: { productId: number; revision: number; notOffered: string | null }[];
  held: HoldEntry[];
  send: (SendItem & { author: string })[];
}

/** Plans a slice of due products: nothing to do, held back, or to send (pure but for the settings read before). */
export function planSlice(rows: readonly SyncRow[], settings: OfferSettings): Planned {
  const planned: Planned = { settled: [], held: [], send: [] };
  for (const row of rows) {
    const wish = desiredOffer(row.product, stockBufferOf(settings, row.supplierId));
    const fromImport = row.source !== 'sync' && row.onBol === null && row.imported !== null;
    const baseline = fromImport && row.imported ? importedOnBol(row.imported) : row.onBol;
    const ops = planOfferChanges(baseline, wish);
    if (ops.length === 0) {
      planned.settled.push({ productId: row.productId, revision: row.revision, notOffered: wish.offer ? null : wish.reason });
      continue;
    }
    const approved: OfferHoldKind[] = row.approved.map((approval) => approval.kind);
    const hold = guardOfferPlan(ops, { product: row.product, settings, firstSync: fromImport && !row.firstSyncApproved, approved: row.firstSyncApproved ? [...approved, 'first-sync'] : approved });
    if (hold) {
      planned.held.push({ productId: row.productId, revision: row.revision, kind: hold.kind, reason: hold.reason, changes: ops.map(describeOfferOp) });
      continue;
    }
    const author = row.approved.at(-1)?.by ?? BOL_UPDATE_AUTHOR;
    planned.send.push({ productId: row.productId, revision: row.revision, attempts: row.attempts, baseline, ops, author });
  }
  return planned;
}

function historyRecords(entries: readonly { productId: number; version: number; author: string; applied: OfferOp[] }[], now: Date): HistoryRecord[] {
  return entries
    .filter((entry) => entry.applied.length > 0)
    .map((entry) => ({
      productId: entry.productId,
      author: entry.author,
      how: 'bol-update' as const,
      deviceAt: null,
      serverAt: now,
      version: entry.version,
      changes: entry.applied.map(describeOfferOp),
    }));
}

export class OfferSyncRun {
  readonly report: OfferSyncReport = { recovered: 0, sent: 0, held: 0, settled: 0, failed: 0, retrying: 0, calls: 0, feedBatchesHeld: 0 };
  private readonly gates: OfferGates;
  private readonly pending: { result: SendResult; version: number; author: string; applied: OfferOp[] }[] = [];
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly options: OfferSyncOptions,
  ) {
    const rates = { ...MODELLED_OFFER_RATES, ...options.rates };
    this.gates = {
      price: new RateGate(rates.price, options.now, options.sleep),
      stock: new RateGate(rates.stock, options.now, options.sleep),
      offer: new RateGate(rates.offer, options.now, options.sleep),
    };
  }

  async run(): Promise<OfferSyncReport> {
    const stopFollowing = this.options.announcements?.((announced) => {
      const kind = offerCallKind(announced.method, announced.path);
      if (kind) this.gates[kind].follow(announced);
    });
    try {
      return await this.runFollowing();
    } finally {
      stopFollowing?.();
    }
  }

  private async runFollowing(): Promise<OfferSyncReport> {
    const settings = await loadOfferSettings(this.db);
    await this.recover();
    this.report.feedBatchesHeld += (await checkFeedBatches(this.db, settings, new Date(this.options.now()))).filter((check) => check.held).length;
    for (;;) {
      const before = this.report.sent + this.report.held + this.report.settled + this.report.failed + this.report.retrying;
      await this.sendDue(settings);
      const after = this.report.sent + this.report.held + this.report.settled + this.report.failed + this.report.retrying;
      if (after === before) break;
    }
    return this.report;
  }

  /** Products a dead run left in flight (docs/bol.md, "A restart in the middle of a run"). */
  private async recover(): Promise<void> {
    const rows = await inFlightRows(this.db);
    const exported = rows.some(createsInFlight) ? await this.exportedOffers() : null;
    for (const row of rows) {
      this.options.throwIfStopped?.();
      const applied: OfferOp[] = [];
      const result = await recoverInFlight(row, this.options.port, this.options.lookup, this.gates.offer, this.options.now, applied, exported);
      this.report.recovered += 1;
      this.queueResult(result, row.version, row.inFlight?.author ?? BOL_UPDATE_AUTHOR, applied);
    }
    await this.flush();
  }

  /** bol's offers by EAN (condition NEW, the only one we create), or null when the export failed: the creates are then sent again. */
  private async exportedOffers(): Promise<ReadonlyMap<string, BolOffer> | null> {
    try {
      const offers = (await this.options.lookup.exportedOffers?.()) ?? null;
      return offers ? new Map(offers.map((offer) => [offer.ean, offer])) : null;
    } catch (error) {
      console.error('[offer-sync] reading the offer export for creates left in flight failed; they are sent again', error);
      return null;
    }
  }

  private async sendDue(settings: OfferSettings): Promise<void> {
    const { sliceSize = 200, concurrency = 400, flushEvery = 200 } = this.options;
    const queue: (SendItem & { author: string; version: number })[] = [];
    let exhausted = false;
    let refilling: Promise<void> | null = null;
    const refill = async () => {
      const rows = await readyRows(this.db, new Date(this.options.now()), sliceSize);
      if (rows.length === 0) {
        exhausted = true;
        return;
      }
      const planned = planSlice(rows, settings);
      const versions = new Map(rows.map((row) => [row.productId, row.version]));
      const at = this.options.now();
      await this.db.transaction(async (tx) => {
        await markSettled(tx, planned.settled);
        await markHeld(tx, planned.held, new Date(at));
        await markInFlight(tx, planned.send.map((item) => ({ productId: item.productId, inFlight: { revision: item.revision, ops: item.ops, at, author: item.author } })));
      });
      this.report.settled += planned.settled.length;
      this.report.held += planned.held.length;
      for (const item of planned.send) queue.push({ ...item, version: versions.get(item.productId) ?? 0 });
    };
    const worker = async () => {
      for (;;) {
        if (queue.length === 0) {
          if (exhausted) return;
          refilling ??= refill().finally(() => {
            refilling = null;
          });
          await refilling;
          continue;
        }
        this.options.throwIfStopped?.();
        const item = queue.shift();
        if (!item) continue;
        const applied: OfferOp[] = [];
        const result = await sendItem(this.options.port, this.gates, item, this.options.now, applied, this.options.maxAttempts);
        this.report.calls += applied.length + (result.done ? 0 : 1);
        this.queueResult(result, item.version, item.author, applied);
        if (this.pending.length >= flushEvery) await this.flush();
      }
    };
    try {
      await Promise.all(Array.from({ length: concurrency }, worker));
    } finally {
      // What was sent is written even when the run stops; what was only queued stays in flight and is
      // settled by the next run.
      await this.flush();
    }
  }

  private queueResult(result: SendResult, version: number, author: string, applied: OfferOp[]): void {
    if (result.done) this.report.sent += 1;
    else if (result.nextAttemptAt) this.report.retrying += 1;
    else this.report.failed += 1;
    this.pending.push({ result, version, author, applied });
  }

  /** Writes the pending outcomes and their history lines in one transaction (one at a time). */
  private flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const batch = this.pending.splice(0);
      if (batch.length === 0) return;
      const now = new Date(this.options.now());
      await this.db.transaction(async (tx) => {
        await writeResults(tx, batch.map((entry) => entry.result));
        await recordHistory(tx, historyRecords(batch.map((entry) => ({ productId: entry.result.productId, version: entry.version, author: entry.author, applied: entry.applied })), now));
      });
      await this.options.onProgress?.(this.report);
    });
    return this.flushing;
  }
}

/** One run of the offer sync over every due product. */
export function runOfferSync(db: Database, options: OfferSyncOptions): Promise<OfferSyncReport> {
  return new OfferSyncRun(db, options).run();
}
