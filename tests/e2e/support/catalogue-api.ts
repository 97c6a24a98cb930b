/** Calls to the real server from a signed-in page (its stored token), for browser tests to check results. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Product } from '../../../src/shared/contract';

export async function apiJson<T>(page: Page, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ path, init }) => {
      const response = await fetch(path, {
        method: init.method ?? 'GET',
        headers: { Authorization: `Bearer ${localStorage.getItem('jwt') ?? ''}`, 'Content-Type': 'application/json', ...(init.headers ?? {}) },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    },
    { path, init },
  );
}

/** The n-th product (by id) matching a filter query, once the demo catalogue has it. */
export async function demoProduct(page: Page, query: string, index = 0): Promise<Product> {
  let found: Product | undefined;
  await expect
    .poll(
      async () => {
        const { body } = await apiJson<{ content?: Product[] }>(page, `/api/v1/bol/product/filter?size=1&page=${index}&sort=productId,asc&${query}`);
        found = body.content?.[0];
        return found !== undefined;
      },
      { timeout: 90_000, interval: 500 },
    )
    .toBe(true);
  return found as Product;
}

export async function serverProduct(page: Page, productId: number): Promise<Product> {
  const { status, body } = await apiJson<Product>(page, `/api/v1/product/${productId}`);
  expect(status).toBe(200);
  return body;
}

/** Bytes of an image the server stores (a demo product's picture), to pick as a file. */
export async function storedImageBytes(page: Page, filePath: string): Promise<Buffer> {
  const base64 = await page.evaluate(async (path) => {
    const bytes = new Uint8Array(await (await fetch(path)).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, filePath);
  return Buffer.from(base64, 'base64');
}

/** Imports the demo supplier's feed and waits for its end (Green Garden Supplies' feed has a refused line). */
export async function importDemoSupplier(page: Page, supplierName = 'Green Garden Supplies'): Promise<void> {
  const suppliers = await apiJson<{ supplierId: number; supplierName: string }[]>(page, '/api/v1/supplier');
  const supplier = suppliers.body.find((entry) => entry.supplierName === supplierName);
  expect(supplier).toBeDefined();
  await apiJson(page, `/api/v1/feed/parse/${supplier?.supplierId}?wait=true`, { method: 'POST' });
}
