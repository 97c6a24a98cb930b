/**
 * Products of a supplier of their own for the offer sync's browser tests (docs/bol.md, "Offers
 * follow the catalogue"): one product from a feed (supplier price 10,00, selling price 24,95,
 * delivery code 1-2d, stock 5), not on bol yet. `heldBackProduct` puts it on bol at 8,00, below
 * supplier price plus delivery price, and waits until the scheduler's run (every 15 s) has held it
 * back; `publishedProduct` publishes its content on bol first (the simulator knows an EAN once its
 * content is published), so an offer for it can go live.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { BolMarketplaceState, BolModel } from '../../../src/shared/bol-contract';
import type { Product } from '../../../src/shared/contract';
import type { SupplierDetails } from '../../../src/shared/suppliers';
import { apiJson } from './catalogue-api';
import { uploadAndRunFeed } from './feed-upload';

const HEADER = 'ean;sku;title;description;brand;category;price;retailPrice;deliveryCode;stock;color';
/** 'Garden Tools' in the demo data model: Material is its one required attribute beside the common ones. */
const GARDEN_TOOLS_CHUNK = '10002101';

type FeedRow = { supplierName: string; ean: string; sku: string; title: string };

const marketplaceState = async (admin: Page, productId: number) => (await apiJson<BolMarketplaceState>(admin, `/api/v1/bol/state/${productId}`)).body;

async function feedProduct(admin: Page, row: FeedRow): Promise<Product> {
  const created = await apiJson<SupplierDetails>(admin, '/api/v1/suppliers', { method: 'POST', body: { supplierName: row.supplierName, feedSource: 'upload', feedFormat: 'csv' } });
  expect(created.status).toBe(201);
  const line = `${row.ean};${row.sku};${row.title};<p>${row.title}</p>;Hoze;Garden;10,00;24,95;1-2d;5;Green`;
  expect(await uploadAndRunFeed(admin, created.body.supplierId, `${HEADER}\n${line}\n`)).toEqual({ uploaded: 200, parsed: 200 });
  const { body: found } = await apiJson<{ content: Product[] }>(admin, `/api/v1/bol/product/filter?size=1&supplierName=${encodeURIComponent(row.supplierName)}`);
  const product = found.content[0] as Product;
  expect(product.isExportOnBol).toBe(false);
  return product;
}

export async function heldBackProduct(admin: Page, row: FeedRow): Promise<Product> {
  const product = await feedProduct(admin, row);
  const patched = await apiJson(admin, `/api/v1/product/${product.productId}`, {
    method: 'PATCH',
    body: { fields: { isExportOnBol: { base: false, value: true }, sellingPrice: { base: product.sellingPrice, value: 8 } }, images: { added: [], deleted: [], edited: [] }, madeAt: Date.now() - 1_000, offline: false },
  });
  expect(patched.status).toBe(200);
  await expect.poll(async () => (await marketplaceState(admin, product.productId)).offerSync.heldBack?.kind, { timeout: 90_000, interval: 2_000 }).toBe('price-floor');
  return product;
}

/**
 * A feed product whose content bol has published, as a person does it: a Bol category, its
 * required attributes filled in and saved, Create content on bol, then Upload report until bol's
 * report is complete.
 */
export async function publishedProduct(admin: Page, row: FeedRow): Promise<Product> {
  const product = await feedProduct(admin, row);
  const assigned = await apiJson(admin, '/api/v1/bol/data/model/chunk/save', { method: 'POST', body: { productId: product.productId, chunkId: GARDEN_TOOLS_CHUNK } });
  expect(assigned.status).toBe(200);
  const model = (await apiJson<BolModel>(admin, `/api/v1/bol/data/model/product/${product.productId}`)).body;
  for (const attribute of model.attributeData) {
    if (attribute.required && !attribute.value) attribute.value = attribute.valueList?.[0] ?? 'Steel';
  }
  const saved = await apiJson(admin, '/api/v1/bol/data/model/product', { method: 'POST', body: model, headers: { 'If-Match': `"${model.version ?? 0}"` } });
  expect(saved.status).toBe(200);
  expect((await apiJson(admin, '/api/v1/bol/retailer/create/content/', { method: 'POST', body: [product.productId] })).status).toBe(200);
  expect((await marketplaceState(admin, product.productId)).contentStatus).toBe('SUCCESS');
  // bol's first read of a fresh report says IN_PROGRESS; the next one is complete.
  await expect
    .poll(
      async () => {
        await apiJson(admin, '/api/v1/bol/report/upload', { method: 'POST', body: [product.productId] });
        return (await marketplaceState(admin, product.productId)).uploadReport?.status;
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe('COMPLETED');
  return product;
}
