/**
 * The offer sync's table (bol_offer_sync, migration 0017): the ready rows of a run with the product
 * fields the offer follows, and the bulk writes of a run (in flight, held back, sent, failed).
 * docs/bol.md, "Offers follow the catalogue".
 */
import { and, asc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { BolOffer } from '../../../shared/bol-contract';
import type { OfferHistoryField, OfferHoldKind, OfferOnBol, OfferOp, OfferProduct } from '../../../shared/bol-offer-sync';
import type { Queryable } from '../../db/query-rows';
import { bolOfferSync, bolProductStates, products } from '../../db/schema';

/** What a run sends for a product, kept until its outcome is written: a run that died leaves it for the next (offer-sync-recovery.ts). */
export interface InFlight {
  revision: number;
  ops: OfferOp[];
  /** When the run started sending (ms since the epoch): bol's process statuses after it are ours. */
  at: number;
  /** Who the history names: 'bol', or the person who said "Send anyway". */
  author: string;
}

export interface Approval {
  kind: OfferHoldKind;
  by: string;
  at: string;
}

export interface SyncRow {
  productId: number;
  revision: number;
  version: number;
  supplierId: number;
  product: OfferProduct;
  onBol: OfferOnBol | null;
  source: 'sync' | 'import' | null;
  /** The offer import's offer of the product (the first sync's baseline). */
  imported: BolOffer | null;
  approved: Approval[];
  firstSyncApproved: boolean;
  attempts: number;
  inFlight: InFlight | null;
}

const rowColumns = {
  productId: bolOfferSync.productId,
  revision: bolOfferSync.revision,
  version: products.version,
  supplierId: products.supplierId,
  ean: products.ean,
  sku: products.sku,
  sellingPrice: products.sellingPrice,
  priceSupplier: products.priceSupplier,
  deliveryPrice: products.deliveryPrice,
  deliveryCode: products.deliveryCode,
  stock: products.stock,
  buyBlock: products.buyBlock,
  isExportOnBol: products.isExportOnBol,
  onBol: bolOfferSync.onBol,
  source: bolOfferSync.source,
  imported: bolProductStates.offer,
  approved: bolOfferSync.approved,
  firstSyncApprovedBy: bolOfferSync.firstSyncApprovedBy,
  attempts: bolOfferSync.attempts,
  inFlight: bolOfferSync.inFlight,
};


function toSyncRow(raw: RawRow): SyncRow {
  return {
    productId: raw.productId,
    revision: raw.revision,
    version: raw.version,
    supplierId: raw.supplierId,
    product: {
      ean: raw.ean,
      sku: raw.sku,
      sellingPrice: Number(raw.sellingPrice),
      priceSupplier: Number(raw.priceSupplier),
      deliveryPrice: Number(raw.deliveryPrice),
      deliveryCode: raw.deliveryCode,
      stock: raw.stock,
      buyBlock: raw.buyBlock,
      isExportOnBol: raw.isExportOnBol,
    },
    onBol: (raw.onBol as OfferOnBol | null) ?? null,
    source: raw.source === 'sync' || raw.source === 'import' ? raw.source : null,
    imported: (raw.imported as BolOffer | null) ?? null,
    approved: (raw.approved as Approval[] | null) ?? [],
    firstSyncApproved: raw.firstSyncApprovedBy !== null,
    attempts: raw.attempts,
    inFlight: (raw.inFlight as InFlight | null) ?? null,
  };
}

type RawRow = Awaited<ReturnType<typeof selectRows>>[number];

function selectRows(db: Queryable) {
  return db
    .select(rowColumns)
    .from(bolOfferSync)
    .innerJoin(products, eq(products.productId, bolOfferSync.productId))
    .leftJoin(bolProductStates, eq(bolProductStates.productId, bolOfferSync.productId));
}

/**
 * The rows a run may send now, oldest change first: due, not held back, not waiting for its feed
 * import's check, not in flight, and past their retry time.
 */
export async function readyRows(db: Queryable, now: Date, limit: number): Promise<SyncRow[]> {
  const rows = await selectRows(db)
    .where(
      and(
        eq(bolOfferSync.due, true),
        isNull(bolOfferSync.holdKind),
        isNull(bolOfferSync.feedJob),
        isNull(bolOfferSync.inFlight),
        or(isNull(bolOfferSync.nextAttemptAt), lte(bolOfferSync.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(bolOfferSync.dueSince), asc(bolOfferSync.productId))
    .limit(limit);
  return rows.map(toSyncRow);
}

/** Rows a run left in flight (it died or was stopped between sending and writing the outcome). */
export async function inFlightRows(db: Queryable): Promise<SyncRow[]> {
  const rows = await selectRows(db).where(isNotNull(bolOfferSync.inFlight)).orderBy(asc(bolOfferSync.productId));
  return rows.map(toSyncRow);
}

/** Whether a run has anything to do now (the scheduler's look, docs/bol.md "When changes are sent"). */
export async function offerSyncHasWork(db: Queryable, now: Date): Promise<boolean> {
  const rows = await db
    .select({ productId: bolOfferSync.productId })
    .from(bolOfferSync)
    .where(
      or(
        isNotNull(bolOfferSync.inFlight),
        and(eq(bolOfferSync.due, true), isNull(bolOfferSync.holdKind), or(isNull(bolOfferSync.nextAttemptAt), lte(bolOfferSync.nextAttemptAt, now))),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

const json = (value: unknown) => JSON.stringify(value);

/** Marks what a run is about to send (one statement for the whole slice). */
export async function markInFlight(db: Queryable, entries: readonly { productId: number; inFlight: InFlight }[]): Promise<void> {
  if (entries.length === 0) return;
  await db.execute(sql`update bol_offer_sync s set in_flight = v.f, updated_at = now()
    from jsonb_to_recordset(${json(entries.map((entry) => ({ p: entry.productId, f: entry.inFlight })))}::jsonb) as v(p integer, f jsonb)
    where s.product_id = v.p`);
}

/** Products with nothing to send (or nothing to offer): no longer due, unless they changed meanwhile. */
export async function markSettled(db: Queryable, entries: readonly { productId: number; revision: number; notOffered: string | null; onBol?: OfferOnBol | null; source?: 'import' }[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map((entry) => ({ p: entry.productId, r: entry.revision, n: entry.notOffered, b: entry.onBol ?? null, s: entry.source ?? null }));
  await db.execute(sql`update bol_offer_sync s set
      due = case when s.revision = v.r then false else s.due end,
      not_offered = v.n,
      on_bol = coalesce(v.b, s.on_bol),
      source = coalesce(v.s, s.source),
      updated_at = now()
    from jsonb_to_recordset(${json(rows)}::jsonb) as v(p integer, r integer, n text, b jsonb, s text)
    where s.product_id = v.p`);
}

export interface HoldEntry {
  productId: number;
  revision: number;
  kind: OfferHoldKind;
  reason: string;
  changes: { field: OfferHistoryField; old: string; new: string }[];
}

/** Holds changes back for a person (not sent): no longer due until they change or are sent anyway. */
export async function markHeld(db: Queryable, entries: readonly HoldEntry[], now: Date): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map((entry) => ({ p: entry.productId, r: entry.revision, k: entry.kind, w: entry.reason, c: entry.changes }));
  await db.execute(sql`update bol_offer_sync s set
      hold_kind = v.k, hold_reason = v.w, hold_changes = v.c, held_at = ${now.toISOString()}::timestamptz,
      due = false, updated_at = now()
    from jsonb_to_recordset(${json(rows)}::jsonb) as v(p integer, r integer, k text, w text, c jsonb)
    where s.product_id = v.p and s.revision = v.r`);
}

/** How sending a product's changes ended. */
export interface SendResult {
  productId: number;
  revision: number;
  /** What bol holds now, as far as we know. */
  onBol: OfferOnBol | null;
  /** Something was applied at bol (the history gets a line, last sent moves). */
  sent: boolean;
  /** Every call of the plan worked: the product is settled for this revision. */
  done: boolean;
  attempts: number;
  /** When to try again; null: not again (done, or the error is final). */
  nextAttemptAt: Date | null;
  error: string | null;
  notPublishable: { code: string; description: string }[] | null;
  /** The first sync was approved and has now been sent. */
  firstSyncBy: string | null;
}

/** Writes the outcomes of a slice (one statement) and clears their in-flight mark. */
export async function writeResults(db: Queryable, results: readonly SendResult[]): Promise<void> {
  if (results.length === 0) return;
  const rows = results.map((result) => ({
    p: result.productId,
    r: result.revision,
    b: result.onBol,
    s: result.sent,
    d: result.done,
    a: result.attempts,
    t: result.nextAttemptAt?.toISOString() ?? null,
    e: result.error,
    n: result.notPublishable,
    f: result.firstSyncBy,
  }));
  await db.execute(sql`update bol_offer_sync s set
      on_bol = v.b,
      source = case when v.s or v.d then 'sync' else s.source end,
      last_sent_at = case when v.s then now() else s.last_sent_at end,
      in_flight = null,
      due = case when s.revision <> v.r then true when v.d then false when v.t is null then false else true end,
      attempts = case when s.revision = v.r then v.a else 0 end,
      next_attempt_at = case when s.revision = v.r then v.t end,
      error = case when s.revision = v.r then v.e end,
      not_publishable = coalesce(v.n, s.not_publishable),
      approved = case when v.d then '[]'::jsonb else s.approved end,
      first_sync_approved_by = coalesce(s.first_sync_approved_by, v.f),
      not_offered = null,
      updated_at = now()
    from jsonb_to_recordset(${json(rows)}::jsonb) as v(p integer, r integer, b jsonb, s boolean, d boolean, a integer, t timestamptz, e text, n jsonb, f text)
    where s.product_id = v.p`);
}

/** Reads one product's sync row (the marketplace state and "Send anyway"). */
export async function syncRowOf(db: Queryable, productId: number) {
  const [row] = await db.select().from(bolOfferSync).where(eq(bolOfferSync.productId, productId));
  return row ?? null;
}
