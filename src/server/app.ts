/** The Hono app: security headers, /healthz, /auth, the token-guarded /api, media, and the PWA. */
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { AppDeps } from './app-deps';
import { JSON_BODY_LIMIT_BYTES, LOGIN_BODY_LIMIT_BYTES, requestBodyLimits, type BodyLimitRule } from './http/body-limits';
import { ApiError, errorResponse } from './http/errors';
import { ServerHealth } from './http/server-health';
import { pwaStaticRoutes } from './http/pwa-static';
import { refuseNulInUrl } from './http/refuse-nul-in-url';
import { requireToken, type AuthEnv } from './http/require-token';
import { mediaOriginOf, securityHeaders } from './http/security-headers';
import { serverAnswerMark } from './http/server-answer-mark';
import { currentSession } from './auth/users';
import { authRoutes } from './routes/auth';
import { bolRoutes } from './routes/bol';
import { bolOfferRoutes } from './routes/bol-offers';
import { eanRoutes, eanSheetTooLarge, MAX_EAN_UPLOAD_BODY_BYTES } from './routes/ean';
import { feedRoutes } from './routes/feeds';
import { jobRoutes } from './routes/jobs';
import { createJobRunner } from './app-jobs';
import { feedFileTooLarge, MAX_FEED_UPLOAD_BODY_BYTES, supplierRoutes } from './routes/suppliers';
import { imageRoutes, imageTooLarge, MAX_IMAGE_UPLOAD_BODY_BYTES } from './routes/images';
import { orderRoutes } from './routes/orders';
import { processReportRoutes } from './routes/process-reports';
import { productRoutes } from './routes/products';
import { reportRoutes } from './routes/reports';
import { userRoutes } from './routes/users';
import { demoFileRoutes, mediaFileRoutes } from './routes/public-files';

export type { AppDeps } from './app-deps';

/**
 * The body limit of every path (docs/security.md, "Limits"); every other path: JSON_BODY_LIMIT_BYTES.
 * The uploads keep their own limits and messages.
 */
export const BODY_LIMITS: readonly BodyLimitRule[] = [
  { path: '/auth/', maxBytes: LOGIN_BODY_LIMIT_BYTES },
  { path: '/api/v1/media/save/image', maxBytes: MAX_IMAGE_UPLOAD_BODY_BYTES, sentence: imageTooLarge().sentence, streamed: true },
  { path: '/api/v1/ean', maxBytes: MAX_EAN_UPLOAD_BODY_BYTES, sentence: eanSheetTooLarge().sentence },
  // A Bol model may carry up to 500 attributes with long values (src/shared/bol-contract.ts).
  { path: '/api/v1/bol/data/model/product', maxBytes: 8 * JSON_BODY_LIMIT_BYTES },
  // A feed file from the tablet (docs/feeds.md, "Feed sources").
  { path: '/api/v1/suppliers/feed-file/', maxBytes: MAX_FEED_UPLOAD_BODY_BYTES, sentence: feedFileTooLarge().sentence, streamed: true },
  { path: '/api/v1/suppliers/test-feed', maxBytes: MAX_FEED_UPLOAD_BODY_BYTES, sentence: feedFileTooLarge().sentence, streamed: true },
];

export function createApp(deps: AppDeps) {
  const app = new Hono();
  app.onError(errorResponse);
  // First: every request counts while it runs, and none starts while the server drains (SIGTERM).
  if (deps.lifecycle) app.use('*', deps.lifecycle.track());
  app.use('*', serverAnswerMark());
  app.use('*', securityHeaders({ mediaOrigin: mediaOriginOf(deps.media.publicUrl) }));
  // Before anything reads a body or checks a token.
  app.use('*', requestBodyLimits(BODY_LIMITS));
  app.use('*', refuseNulInUrl());
  app.use('*', compress());

  deps.health ??= new ServerHealth({ db: deps.db, dataDir: null, importMinFreeBytes: 0 });
  const health = deps.health;
  app.get('/healthz', async (c) => {
    const { status, body } = await health.check();
    c.header('Cache-Control', 'no-store');
    return c.json(body, status);
  });
  // Live: the process answers (restart it when not). Ready: send it requests (not while draining or without its database).
  app.get('/healthz/live', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' });
  });
  app.get('/healthz/ready', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (deps.lifecycle?.isDraining) return c.json({ status: 'shutting down' }, 503);
    const { status, body } = await health.check();
    return c.json(body, status);
  });

  app.route('/auth', authRoutes(deps));

  deps.jobs ??= createJobRunner(deps);
  const api = new Hono<AuthEnv>();
  api.use('*', requireToken({ verify: (token) => deps.tokens.verify(token), session: (userId) => currentSession(deps.db, userId) }));
  api.route('/v1', feedRoutes(deps));
  api.route('/v1', jobRoutes(deps, deps.jobs));
  api.route('/v1', supplierRoutes(deps));
  api.route('/v1', productRoutes(deps));
  api.route('/v1', imageRoutes(deps));
  api.route('/v1', eanRoutes(deps));
  api.route('/v1', bolRoutes(deps));
  api.route('/v1', bolOfferRoutes(deps));
  api.route('/v1', orderRoutes(deps));
  api.route('/v1', processReportRoutes(deps));
  api.route('/v1', reportRoutes(deps));
  api.route('/v1', userRoutes(deps));
  api.all('*', (c) => {
    throw new ApiError(404, `No such call: ${c.req.method} ${c.req.path}`);
  });
  app.route('/api', api);

  app.route('/', mediaFileRoutes(deps));
  app.route('/', demoFileRoutes());
  if (deps.staticDir) app.route('/', pwaStaticRoutes(deps.staticDir));
  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  return app;
}
