/**
 * Images bol can fetch (docs/bol.md): our stored images go to bol under PUBLIC_BASE_URL; the real
 * bol without one is refused up front; and the simulator, like bol, downloads every image URL and
 * declines the ones it cannot fetch or that are not images, which the upload report then shows.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BolJobReport, BolMarketplaceState } from '../../src/shared/bol-contract';
import { gtinCheckDigit } from '../../src/shared/rules/ean';
import { readPublicBaseUrl } from '../../src/server/config';
import { PUBLIC_BASE_URL_MISSING, publicUrlOf } from '../../src/server/bol/marketplace/public-media';
import { DEMO_MODEL } from '../../src/server/bol/model/demo-model';
import { modelFileSchema } from '../../src/server/bol/model/model-file';
import { loadModel } from '../../src/server/bol/model/model-store';
import { encodePng } from '../../src/server/demo/png-encoder';
import { brands, suppliers } from '../../src/server/db/schema';
import { insertImages, insertProduct } from './support/product-fixtures';
import { createBolKit, type BolKit } from './support/bol-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

const SELF = 'http://backoffice.test';
const ean = (serial: number) => {
  const body = `87160000${String(serial).padStart(4, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
};

describe('PUBLIC_BASE_URL', () => {
  it('is an absolute http(s) URL without query; a trailing slash is dropped', () => {
    expect(readPublicBaseUrl({})).toBeNull();
    expect(readPublicBaseUrl({ PUBLIC_BASE_URL: 'https://shop.example.com/' })).toBe('https://shop.example.com');
    expect(readPublicBaseUrl({ PUBLIC_BASE_URL: 'https://shop.example.com/backoffice' })).toBe('https://shop.example.com/backoffice');
    expect(() => readPublicBaseUrl({ PUBLIC_BASE_URL: 'shop.example.com' })).toThrow("PUBLIC_BASE_URL must be an absolute http(s) URL, got 'shop.example.com'");
    expect(() => readPublicBaseUrl({ PUBLIC_BASE_URL: 'ftp://shop.example.com' })).toThrow('PUBLIC_BASE_URL must be an absolute http(s) URL');
  });

  it('moves our own image URLs to the public address and leaves supplier URLs alone', () => {
    expect(publicUrlOf(`${SELF}/media/ab/abc.png`, SELF, 'https://shop.example.com/backoffice')).toBe('https://shop.example.com/backoffice/media/ab/abc.png');
    expect(publicUrlOf('https://cdn.supplier.example/x.jpg', SELF, 'https://shop.example.com')).toBe('https://cdn.supplier.example/x.jpg');
    expect(publicUrlOf(`${SELF}/media/ab/abc.png`, SELF, null)).toBe(`${SELF}/media/ab/abc.png`);
  });
});

let htmlHost: Server;
let htmlUrl: string;
let closedUrl: string;

beforeAll(async () => {
  // A web server that answers an HTML page where an image should be, and a port nobody listens on.
  htmlHost = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>Not found, but nicely</body></html>');
  });
  await new Promise<void>((resolve) => htmlHost.listen(0, '127.0.0.1', resolve));
  htmlUrl = `http://127.0.0.1:${(htmlHost.address() as AddressInfo).port}/images/shoe.jpg`;
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/images/gone.jpg`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
});
afterAll(async () => {
  await new Promise<void>((resolve) => htmlHost.close(() => resolve()));
});

interface Setup {
  t: TestApp;
  kit: BolKit;
  auth: Record<string, string>;
  products: { own: number; html: number; closed: number };
}

async function setup(bol: { target: 'bol' | 'simulator'; publicBaseUrl: string | null }): Promise<Setup> {
  let t: TestApp | null = null;
  // bol downloads from the internet: here our own server answers for its public address, the rest is real HTTP on loopback.
  const imageFetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const publicBase = bol.publicBaseUrl ?? SELF;
    if (url.href.startsWith(publicBase) && t) return t.app.request(url.href.slice(publicBase.length), init);
    return globalThis.fetch(input, init);
  };
  const kit = createBolKit({ imageFetch: { fetch: imageFetch, timeoutMs: 2_000 } });
  t = await createTestApp({ deps: { bol: { ...kit.deps, ...bol }, selfOrigin: SELF } });
  const auth = { Authorization: `Bearer ${await t.token()}` };
  const db = t.database.db;
  await loadModel(db, modelFileSchema.parse(DEMO_MODEL));
  const [supplier] = await db.insert(suppliers).values({ supplierName: 'Stride Shoes' }).returning({ id: suppliers.supplierId });
  const [brand] = await db.insert(brands).values({ brandName: 'Stride' }).returning({ id: brands.brandId });
  const stored = await t.media.storeImage(encodePng(4, 4, new Uint8Array(48).fill(90)));
  const ids: number[] = [];
  for (const [serial, filePath] of [stored.filePath, htmlUrl, closedUrl].entries()) {
    const id = await insertProduct(db, { supplierId: supplier?.id ?? 0, ean: ean(serial + 1), title: `Stride Court sneaker ${serial} Black`, description: '<p>Sneaker.</p>', productSize: '42', color: 'Black', brandId: brand?.id });
    await insertImages(db, id, [{ id: `image-${serial}`, filePath, position: 1, isMainImage: true }]);
    const saved = await t.app.request('/api/v1/bol/data/model/chunk/save', { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ productId: id, chunkId: '10001074' }) });
    expect(saved.status).toBe(200);
    ids.push(id);
  }
  return { t, kit, auth, products: { own: ids[0] ?? 0, html: ids[1] ?? 0, closed: ids[2] ?? 0 } };
}

const createContent = (s: Setup, ids: number[]) => s.t.app.request('/api/v1/bol/retailer/create/content/', { method: 'POST', headers: { ...s.auth, 'Content-Type': 'application/json' }, body: JSON.stringify(ids) });

describe('creating content with images', () => {
  it('is refused up front with the real bol and no PUBLIC_BASE_URL, saying what to set', async () => {
    const s = await setup({ target: 'bol', publicBaseUrl: null });
    try {
      const response = await createContent(s, [s.products.own]);
      expect(response.status).toBe(503);
      expect(((await response.json()) as { message: string }).message).toBe(PUBLIC_BASE_URL_MISSING);
      expect(PUBLIC_BASE_URL_MISSING).toContain('set PUBLIC_BASE_URL to the public address of this server');
      expect(s.kit.simulator.requests.filter((request) => request.startsWith('POST /retailer/content'))).toEqual([]);
    } finally {
      await s.t.close();
    }
  });

  it('sends our images under PUBLIC_BASE_URL; bol downloads them, and declines an HTML page and an unreachable host with reasons the report shows', async () => {
    const s = await setup({ target: 'bol', publicBaseUrl: 'https://shop.example.com/backoffice' });
    try {
      const response = await createContent(s, [s.products.own, s.products.html, s.products.closed]);
      expect(response.status).toBe(200);
      expect(((await response.json()) as BolJobReport).counts).toMatchObject({ sent: 3, accepted: 3 });
      const sent = s.kit.simulator.uploadFor(ean(1));
      expect(sent?.assets?.[0]?.url).toMatch(/^https:\/\/shop\.example\.com\/backoffice\/media\/[0-9a-f]{2}\/[0-9a-f]+\.png$/);
      expect(s.kit.simulator.uploadFor(ean(2))?.assets?.[0]?.url).toBe(htmlUrl);

      const reports = (await (
        await s.t.app.request('/api/v1/bol/report/upload', { method: 'POST', headers: { ...s.auth, 'Content-Type': 'application/json' }, body: JSON.stringify([s.products.own, s.products.html, s.products.closed]) })
      ).json()) as BolJobReport;
      const messageOf = (productId: number) => reports.items.find((item) => item.productId === productId)?.message;
      expect(messageOf(s.products.own)).toBe('Upload report COMPLETED');
      expect(messageOf(s.products.html)).toBe('Upload report COMPLETED, 1 declined');
      expect(messageOf(s.products.closed)).toBe('Upload report COMPLETED, 1 declined');

      const assetOf = async (productId: number) => ((await (await s.t.app.request(`/api/v1/bol/state/${productId}`, { headers: s.auth })).json()) as BolMarketplaceState).uploadReport?.assets[0];
      expect(await assetOf(s.products.own)).toMatchObject({ status: 'PUBLISHED', subStatus: 'PUBLISHED' });
      expect(await assetOf(s.products.html)).toMatchObject({ url: htmlUrl, status: 'DECLINED', subStatus: 'UNSUPPORTED_MIMETYPE', subStatusDescription: 'The file is not an image (text/html).' });
      expect(await assetOf(s.products.closed)).toMatchObject({ url: closedUrl, status: 'DECLINED', subStatus: 'DOWNLOAD_FAILED_404' });
      expect((await assetOf(s.products.closed))?.subStatusDescription).toMatch(/^The image could not be downloaded: /);
    } finally {
      await s.t.close();
    }
  });

  it('with the simulator and no PUBLIC_BASE_URL sends the server’s own address, which the simulator can reach', async () => {
    const s = await setup({ target: 'simulator', publicBaseUrl: null });
    try {
      expect((await createContent(s, [s.products.own])).status).toBe(200);
      expect(s.kit.simulator.uploadFor(ean(1))?.assets?.[0]?.url.startsWith(`${SELF}/media/`)).toBe(true);
    } finally {
      await s.t.close();
    }
  });
});
