/**
 * Files served without a token: stored media (content-addressed, so unguessable and immutable;
 * an <img> cannot send a bearer token) and the demo supplier feeds and images.
 */
import { Hono } from 'hono';
import type { CatalogueDeps } from '../catalogue/catalogue-deps';
import { mediaFileResponse } from '../catalogue/image-files';
import { demoFiles } from '../demo/demo-file-routes';

/** Stored media: see src/server/catalogue/image-files.ts. */
export function mediaFileRoutes(deps: Pick<CatalogueDeps, 'media'>) {
  return new Hono().get('/media/*', (c) =>
    mediaFileResponse(deps.media, c.req.path, c.req.header('If-None-Match'), c.req.method),
  );
}

/** Demo supplier feeds and pictures: see src/server/demo/demo-file-routes.ts. */
export function demoFileRoutes() {
  return demoFiles();
}
