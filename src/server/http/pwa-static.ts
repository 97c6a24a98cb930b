/**
 * Serves the built PWA. Hashed assets are immutable for a year; index.html, the service worker
 * and the manifest are revalidated on every load so an update is seen at once. A hashed file the
 * build also wrote compressed is sent in those bytes (brotli first) when the browser takes them. Any path that is
 * not a file, /api, /auth or /healthz gets index.html (client-side routes).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

const NOT_SPA = /^\/(api|auth|healthz|media)(\/|$)/;

export function cacheControlFor(requestPath: string): string {
  if (requestPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (/\.(png|svg|ico|woff2?)$/.test(requestPath)) return 'public, max-age=86400';
  return 'no-cache';
}

export function pwaStaticRoutes(staticDir: string) {
  const app = new Hono();
  const root = path.relative(process.cwd(), staticDir) || '.';
  const indexFile = path.join(staticDir, 'index.html');

  app.use('*', async (c, next) => {
    await next();
    if (c.res.ok && !c.res.headers.has('Cache-Control')) c.header('Cache-Control', cacheControlFor(c.req.path));
  });
  // The build writes x.js.br / x.js.gz beside each hashed file (scripts/lib/precompress-plugin.ts):
  // sent as they are, the compression middleware leaves them alone.
  app.get('*', serveStatic({ root, precompressed: true }));
  app.get('*', async (c, next) => {
    if (NOT_SPA.test(c.req.path) || path.extname(c.req.path) !== '') return next();
    if (!existsSync(indexFile)) {
      return c.text('The app is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    return serveStatic({ root, path: 'index.html' })(c, next);
  });
  return app;
}
