/**
 * Cancelling an order item at bol (docs/bol.md, "Order cancellation"): one item per request with
 * one of bol's reason codes; bol answers with a CANCEL_ORDER process that we follow to its end,
 * then the order is read again from bol so the stored copy shows the cancellation.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/connection';
import { bolOrders } from '../../db/schema';
import { text } from '../../../shared/safe-values';
import { ApiError } from '../../http/errors';
import { BOL_CANCELLATION_REASONS, type BolCancellationReason, type BolClient } from '../client/bol-client';
import { orderRow } from './order-import';

/** What each of bol's reason codes means, for people choosing one. */
export const CANCELLATION_REASON_LABELS: Record<BolCancellationReason, string> = {
  OUT_OF_STOCK: 'Out of stock',
  REQUESTED_BY_CUSTOMER: 'The customer asked to cancel',
  BAD_CONDITION: 'The item is in bad condition',
  HIGHER_SHIPCOST: 'Shipping costs more than expected',
  INCORRECT_PRICE: 'The price was wrong',
  NOT_AVAIL_IN_TIME: 'Not available in time',
  NO_BOL_GUARANTEE: 'No bol.com guarantee',
  ORDERED_TWICE: 'Ordered twice',
  RETAIN_ITEM: 'The item is kept',
  TECH_ISSUE: 'Technical problem',
  UNFINDABLE_ITEM: 'The item cannot be found',
  OTHER: 'Other reason',
};

export const cancelRequestSchema = z.object({
  orderItemId: text().trim().min(1, 'orderItemId is required').max(64, 'orderItemId is at most 64 characters'),
  reasonCode: z.enum(BOL_CANCELLATION_REASONS, { message: `reasonCode must be one of ${BOL_CANCELLATION_REASONS.join(', ')}` }),
});
export type CancelRequest = z.infer<typeof cancelRequestSchema>;

export interface CancelAnswer {
  orderId: string;
  orderItemId: string;
  reasonCode: BolCancellationReason;
  /** bol's outcome of the CANCEL_ORDER process. */
  status: 'SUCCESS' | 'FAILURE' | 'TIMEOUT' | 'PURGED';
  processStatusId: string;
  message: string;
}

/** The imported order an item belongs to, or a 404 naming the item. */
async function orderOfItem(db: Database, orderItemId: string): Promise<string> {
  const [row] = await db
    .select({ orderId: bolOrders.orderId })
    .from(bolOrders)
    .where(sql`exists (select 1 from jsonb_array_elements(${bolOrders.orderItems}) as item where item->>'orderItemId' = ${orderItemId})`)
    .limit(1);
  if (!row) throw new ApiError(404, `Order item ${orderItemId} is not among the imported orders; import the orders first`);
  return row.orderId;
}

export async function cancelOrderItem(db: Database, client: BolClient, request: CancelRequest, now: () => Date): Promise<CancelAnswer> {
  const orderId = await orderOfItem(db, request.orderItemId);
  const started = await client.cancelOrderItem(request.orderItemId, request.reasonCode);
  const outcome = await client.waitForProcess(started);
  const base = { orderId, orderItemId: request.orderItemId, reasonCode: request.reasonCode, processStatusId: started.processStatusId };
  if (outcome.outcome !== 'SUCCESS') return { ...base, status: outcome.outcome, message: outcome.message };
  // bol has cancelled it: the stored order is read again so it shows the cancellation.
  const detail = await client.getOrder(orderId);
  const latest = detail.orderItems.map((item) => item.latestChangedDateTime).sort().at(-1) ?? '';
  const row = orderRow(detail, { orderId, orderPlacedDateTime: detail.orderPlacedDateTime, orderItems: [] }, now());
  await db.update(bolOrders).set({ ...row, latestChange: latest, orderId: undefined }).where(sql`${bolOrders.orderId} = ${orderId}`);
  return { ...base, status: 'SUCCESS', message: `Order item ${request.orderItemId} is cancelled at bol (${CANCELLATION_REASON_LABELS[request.reasonCode]})` };
}
