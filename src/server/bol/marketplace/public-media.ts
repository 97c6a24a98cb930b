/**
 * Images bol can fetch (docs/bol.md, "Images bol can fetch"): bol downloads every asset URL of a
 * content upload from the internet, so our own stored images must be sent under the server's
 * public address (PUBLIC_BASE_URL), never as http://127.0.0.1:… . Supplier image URLs are sent as
 * they are.
 */
import type { BolCreateProductContent } from '../client/bol-wire';
import type { BolDeps } from '../bol-deps';

/** The message that refuses a content upload to the real bol when no public address is set. */
export const PUBLIC_BASE_URL_MISSING =
  'Creating content on bol needs images bol can download from the internet: set PUBLIC_BASE_URL to the public address of this server (for example https://backoffice.example.com) and start the server again';

/** The object store's public address of a stored file (MEDIA_PUBLIC_URL, docs/media-store.md), or null. */
export type MediaPublicUrl = (filePath: string) => string | null;

/**
 * An asset URL on this server's own origin, moved to the object store's public address when the
 * media store has one, else to the public base URL (which may have a path).
 */
export function publicUrlOf(url: string, selfOrigin: string, publicBaseUrl: string | null, mediaPublicUrl: MediaPublicUrl = () => null): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.origin !== new URL(selfOrigin).origin) return url;
  const inStore = parsed.search === '' ? mediaPublicUrl(parsed.pathname) : null;
  if (inStore) return inStore;
  if (!publicBaseUrl) return url;
  return `${publicBaseUrl.replace(/\/+$/, '')}${parsed.pathname}${parsed.search}`;
}

/** The request with its asset URLs as bol will download them. */
export function withPublicAssetUrls(
  request: BolCreateProductContent,
  selfOrigin: string,
  publicBaseUrl: string | null,
  mediaPublicUrl?: MediaPublicUrl,
): BolCreateProductContent {
  if (!request.assets) return request;
  return { ...request, assets: request.assets.map((asset) => ({ ...asset, url: publicUrlOf(asset.url, selfOrigin, publicBaseUrl, mediaPublicUrl) })) };
}

/**
 * Why content cannot be created at all with this bol connection, or null: real bol needs a public
 * address, PUBLIC_BASE_URL or the object store's MEDIA_PUBLIC_URL.
 */
export function contentCreationRefusal(bol: Pick<BolDeps, 'target' | 'publicBaseUrl'>, mediaIsPublic = false): string | null {
  return bol.target === 'bol' && !bol.publicBaseUrl && !mediaIsPublic ? PUBLIC_BASE_URL_MISSING : null;
}
