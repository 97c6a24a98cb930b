/** How long browsers and proxies keep a stored file: its name is its content hash, so it never changes. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
