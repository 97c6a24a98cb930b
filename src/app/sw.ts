/// <reference lib="webworker" />
/**
 * The service worker: precaches the app shell and every lazy chunk, answers navigations with
 * index.html (except the API), and keeps product images in a bounded cache. API JSON is cached by
 * the app in IndexedDB, not here. A new version waits until the person chooses to reload.
 */
import { cacheNames, clientsClaim } from 'workbox-core';
import { CacheExpiration } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { warmDeviceDatabase } from './db/device-connection';
import { keepImage, keptImageAnswer, type ImageCache } from './lib/kept-product-images';

declare const self: ServiceWorkerGlobalScope;

/** Navigations the server answers itself, not with the app's page. */
const NOT_THE_APP = [/^\/api\//, /^\/auth\//, /^\/healthz/, /^\/media\//];

function isAppNavigation(url: URL): boolean {
  return url.origin === self.location.origin && !NOT_THE_APP.some((path) => path.test(url.pathname));
}

/**
 * A navigation to the app (answered with index.html below) warms the device database while the
 * page loads (db/device-connection.ts; docs/offline.md "Cold start on /products"). Registered
 * before Workbox's routes; it answers nothing itself.
 */
self.addEventListener('fetch', (event: FetchEvent) => {
  if (event.request.mode !== 'navigate' || !isAppNavigation(new URL(event.request.url))) return;
  event.waitUntil(warmDeviceDatabase().catch(() => false));
});

/**
 * The build's hashed files (/assets/*), answered straight from the precache (docs/offline.md,
 * "Cold start on /products"). Their URLs are their precache keys (a hash in the name, no revision
 * parameter), so one lookup in the cache opened once answers them; a miss (a file of another
 * build) goes to the network. Workbox's precache route, registered below, answered the same with
 * its strategy and plugin steps per request.
 */
const ASSET_PATH = /^\/assets\/[^/]+$/;
let precache: Promise<Cache> | null = null;
self.addEventListener('fetch', (event: FetchEvent) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !ASSET_PATH.test(url.pathname)) return;
  precache ??= caches.open(cacheNames.precache);
  event.respondWith(
    precache
      .then((cache) => cache.match(url.href))
      .then((cached) => cached ?? fetch(request)),
  );
});

/** InstallEvent.addRoutes (the Static Routing API, Chromium 123+), not in TypeScript's lib yet. */
interface RouterRule {
  condition: { urlPattern: string; requestMethod?: string };
  source: 'network' | 'cache' | 'fetch-event' | { cacheName: string };
}
type InstallEventWithRoutes = ExtendableEvent & { addRoutes?: (rules: RouterRule | RouterRule[]) => Promise<void> };

/**
 * Where the browser has the Static Routing API, the same hashed files are read from the precache
 * by the browser itself, without starting this worker's script or dispatching a fetch event per
 * file (docs/offline.md "Cold start on /products": an offline start asks for ~15 of them at once,
 * and each fetch event went through this worker's one thread). A miss goes to the network, as
 * above. Other browsers take the fetch handler above.
 */
self.addEventListener('install', (event: ExtendableEvent) => {
  const { addRoutes } = event as InstallEventWithRoutes;
  if (typeof addRoutes !== 'function') return;
  const route: RouterRule = { condition: { urlPattern: '/assets/*', requestMethod: 'GET' }, source: { cacheName: cacheNames.precache } };
  event.waitUntil(addRoutes.call(event, route).catch((error: unknown) => console.warn('[sw] static route not added; the fetch handler answers', error)));
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NOT_THE_APP }));

/**
 * Product images: kept in a bounded cache and answered from it, connection or not
 * (lib/kept-product-images.ts; docs/offline.md "Product images"). The least recently used go
 * first past 2,000 images or after 30 days unused; a full device drops the whole cache (the
 * outbox's changes matter more).
 */
const PRODUCT_IMAGES = 'product-images';
const imageExpiration = new CacheExpiration(PRODUCT_IMAGES, { maxEntries: 2_000, maxAgeSeconds: 30 * 24 * 60 * 60 });
const imageCache: ImageCache = {
  put: async (url, response) => (await caches.open(PRODUCT_IMAGES)).put(url, response),
  async touch(url) {
    await imageExpiration.updateTimestamp(url);
    await imageExpiration.expireEntries();
  },
  async dropAll() {
    await caches.delete(PRODUCT_IMAGES);
    await imageExpiration.delete();
  },
};
const answerImage = keptImageAnswer({
  match: (url) => caches.open(PRODUCT_IMAGES).then((cache) => cache.match(url)),
  keep: (url, response) => keepImage(imageCache, url, response),
  used: (url) => imageExpiration.updateTimestamp(url),
  fetch: (request) => fetch(request),
});
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/media/') && request.destination === 'image',
  ({ request, event }) => answerImage(request, (work) => (event as ExtendableEvent).waitUntil(work)),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first install takes control of open pages at once; later versions wait for the prompt.
clientsClaim();
