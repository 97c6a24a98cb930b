/** A product and its history as GET /api/v1/product/{id} and its /history answer them (the product must exist). */
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
    async history(id: number): Promise<ProductHistoryEntry[]> {
      const response = await app().app.request(`/api/v1/product/${id}/history`, { headers: headers() });
      return ((await response.json()) as Page<ProductHistoryEntry>).content;
    },
  };
}
