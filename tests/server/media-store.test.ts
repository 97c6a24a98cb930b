/**
 * The media stores themselves (docs/media-store.md), each against a real backend: a temporary
 * folder, and a bucket on the S3 test server (s3rver). Streams are checked while they arrive.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPublicAssetUrls } from '../../src/server/bol/marketplace/public-media';
import { ImageTooLargeError, MAX_IMAGE_BYTES, NotAnImageError } from '../../src/server/media/media-store';
import { createTestApp, MEDIA_STORE_KINDS, type TestApp } from './support/test-app';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
function pngBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_SIGNATURE);
  bytes.set(randomBytes(Math.min(64, size - 8)), 8);
  return bytes;
}

/** A stream of these bytes in chunks, counting how many chunks were pulled. */
function chunked(bytes: Uint8Array, chunkSize = 64 * 1024) {
  const state = { pulled: 0, cancelled: false };
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      state.pulled += 1;
      controller.enqueue(bytes.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

async function readAll(stream: ReadableStream<Uint8Array> | null): Promise<Uint8Array> {
  if (!stream) throw new Error('no stream');
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe.each(MEDIA_STORE_KINDS)('the %s media store', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ mediaStore: kind });
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores a streamed image of several MB under its content hash and reads it back', async () => {
    const bytes = pngBytes(6 * 1024 * 1024 + 123);
    const stored = await t.media.storeImage(chunked(bytes).stream);
    expect(stored).toMatchObject({ contentType: 'image/png', bytes: bytes.length, reused: false });
    expect(stored.filePath).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
    expect(await t.media.sizeOf(stored.filePath)).toBe(bytes.length);
    // Compared as buffers: a deep equal over megabytes takes minutes.
    expect(Buffer.from(await readAll(await t.media.read(stored.filePath))).equals(bytes)).toBe(true);

    const again = await t.media.storeImage(chunked(bytes).stream);
    expect(again).toMatchObject({ filePath: stored.filePath, reused: true });
  });

  it('stops reading a stream once it passes the size limit, and keeps nothing of it', async () => {
    const before = await t.storedFileCount();
    const { stream, state } = chunked(pngBytes(MAX_IMAGE_BYTES * 2), 1024 * 1024);
    await expect(t.media.storeImage(stream)).rejects.toBeInstanceOf(ImageTooLargeError);
    expect(state.pulled).toBeLessThanOrEqual(12);
    expect(state.cancelled).toBe(true);
    expect(await t.storedFileCount()).toBe(before);
    expect(readdirSync(t.mediaDir, { recursive: true }).filter((name) => String(name).endsWith('.tmp'))).toEqual([]);
  });

  it('refuses a stream that does not start like an image after its first bytes', async () => {
    const text = new TextEncoder().encode('not a picture '.repeat(100_000));
    const { stream, state } = chunked(text);
    await expect(t.media.storeImage(stream)).rejects.toBeInstanceOf(NotAnImageError);
    expect(state.pulled).toBe(1);
  });

  it('answers null for files it does not have and for paths that are not its own', async () => {
    expect(await t.media.sizeOf(`/media/00/${'0'.repeat(64)}.png`)).toBeNull();
    expect(await t.media.read(`/media/00/${'0'.repeat(64)}.png`)).toBeNull();
    expect(await t.media.sizeOf('/media/../package.json')).toBeNull();
  });
});

describe('an object store with a public address (MEDIA_PUBLIC_URL)', () => {
  let t: TestApp;
  const PUBLIC = 'https://cdn.example.com/shop';
  beforeAll(async () => {
    t = await createTestApp({ mediaStore: 's3', mediaPublicUrl: PUBLIC });
  });
  afterAll(async () => {
    await t.close();
  });

  it('redirects /media/… to the public address of the object', async () => {
    const stored = await t.media.storeImage(pngBytes(100));
    const response = await t.app.request(stored.filePath);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(`${PUBLIC}${stored.filePath}`);
    expect((await t.app.request('/media/../package.json')).status).toBe(404);
  });

  it("lets the app's pages and service worker load images from that address, and nothing else from there", async () => {
    // The page's <img src="/media/…"> and the service worker's fetch of it follow the redirect:
    // a CSP of 'self' alone refused the image, so no product image showed.
    const csp = (await t.app.request('/healthz/live')).headers.get('Content-Security-Policy') ?? '';
    const directive = (name: string) => csp.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name} `)) ?? '';
    expect(directive('img-src').split(' ')).toContain('https://cdn.example.com');
    expect(directive('connect-src').split(' ')).toContain('https://cdn.example.com');
    expect(directive('script-src')).not.toContain('cdn.example.com');
    expect(directive('default-src')).toBe("default-src 'self'");
  });

  it('sends our own images to bol under that address, supplier images as they are', () => {
    const self = 'http://127.0.0.1:8080';
    const filePath = `/media/ab/${'ab'.repeat(32)}.png`;
    const request = withPublicAssetUrls(
      { language: 'nl', attributes: [], assets: [{ url: `${self}${filePath}`, labels: ['FRONT'] }, { url: 'https://supplier.example/a.jpg', labels: ['OTHER'] }] },
      self,
      'https://backoffice.example.com',
      (path) => t.media.publicUrlOf(path),
    );
    expect(request.assets?.map((asset) => asset.url)).toEqual([`${PUBLIC}${filePath}`, 'https://supplier.example/a.jpg']);
  });
});
