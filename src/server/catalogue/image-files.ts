/**
 * Answers for GET /media/<2 hex>/<sha256>.<ext>: stored image files, served without a token (an
 * <img> cannot send one; the names are content hashes, so they are unguessable and never change).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { MediaStore } from '../media/media-store';

export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

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
 * The stored file at this request path, or 404 for anything else: MediaStore.diskPath accepts only
 * its own /media/<2 hex>/<64 hex>.<ext> shape, so no other file on disk can be reached.
 */
export async function mediaFileResponse(
  media: MediaStore,
  requestPath: string,
  ifNoneMatch: string | undefined,
  method: string,
): Promise<Response> {
  const diskPath = media.diskPath(requestPath);
  const contentType = MediaStore.contentTypeOf(requestPath);
  if (!diskPath || !contentType) return notFound();
  const size = await stat(diskPath).then(
    (info) => (info.isFile() ? info.size : null),
    () => null,
  );
  if (size === null) return notFound();

  // The name is the SHA-256 of the content: a strong validator for free.
  const sha256 = requestPath.slice(requestPath.lastIndexOf('/') + 1, requestPath.lastIndexOf('.'));
  const etag = `"${sha256}"`;
  const headers = {
    'Cache-Control': MEDIA_CACHE_CONTROL,
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
  };
  if (etagMatches(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  const fullHeaders = { ...headers, 'Content-Type': contentType, 'Content-Length': String(size) };
  if (method === 'HEAD') return new Response(null, { status: 200, headers: fullHeaders });
  const body = Readable.toWeb(createReadStream(diskPath)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers: fullHeaders });
}
