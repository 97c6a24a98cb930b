import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let staticDir: string;
beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'backoffice-static-'));
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(staticDir, 'assets', 'index-abc123.js'), 'console.log("app");'.repeat(200));
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
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});
