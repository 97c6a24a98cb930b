/**
 * "Import orders": every page of bol's order list (50 a page, until a page comes back empty; bol
 * sends `{}` then), and the details of each order that is new or changed since the last import.
 */
import { inArray } from 'drizzle-orm';
import type { BolShipmentDetails } from '../../../shared/bol-contract';
import type { Database } from '../../db/connection';
import { bolOrders } from '../../db/schema';
import type { BolClient } from '../client/bol-client';
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

function orderRow(detail: BolOrderDetail, reduced: BolReducedOrder, now: Date): typeof bolOrders.$inferInsert {
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

export async function importOrders(db: Database, client: BolClient, job: BolJob, now: () => Date): Promise<string> {
  let page = 1;
  for (; page <= MAX_PAGES; page += 1) {
    const orders = await client.getOrders(page);
    if (orders.length === 0) break;
    job.count('pages');
    job.total += orders.length;
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
  const c = job.counts;
  return `${job.total} order(s) on ${c.pages ?? 0} page(s): ${c.created ?? 0} new, ${c.updated ?? 0} updated, ${c.unchanged ?? 0} unchanged${job.failed > 0 ? `, ${job.failed} could not be read` : ''}`;
}
