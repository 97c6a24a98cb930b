/**
 * "Import orders": every page of bol's order list (50 a page, until a page comes back empty; bol
 * sends `{}` then), and the details of each order that is new or changed since the last import.
 */
import { serverSentence, type ServerSentence } from '../../../shared/server-messages';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { BolShipmentDetails } from '../../../shared/bol-contract';
import type { Database } from '../../db/connection';
import { jobs as bolJobs, bolOrders } from '../../db/schema';
import type { BolClient, OrderChangeFilter } from '../client/bol-client';
import { isItemRefusal } from '../client/bol-errors';
import type { BolAddress, BolOrderDetail, BolReducedOrder } from '../client/bol-wire';
import type { BolJob } from './bol-jobs';

/** A safety stop: 50,000 orders; bol's list holds open orders and those of the last 48 hours. */
const MAX_PAGES = 1_000;

export function shipmentDetailsOf(address: BolAddress): BolShipmentDetails {
  return {
    salutation: address.salutation,
    firstName: address.firstName ?? '',
    surname: address.surname ?? '',
    email: address.email ?? '',
    city: address.city ?? '',
    streetName: address.streetName ?? '',
    zipCode: address.zipCode ?? '',
    houseNumber: address.houseNumber ?? '',
    houseNumberExtension: address.houseNumberExtension,
    countryCode: address.countryCode,
  };
}

const latestChangeOf = (order: BolReducedOrder) => order.orderItems.map((item) => item.latestChangedDateTime).sort().at(-1) ?? '';

export function orderRow(detail: BolOrderDetail, reduced: BolReducedOrder, now: Date): typeof bolOrders.$inferInsert {
  const statusById = new Map(reduced.orderItems.map((item) => [item.orderItemId, item.fulfilmentStatus]));
  return {
    orderId: detail.orderId,
    orderPlacedDateTime: new Date(detail.orderPlacedDateTime ?? reduced.orderPlacedDateTime),
    shipmentDetails: shipmentDetailsOf(detail.shipmentDetails),
    orderItems: detail.orderItems.map((item) => ({
      orderItemId: item.orderItemId,
      ean: item.product?.ean ?? '',
      title: item.product?.title ?? '',
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      fulfilmentMethod: item.fulfilment?.method ?? '',
      fulfilmentStatus: statusById.get(item.orderItemId) ?? (item.quantityShipped + item.quantityCancelled >= item.quantity ? 'HANDLED' : 'OPEN'),
    })),
    latestChange: latestChangeOf(reduced),
    importedAt: now,
  };
}

/** When the latest successful order import started (the changes since then are what a next run reads). */
export async function lastOrderImport(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ startedAt: bolJobs.startedAt })
    .from(bolJobs)
    .where(and(eq(bolJobs.kind, 'order-import'), eq(bolJobs.status, 'success')))
    .orderBy(desc(bolJobs.startedAt))
    .limit(1);
  return row?.startedAt ?? null;
}

/** How far an import reads bol's order list. */
export type OrderImportScope =
  | { kind: 'all' }
  /** Items changed within the last N minutes (1–60). */
  | { kind: 'interval'; minutes: number; since: Date }
  /** Items whose latest change was on one of these days (yyyy-MM-dd). */
  | { kind: 'days'; days: string[]; since: Date };

const MINUTE = 60_000;
const DAY = 86_400_000;
/** bol's latest-change-date reaches back about 3 months; further back only a full import helps. */
const MAX_CHANGE_DAYS = 90;

/**
 * What a "changes since the last import" run asks bol for (docs/bol.md, "Order import"):
 * - no earlier successful import, or one more than 90 days ago: everything;
 * - one less than 59 minutes ago: `change-interval-minute` = the minutes since it, plus one (bol
 *   asks to poll at least a minute more often than the interval), at most 60;
 * - else one listing per day with `latest-change-date`, from the day before the last import to the
 *   day after today (bol does not say in which time zone its dates are; the margin covers it).
 */
export function orderImportScope(lastImport: Date | null, now: Date): OrderImportScope {
  if (!lastImport) return { kind: 'all' };
  const elapsed = Math.max(0, now.getTime() - lastImport.getTime());
  if (elapsed <= 59 * MINUTE) return { kind: 'interval', minutes: Math.min(60, Math.ceil(elapsed / MINUTE) + 1), since: lastImport };
  if (elapsed > MAX_CHANGE_DAYS * DAY) return { kind: 'all' };
  const days: string[] = [];
  const first = Math.floor(lastImport.getTime() / DAY) * DAY - DAY;
  for (let day = first; day <= now.getTime() + DAY; day += DAY) days.push(new Date(day).toISOString().slice(0, 10));
  return { kind: 'days', days, since: lastImport };
}

/** The listings of a scope: each is read page by page until bol answers an empty page. */
function listingsOf(scope: OrderImportScope): OrderChangeFilter[] {
  if (scope.kind === 'all') return [{}];
  if (scope.kind === 'interval') return [{ changeIntervalMinute: scope.minutes }];
  return scope.days.map((latestChangeDate) => ({ latestChangeDate }));
}

export async function importOrders(db: Database, client: BolClient, job: BolJob, now: () => Date, scope: OrderImportScope = { kind: 'all' }): Promise<ServerSentence> {
  const seen = new Set<string>();
  for (const filter of listingsOf(scope)) {
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const listed = await client.getOrders(page, filter);
      if (listed.length === 0) break;
      // An order changed on two days is in two day listings: imported once.
      const orders = listed.filter((order) => !seen.has(order.orderId));
      if (orders.length === 0) continue;
      for (const order of orders) seen.add(order.orderId);
      job.count('pages');
      job.total += orders.length;
      await importPage(db, client, job, now, orders);
    }
  }
  const c = job.counts;
  const since = scope.kind === 'all' ? '' : scope.since.toISOString();
  return serverSentence('orderImportReport', job.total, since, c.pages ?? 0, c.created ?? 0, c.updated ?? 0, c.unchanged ?? 0, job.failed);
}

async function importPage(db: Database, client: BolClient, job: BolJob, now: () => Date, orders: BolReducedOrder[]): Promise<void> {
  const known = new Map(
    (await db.select({ orderId: bolOrders.orderId, latestChange: bolOrders.latestChange }).from(bolOrders).where(inArray(bolOrders.orderId, orders.map((order) => order.orderId)))).map(
      (row) => [row.orderId, row.latestChange],
    ),
  );
  for (const order of orders) {
    const before = known.get(order.orderId);
    if (before !== undefined && before === latestChangeOf(order)) {
      job.count('unchanged');
      job.done += 1;
      continue;
    }
    try {
      const row = orderRow(await client.getOrder(order.orderId), order, now());
      await db.insert(bolOrders).values(row).onConflictDoUpdate({ target: bolOrders.orderId, set: { ...row, orderId: undefined } });
      job.count(before === undefined ? 'created' : 'updated');
      job.done += 1;
    } catch (error) {
      if (!isItemRefusal(error)) throw error;
      job.item({ orderId: order.orderId, status: 'failed', message: error.message });
    }
    await job.progress();
  }
}
