/**
 * How the service worker answers a product image (`/media/…`) and keeps it for offline use
 * (docs/offline.md "Product images"). Kept apart from the worker's script so the rule is tested
 * without a browser (tests/unit/kept-product-images.test.ts).
 *
 * An image the device has kept is answered from its cache, connection or not: a stored image
 * never changes (its name is its content's hash, docs/media-store.md). Otherwise it is fetched as
 * a readable (CORS) request, which the server answers itself (the disk store) or redirects to the
 * object store's public address (`MEDIA_PUBLIC_URL`); a readable answer is kept. An object store
 * that does not allow the app's origin refuses the readable request: the image is then fetched as
 * the page asked for it (an opaque answer the page can show but the worker cannot keep), and this
 * worker stops trying the readable request until it is started again.
 */

export interface KeptImageDeps {
  /** The kept answer for this address, if any. */
  match(url: string): Promise<Response | undefined>;
  /** Keeps a readable answer under this address. */
  keep(url: string, response: Response): Promise<void>;
  /** Notes that a kept answer was used (the cache drops the least recently used first). */
  used(url: string): Promise<void>;
  fetch(request: Request): Promise<Response>;
}

/** A readable answer worth keeping: a whole image, from this server or a store that allowed the app. */
export function isKeepable(response: Response): boolean {
  return response.status === 200 && (response.type === 'basic' || response.type === 'cors' || response.type === 'default');
}

/** The readable request for an image the page asked for: same address, CORS, no cookies sent elsewhere. */
function readableRequest(request: Request): Request {
  return new Request(request.url, { mode: 'cors', credentials: 'same-origin', redirect: 'follow' });
}

/**
 * The worker's answer to a product image request. `waitUntil` keeps the worker alive while an
 * answer is being kept after it has been given to the page.
 */
export function keptImageAnswer(deps: KeptImageDeps): (request: Request, waitUntil: (work: Promise<unknown>) => void) => Promise<Response> {
  let readableRefused = false;
  return async (request, waitUntil) => {
    const kept = await deps.match(request.url).catch(() => undefined);
    if (kept) {
      waitUntil(deps.used(request.url).catch(() => undefined));
      return kept;
    }
    if (readableRefused) return deps.fetch(request);
    let readable: Response;
    try {
      readable = await deps.fetch(readableRequest(request));
    } catch (readableError) {
      // No connection, or the store refused the app's origin: the page's own request tells which.
      let plain: Response;
      try {
        plain = await deps.fetch(request);
      } catch {
        throw readableError;
      }
      readableRefused = true;
      return plain;
    }
    if (isKeepable(readable)) waitUntil(deps.keep(request.url, readable.clone()).catch(() => undefined));
    return readable;
  };
}

/** The worker's cache of product images, as keepImage uses it. */
export interface ImageCache {
  put(url: string, response: Response): Promise<void>;
  /** Notes the image as just used and drops those past the cache's bounds. */
  touch(url: string): Promise<void>;
  /** Drops every kept image and what the bounds know of them. */
  dropAll(): Promise<void>;
}

/**
 * Keeps one image. A full device (QuotaExceededError) drops every kept image before the error is
 * passed on: the outbox's changes need the room more than pictures that can be fetched again.
 */
export async function keepImage(cache: ImageCache, url: string, response: Response): Promise<void> {
  try {
    await cache.put(url, response);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'QuotaExceededError') await cache.dropAll();
    throw error;
  }
  await cache.touch(url);
}
