import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compressedCopies } from '../../scripts/lib/precompress-plugin';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let staticDir: string;
const BUILT = Array.from({ length: 300 }, (_, i) => `export const value${i} = ${i * 7};`).join('\n');
beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'backoffice-static-'));
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(staticDir, 'assets', 'index-abc123.js'), 'console.log("app");'.repeat(200));
  // As the build leaves a hashed file: its compressed copies beside it (scripts/lib/precompress-plugin.ts).
  const { br, gz } = await compressedCopies(Buffer.from(BUILT));
  writeFileSync(path.join(staticDir, 'assets', 'main-def456.js'), BUILT);
  writeFileSync(path.join(staticDir, 'assets', 'main-def456.js.br'), br!);
  writeFileSync(path.join(staticDir, 'assets', 'main-def456.js.gz'), gz!);
  t = await createTestApp({ staticDir });
});
afterAll(async () => {
  await t.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('serving the PWA', () => {
  it('serves hashed assets as immutable for a year, compressed when asked', async () => {
    const response = await t.app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
  });

  it("sends the build's compressed copy of a hashed file as it is: brotli when taken, else gzip, else the file", async () => {
    const brotli = await t.app.request('/assets/main-def456.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(brotli.headers.get('Content-Encoding')).toBe('br');
    expect(brotli.headers.get('Vary')).toContain('Accept-Encoding');
    expect(brotli.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.get('Content-Type')).toMatch(/javascript/);
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toBe(BUILT);

    const gzip = await t.app.request('/assets/main-def456.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(BUILT);

    const plain = await t.app.request('/assets/main-def456.js');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(BUILT);
  });

  it('never lets index.html or the service worker be cached without revalidation', async () => {
    for (const file of ['/', '/sw.js']) {
      const response = await t.app.request(file);
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe('no-cache');
    }
  });

  it('answers client-side routes with index.html', async () => {
    for (const route of ['/products/42', '/login', '/anything/else']) {
      const response = await t.app.request(route);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>shell</title>');
    }
  });

  it('does not answer API paths or missing files with index.html', async () => {
    expect((await t.app.request('/api/v1/whatever')).status).toBe(401);
    expect((await t.app.request('/auth/whatever')).status).toBe(404);
    const missingAsset = await t.app.request('/assets/missing-123.js');
    expect(missingAsset.status).toBe(404);
    expect(await missingAsset.json()).toEqual({ message: 'Not found' });
  });

  it('sends a Content-Security-Policy without inline scripts, nosniff and no framing', async () => {
    const response = await t.app.request('/');
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    // The app's own scripts, and compiling the app's own WebAssembly (the camera's barcode reader); never eval.
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
    expect(csp).toContain("frame-ancestors 'none'");
    // Without MEDIA_PUBLIC_URL images and fetches come from this server only.
    expect(csp).toMatch(/img-src 'self' data: blob:(;|$)/);
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});
