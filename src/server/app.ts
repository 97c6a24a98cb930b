/** The Hono app: security headers, /healthz, /auth, the token-guarded /api, and the PWA. */
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import type { LoginThrottle } from './auth/login-throttle';
import type { TokenService } from './auth/tokens';
import { isDatabaseReady, type Database } from './db/connection';
import { ApiError, errorResponse } from './http/errors';
import { pwaStaticRoutes } from './http/pwa-static';
import { requireToken } from './http/require-token';
import { securityHeaders } from './http/security-headers';
import { authRoutes } from './routes/auth';
import { referenceListRoutes } from './routes/reference-lists';

export interface AppDeps {
  db: Database;
  tokens: TokenService;
  throttle: LoginThrottle;
  /** Built PWA to serve; omitted in API-only tests. */
  staticDir?: string;
  /** The caller's network address, for throttling sign-in failures. */
  clientAddress?: (c: Context) => string;
  now?: () => number;
}

export function createApp(deps: AppDeps) {
  const app = new Hono();
  app.onError(errorResponse);
  app.use('*', securityHeaders());
  app.use('*', compress());

  app.get('/healthz', async (c) => {
    const ready = await isDatabaseReady(deps.db);
    return c.json({ status: ready ? 'ok' : 'database unavailable' }, ready ? 200 : 503);
  });

  app.route(
    '/auth',
    authRoutes({
      db: deps.db,
      tokens: deps.tokens,
      throttle: deps.throttle,
      clientAddress: deps.clientAddress ?? (() => 'unknown'),
      now: deps.now,
    }),
  );

  const api = new Hono();
  api.use('*', requireToken(deps.tokens));
  api.route('/v1', referenceListRoutes());
  api.all('*', (c) => {
    throw new ApiError(404, `No such call: ${c.req.method} ${c.req.path}`);
  });
  app.route('/api', api);

  if (deps.staticDir) app.route('/', pwaStaticRoutes(deps.staticDir));
  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  return app;
}
