/** GET /api/v1/bol/order: imported orders, a page at a time, by placement time; items linked to our products by EAN. */
import { asc, count, desc, inArray } from 'drizzle-orm';
import { BOL_ORDER_PAGE_SIZE, type BolOrder, type BolOrderItem, type BolOrderPage, type BolShipmentDetails } from '../../../shared/bol-contract';
import type { Database } from '../../db/connection';
import { bolOrders, products } from '../../db/schema';
import { ApiError } from '../../http/errors';

export interface OrderPageQuery {
  page: number;
  size: number;
  direction: 'asc' | 'desc';
}

function wholeNumber(text: string | null, name: string, fallback: number, min: number, max: number): number {
  if (text === null || text.trim() === '') return fallback;
  const value = /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new ApiError(400, `${name} must be a whole number from ${min} to ${max}, got '${text}'`);
  return value;
}

export function parseOrderPageQuery(params: URLSearchParams): OrderPageQuery {
  const size = wholeNumber(params.get('size'), 'size', BOL_ORDER_PAGE_SIZE.default, BOL_ORDER_PAGE_SIZE.min, BOL_ORDER_PAGE_SIZE.max);
  const page = wholeNumber(params.get('page'), 'page', 0, 0, 1_000_000);
  const sort = params.get('sort')?.trim() ?? '';
  const match = /^orderPlacedDateTime(?:,(asc|desc))?$/i.exec(sort);
  if (sort !== '' && !match) throw new ApiError(400, `sort must be 'orderPlacedDateTime,desc' or 'orderPlacedDateTime,asc', got '${sort}'`);
  return { page, size, direction: sort === '' ? 'desc' : ((match?.[1]?.toLowerCase() as 'asc' | 'desc' | undefined) ?? 'asc') };
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
