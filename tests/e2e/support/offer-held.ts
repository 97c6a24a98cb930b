/**
 * A product whose offer the sync holds back (docs/bol.md, "Guard rails"): a supplier with one
 * product from a feed (supplier price 10,00), put on bol at a selling price of 8,00, below supplier
 * price plus delivery price; waits until the scheduler's run (every 15 s) has held it back.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { BolMarketplaceState } from '../../../src/shared/bol-contract';
import type { Product } from '../../../src/shared/contract';
import type { SupplierDetails } from '../../../src/shared/suppliers';
import { apiJson } from './catalogue-api';
import { uploadAndRunFeed } from './feed-upload';

const HEADER = 'ean;sku;title;description;brand;category;price;retailPrice;deliveryCode;stock;color';

export async function heldBackProduct(admin: Page, row: { supplierName: string; ean: string; sku: string; title: string }): Promise<Product> {
  const created = await apiJson<SupplierDetails>(admin, '/api/v1/suppliers', { method: 'POST', body: { supplierName: row.supplierName, feedSource: 'upload', feedFormat: 'csv' } });
  expect(created.status).toBe(201);
  const line = `${row.ean};${row.sku};${row.title};<p>${row.title}</p>;Hoze;Garden;10,00;24,95;1-2d;5;Green`;
  expect(await uploadAndRunFeed(admin, created.body.supplierId, `${HEADER}\n${line}\n`)).toEqual({ uploaded: 200, parsed: 200 });
  const { body: found } = await apiJson<{ content: Product[] }>(admin, `/api/v1/bol/product/filter?size=1&supplierName=${encodeURIComponent(row.supplierName)}`);
  const product = found.content[0] as Product;
  const patched = await apiJson(admin, `/api/v1/product/${product.productId}`, {
    method: 'PATCH',
    body: { fields: { isExportOnBol: { base: false, value: true }, sellingPrice: { base: product.sellingPrice, value: 8 } }, images: { added: [], deleted: [], edited: [] }, madeAt: Date.now() - 1_000, offline: false },
  });
  expect(patched.status).toBe(200);
  await expect
    .poll(async () => (await apiJson<BolMarketplaceState>(admin, `/api/v1/bol/state/${product.productId}`)).body.offerSync.heldBack?.kind, { timeout: 90_000, interval: 2_000 })
    .toBe('price-floor');
  return product;
}
