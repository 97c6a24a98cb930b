/** GET /api/v1/bol/order: imported orders, a page at a time, by placement time; items linked to our products by EAN. */
import { asc, count, desc, inArray } from 'drizzle-orm';
import { BOL_ORDER_PAGE_SIZE, type BolOrder, type BolOrderItem, type BolOrderPage, type BolShipmentDetails } from '../../../shared/bol-contract';
import type { Database } from '../../db/connection';
import { bolOrders, products } from '../../db/schema';
import { pageParams, sortDirectionParam } from '../../http/request-params';

export interface OrderPageQuery {
  page: number;
  size: number;
  direction: 'asc' | 'desc';
}

/** `page`, `size` (BOL_ORDER_PAGE_SIZE) and `sort` (orderPlacedDateTime, newest first unless asked) of GET /bol/order. */
export function parseOrderPageQuery(params: URLSearchParams): OrderPageQuery {
  return { ...pageParams(params, BOL_ORDER_PAGE_SIZE), direction: sortDirectionParam(params.get('sort'), 'orderPlacedDateTime') };
}

type StoredItem = Omit<BolOrderItem, 'productId'>;

export async function orderPage(db: Database, query: OrderPageQuery): Promise<BolOrderPage> {
  const order = query.direction === 'desc' ? [desc(bolOrders.orderPlacedDateTime), desc(bolOrders.orderId)] : [asc(bolOrders.orderPlacedDateTime), asc(bolOrders.orderId)];
  const rows = await db
    .select()
    .from(bolOrders)
    .orderBy(...order)
    .limit(query.size)
    .offset(query.page * query.size);
  const [total] = await db.select({ n: count() }).from(bolOrders);
  const eans = [...new Set(rows.flatMap((row) => (row.orderItems as StoredItem[]).map((item) => item.ean)).filter(Boolean))];
  const productIds = new Map<string, number>();
  if (eans.length > 0) {
    for (const product of await db.select({ productId: products.productId, ean: products.ean }).from(products).where(inArray(products.ean, eans))) {
      if (!productIds.has(product.ean)) productIds.set(product.ean, product.productId);
    }
  }
  const content: BolOrder[] = rows.map((row) => ({
    orderId: row.orderId,
    orderPlacedDateTime: row.orderPlacedDateTime.toISOString(),
    shipmentDetails: row.shipmentDetails as BolShipmentDetails,
    orderItems: (row.orderItems as StoredItem[]).map((item) => ({ ...item, productId: productIds.get(item.ean) ?? null })),
  }));
  const totalElements = total?.n ?? 0;
  return { content, totalPages: Math.ceil(totalElements / query.size), totalElements, number: query.page, size: query.size };
}
