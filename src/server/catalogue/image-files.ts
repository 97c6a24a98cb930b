/**
 * Answers for GET /media/<2 hex>/<sha256>.<ext>: stored image files, served without a token (an
 * <img> cannot send one; the names are content hashes, so they are unguessable and never change).
 */
import { MEDIA_CACHE_CONTROL } from '../media/media-cache';
import { mediaContentTypeOf, type MediaStore } from '../media/media-store';


const notFound = () =>
  new Response(JSON.stringify({ message: 'Not found' }), {
    status: 404,
    headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store' },
  });

/** True when an If-None-Match header names this ETag (or is '*'). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * The stored file at this request path, or 404 for anything else: the stores accept only their own
 * /media/<2 hex>/<64 hex>.<ext> shape, so no other file can be reached. With MEDIA_PUBLIC_URL the
 * answer is a redirect to the object store's public address (docs/media-store.md).
 */
export async function mediaFileResponse(
  media: MediaStore,
  requestPath: string,
  ifNoneMatch: string | undefined,
  method: string,
): Promise<Response> {
  const contentType = mediaContentTypeOf(requestPath);
  if (!contentType) return notFound();
  const publicUrl = media.publicUrlOf(requestPath);
  // The address may change with the settings; the content behind it never does.
  if (publicUrl) return new Response(null, { status: 302, headers: { Location: publicUrl, 'Cache-Control': 'public, max-age=3600' } });

  // The name is the SHA-256 of the content: a strong validator for free.
  const sha256 = requestPath.slice(requestPath.lastIndexOf('/') + 1, requestPath.lastIndexOf('.'));
  const etag = `"${sha256}"`;
  const headers = {
    'Cache-Control': MEDIA_CACHE_CONTROL,
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
  };
  const size = await media.sizeOf(requestPath);
  if (size === null) return notFound();
  if (etagMatches(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  const fullHeaders = { ...headers, 'Content-Type': contentType, 'Content-Length': String(size) };
  if (method === 'HEAD') return new Response(null, { status: 200, headers: fullHeaders });
  const body = await media.read(requestPath);
  if (!body) return notFound();
  return new Response(body, { status: 200, headers: fullHeaders });
}
