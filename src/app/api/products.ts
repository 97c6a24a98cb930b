/** Product calls of the catalogue API (docs/products.md). */
import { ALL_SUPPLIERS_NAME } from '../../shared/constants';
import type { Page, Product, ProductChanges, ProductHistoryEntry, ProductPage } from '../../shared/contract';
import type { ProductFilterParam } from '../../shared/product-filter';

/** The filter call's query by its parameter names (src/shared/product-filter.ts); empty = not filtered. */
export type FilterQuery = Partial<Record<ProductFilterParam, string | number | boolean | null | undefined>>;

export type { ProductChanges };
import { apiFetch, apiFetchIfChanged, apiFetchWithHeaders } from './client';

export interface ProductChangesQuery {
  cursor?: string | null;
  limit?: number;
  /** A supplier's name; 'All' or empty means every supplier. */
  supplierName?: string;
}

function scopeParam(supplierName: string | undefined): Record<string, string> {
  return supplierName && supplierName !== ALL_SUPPLIERS_NAME ? { supplierName } : {};
}

/** GET /api/v1/product/changes: products changed after the cursor, oldest change first. */
export function getProductChanges({ cursor, limit, supplierName }: ProductChangesQuery = {}): Promise<ProductChanges> {
  return apiFetch<ProductChanges>('/api/v1/product/changes', {
    query: {
      ...(cursor ? { cursor } : {}),
      ...(limit === undefined ? {} : { limit: String(limit) }),
      ...scopeParam(supplierName),
    },
  });
}

/** How many products a supplier (or the whole catalogue) has: the filter's exact total, one row read. */
export async function getProductTotal(supplierName?: string): Promise<number> {
  const page = await apiFetch<{ totalElements: number }>('/api/v1/bol/product/filter', {
    query: { size: '1', ...scopeParam(supplierName) },
  });
  return page.totalElements;
}

/**
 * GET /api/v1/bol/product/filter: one page of the product list. The query is the filter call's
 * parameters (docs/products.md); empty values mean "not filtered".
 */
export function filterProducts(query: FilterQuery): Promise<ProductPage> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    params[name] = String(value);
  }
  return apiFetch<ProductPage>('/api/v1/bol/product/filter', { query: params });
}

/** GET /api/v1/product/{id}: one product. */
export function getProduct(productId: number): Promise<Product> {
  return apiFetch<Product>(`/api/v1/product/${productId}`);
}

/** GET /api/v1/product/{id} if it changed since `version` (its ETag); null when the server answers 304. */
export async function getProductIfChanged(productId: number, version: number): Promise<Product | null> {
  const changed = await apiFetchIfChanged<Product>(`/api/v1/product/${productId}`, `"${version}"`);
  return changed?.data ?? null;
}

export interface FamilyInheritance {
  /** The main product, as saved. */
  main: Product;
  /** Members whose data changed. */
  changedMemberIds: number[];
}

/** PUT /api/v1/product/family: the main product's family fields onto the other members. */
export async function inheritFamily(mainProductId: number, familyKey: string): Promise<FamilyInheritance> {
  const { data, headers } = await apiFetchWithHeaders<Product>('/api/v1/product/family', {
    method: 'PUT',
    query: { mainProductId: String(mainProductId), familyKey },
  });
  return { main: data, changedMemberIds: parseChangedMembers(headers.get('X-Family-Members-Changed')) };
}

/** The ids the server names in X-Family-Members-Changed ('12,15,18'). */
export function parseChangedMembers(header: string | null): number[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
}

/** GET /api/v1/product/{id}/history: one page of the product's changes, newest first. */
export function getProductHistory(productId: number, page: number, size = 20): Promise<Page<ProductHistoryEntry>> {
  return apiFetch<Page<ProductHistoryEntry>>(`/api/v1/product/${productId}/history`, { query: { page: String(page), size: String(size) } });
}
