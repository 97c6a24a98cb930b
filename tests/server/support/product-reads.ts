/**
 * A product and its history as GET /api/v1/product/{id} and its /history answer them (the product
 * must exist), and a page of the product filter as GET /api/v1/bol/product/filter answers it.
 */
import { expect } from 'vitest';
import type { Page, Product, ProductHistoryEntry } from '../../../src/shared/contract';
import type { TestApp } from './test-app';

export function productReads(app: () => TestApp, headers: () => Record<string, string>) {
  return {
    async product(id: number): Promise<Product> {
      const response = await app().app.request(`/api/v1/product/${id}`, { headers: headers() });
      expect(response.status).toBe(200);
      return (await response.json()) as Product;
    },
    /** One page of the filter for `query` (a query string); the call must answer 200. */
    async filterPage(query: string): Promise<Page<Product> & { totalIsEstimate: boolean }> {
      const response = await app().app.request(`/api/v1/bol/product/filter?${query}`, { headers: headers() });
      expect(response.status).toBe(200);
      return (await response.json()) as Page<Product> & { totalIsEstimate: boolean };
    },
    async history(id: number): Promise<ProductHistoryEntry[]> {
      const response = await app().app.request(`/api/v1/product/${id}/history`, { headers: headers() });
      return ((await response.json()) as Page<ProductHistoryEntry>).content;
    },
  };
}
