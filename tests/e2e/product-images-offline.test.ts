/**
 * Product images seen once show again without a connection (docs/offline.md "Product images"):
 * from this server's own disk store, and from an object store's public address
 * (`MEDIA_PUBLIC_URL`, docs/media-store.md) that allows the app's origin; a store that does not
 * still shows its images online. The object store is a real S3-compatible server (s3rver), and
 * its servers here are servers of their own on a copy of the demo catalogue.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import type { Product } from '../../src/shared/contract';
import { startServerProcess, type RunningServer } from '../../scripts/lib/server-process';
import { S3RVER_CREDENTIALS, startS3Server, type RunningS3Server } from '../server/support/s3-server';
import { baseUrl, useFreshPage, waitForServiceWorkerControl } from './support/browser';
import { demoProduct, serverProduct, storedImageBytes } from './support/catalogue-api';
import { E2E_ADMIN } from './support/global-setup';
import { signedInStart } from './support/signed-in-start';

const freshPage = useFreshPage({ width: 1280, height: 800 });
let page: Page;
beforeEach(() => {
  page = freshPage();
});

const SHARED_BUCKET = 'images-for-any-origin';
const PRIVATE_BUCKET = 'images-without-cors';
let s3: RunningS3Server;
let sharedStore: RunningServer;
let privateStore: RunningServer;

/** A server of its own whose images go to a bucket of the S3 server, read back from the bucket's own address. */
function serverOnBucket(bucket: string): Promise<RunningServer> {
  return startServerProcess(
    {
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      MEDIA_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
      MEDIA_PUBLIC_URL: `${s3.endpoint}/${bucket}`,
    },
    { copyDataFrom: inject('demoDataDir') },
  );
}

beforeAll(async () => {
  s3 = await startS3Server([{ name: SHARED_BUCKET, readableByAnyOrigin: true }, { name: PRIVATE_BUCKET }]);
  [sharedStore, privateStore] = await Promise.all([serverOnBucket(SHARED_BUCKET), serverOnBucket(PRIVATE_BUCKET)]);
}, 90_000);

afterAll(async () => {
  await Promise.all([sharedStore?.stop(), privateStore?.stop()]);
  await s3?.close().catch(() => undefined);
});

/** What the service worker keeps for this image: its status and size, or null. */
function keptImage(target: Page, filePath: string): Promise<{ status: number; bytes: number } | null> {
  return target.evaluate(async (path) => {
    const cache = await caches.open('product-images');
    const kept = await cache.match(new URL(path, location.href).href);
    return kept ? { status: kept.status, bytes: (await kept.blob()).size } : null;
  }, filePath);
}

/** Whether the product page shows this image, decoded (not a broken image). */
function imageShown(target: Page, filePath: string): Promise<boolean> {
  return target.evaluate((path) => {
    const image = [...document.querySelectorAll<HTMLImageElement>('[data-testid="product-image"] img')].find((img) => new URL(img.src).pathname === path);
    return image !== undefined && image.complete && image.naturalWidth > 0;
  }, filePath);
}

async function openProduct(target: Page, origin: string, product: Product): Promise<void> {
  await target.goto(`${origin}/products/${product.productId}`);
  await target.getByTestId('description-editor').waitFor({ state: 'attached' });
}

/** The product page again with no server and no object store answering: only the device can. */
async function reopenWithoutNetwork(target: Page, origin: string, product: Product): Promise<void> {
  // Chromium's emulated offline state does not survive a reload: every request fails instead.
  await target.context().route('**/*', (route) => {
    const url = new URL(route.request().url());
    return url.origin === origin && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/media/') ? route.fallback() : route.abort('internetdisconnected');
  });
  await openProduct(target, origin, product);
}

/** A PNG drawn in the page: a picture no other test uploads, so the store has never had it. */
async function freshPng(target: Page): Promise<Buffer> {
  const base64 = await target.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 48;
    canvas.height = 32;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.fillStyle = `hsl(${Math.floor(Math.random() * 360)} 70% 50%)`;
    context.fillRect(0, 0, 48, 32);
    context.fillText(String(Date.now()), 2, 20);
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  });
  return Buffer.from(base64, 'base64');
}

/**
 * Signed in on a server of its own (its worker controlling the page), a new picture added to one
 * of its demo products through the product page: the product, and the picture's stored path and size.
 */
async function pictureOnStore(target: Page, origin: string, productIndex: number): Promise<{ product: Product; added: { filePath: string; bytes: number } }> {
  await signedInStart(target, { server: origin, open: '/dashboard' });
  await waitForServiceWorkerControl(target);
  const product = await demoProduct(target, 'supplierName=Volt%20Electronics', productIndex);
  return { product, added: await addPicture(target, origin, product) };
}

/** Adds a new picture to the product through its page and waits until the server has it; its stored path. */
async function addPicture(target: Page, origin: string, product: Product): Promise<{ filePath: string; bytes: number }> {
  await openProduct(target, origin, product);
  const png = await freshPng(target);
  await target.getByTestId('image-picker').setInputFiles([{ name: 'shelf.png', mimeType: 'image/png', buffer: png }]);
  await target.getByRole('button', { name: 'Apply', exact: true }).click();
  let filePath = '';
  await expect
    .poll(async () => {
      const saved = await serverProduct(target, product.productId);
      filePath = saved.productImages.length > product.productImages.length ? (saved.productImages.at(-1)?.filePath ?? '') : '';
      return filePath;
    }, { timeout: 30_000 })
    .toMatch(/^\/media\//);
  return { filePath, bytes: png.length };
}

describe('product images without a connection', () => {
  it("shows an image of this server's own store, kept by the device once seen", async () => {
    await signedInStart(page, { open: '/dashboard' });
    await waitForServiceWorkerControl(page);
    const product = await demoProduct(page, 'numberOfImages=2', 4);
    const filePath = product.productImages[0]!.filePath;
    const stored = await storedImageBytes(page, filePath);

    await openProduct(page, baseUrl(), product);
    await expect.poll(() => imageShown(page, filePath)).toBe(true);
    await expect.poll(() => keptImage(page, filePath)).toEqual({ status: 200, bytes: stored.length });

    await reopenWithoutNetwork(page, baseUrl(), product);
    await expect.poll(() => imageShown(page, filePath)).toBe(true);
  });

  it("shows an image of an object store's public address that allows the app, kept once seen, with neither the server nor the store answering", async () => {
    const origin = sharedStore.url;
    const { product, added } = await pictureOnStore(page, origin, 5);

    // The server sends the image to the bucket's own address.
    const redirect = await page.request.get(`${origin}${added.filePath}`, { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers().location).toBe(`${s3.endpoint}/${SHARED_BUCKET}${added.filePath}`);

    await openProduct(page, origin, product);
    await expect.poll(() => imageShown(page, added.filePath)).toBe(true);
    await expect.poll(() => keptImage(page, added.filePath)).toEqual({ status: 200, bytes: added.bytes });

    await reopenWithoutNetwork(page, origin, product);
    await expect.poll(() => imageShown(page, added.filePath)).toBe(true);
  });

  it('shows an image of an object store that does not allow the app while online', async () => {
    const origin = privateStore.url;
    const { product, added } = await pictureOnStore(page, origin, 6);

    await openProduct(page, origin, product);
    await expect.poll(() => imageShown(page, added.filePath)).toBe(true);
    // Shown through the worker's second, plain request: the store refused the readable one. What
    // the worker keeps of such an answer (nothing) is the unit test's (kept-product-images.test.ts):
    // here the browser's own HTTP cache may answer the worker's request, so a look into the
    // worker's cache says little.
  });
});
