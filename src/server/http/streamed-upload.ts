/**
 * An upload of one file in one multipart field, read as a stream (the image upload; docs/media-store.md,
 * "Streamed uploads"): the body is parsed as it arrives (busboy), the file's bytes go straight to
 * the caller's `take` (which checks, hashes and spools them), and nothing holds the whole file in
 * memory. The body limit counts while the body streams (streamedBodyLimit) instead of buffering
 * it. The answers are those of single-file-upload.ts: the same messages for a missing field, two
 * files, an empty file or a body that is not multipart.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import type { Context, MiddlewareHandler } from 'hono';
import { serverSentence } from '../../shared/server-messages';
import { ApiError } from './errors';
import type { SingleFileUpload } from './single-file-upload';

/** The request body passed its limit while it streamed in. */
export class BodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The request body is larger than ${limitBytes} bytes`);
  }
}

/** A refusal that also closes the connection: the rest of the body is not read. */
function closing(error: ApiError): ApiError {
  return new ApiError(error.status, error.message, { ...error.headers, Connection: 'close' }, error.sentence);
}

/**
 * Refuses a body over `maxBytes`: at once when its Content-Length says so (nothing is read), else
 * while it streams in (the reader gets a BodyTooLargeError, which receiveSingleFile answers with
 * `tooLarge`). Unlike hono's bodyLimit, a body without Content-Length is never buffered.
 */
export function streamedBodyLimit(maxBytes: number, tooLarge: () => ApiError): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const declared = c.req.raw.headers.get('content-length');
    if (declared !== null && !c.req.raw.headers.has('transfer-encoding')) {
      // The HTTP parser never hands on more than the declared length.
      if (Number(declared) > maxBytes) throw closing(tooLarge());
      return next();
    }
    let size = 0;
    const counted = body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          size += chunk.byteLength;
          if (size > maxBytes) controller.error(new BodyTooLargeError(maxBytes));
          else controller.enqueue(chunk);
        },
      }),
    );
    c.req.raw = new Request(c.req.raw, { body: counted, duplex: 'half' } as RequestInit);
    return next();
  };
}

/** The file's bytes as they arrive; the caller must read them to the end or cancel. */
export type FileStream = ReadableStream<Uint8Array>;

/**
 * Reads the multipart body to its end and hands the file of `upload.field` to `take` while it
 * arrives. Resolves with what `take` made once the whole body is read and well-formed. When the
 * field is missing, holds more than one file, the file is empty, the body is malformed or too
 * large, or `take` refuses the bytes: throws the ApiError to answer, after `discard` (or, when
 * `take` failed, `take`'s own clean-up) removed whatever was taken. Errors of `take` that are not
 * ApiErrors go through `takeError`, which turns the ones it knows into ApiErrors. Text fields are
 * handed to `onField` as they arrive: those sent before the file are known when `take` starts.
 */
export async function receiveSingleFile<T>(
  c: Context,
  upload: SingleFileUpload,
  take: (file: FileStream, info: { filename: string }) => Promise<T>,
  discard: (taken: T) => Promise<void>,
  takeError: (error: unknown) => unknown = (error) => error,
  onField: (name: string, value: string) => void = () => {},
): Promise<T> {
  const contentType = c.req.header('Content-Type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw new ApiError(400, `Send ${upload.what} as multipart/form-data in the field '${upload.field}'`);
  }
  const unreadable = () => ApiError.saying(400, serverSentence('uploadUnreadable'));
  const body = c.req.raw.body;
  if (!body) throw unreadable();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // The file limit is enforced by `take` (its own message); one byte more tells it the file is too large.
      limits: { fileSize: upload.maxBytes + 1, files: 10, fields: 50, parts: 60, fieldSize: 64 * 1024, headerPairs: 50 },
    });
  } catch {
    throw unreadable(); // no boundary, or not multipart/form-data at all
  }
  const input = Readable.fromWeb(body as NodeWebReadableStream<Uint8Array>);

  let taking: Promise<T> | null = null;
  let current: Readable | null = null;
  let files = 0;
  let fileBytes = 0;
  const finished = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value) => onField(name, value));
    parser.on('file', (name, stream, info) => {
      if (name !== upload.field || files >= 1) {
        if (name === upload.field) files += 1;
        stream.resume(); // other fields' files, and a second file, are skipped (the second is refused below)
        return;
      }
      files += 1;
      current = stream;
      const counted = (Readable.toWeb(stream) as FileStream).pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            fileBytes += chunk.byteLength;
            controller.enqueue(chunk);
          },
        }),
      );
      taking = take(counted, { filename: info.filename ?? '' });
      // A refusal of `take` (not an image, too large) ends the upload at once: the rest is not read.
      taking.catch(reject);
    });
    parser.on('close', resolve);
    parser.on('error', () => reject(unreadable()));
    input.on('error', reject);
  });
  input.pipe(parser);

  const settle = async (error: unknown): Promise<never> => {
    input.unpipe(parser);
    input.destroy();
    // Ends `take`'s read with an error, so it removes what it spooled; then wait for that.
    (current as Readable | null)?.destroy(error instanceof Error ? error : new Error('upload ended'));
    const taken = await (taking as Promise<T> | null)?.catch(() => null);
    if (taken !== null && taken !== undefined) await discard(taken);
    // The request's body was left unread above, so every refusal from here closes the connection:
    // answered without `Connection: close`, a client could send its next request on a socket the
    // server is about to drop (a `/healthz` beside four refused Test feeds once met `write EPIPE`).
    if (error instanceof BodyTooLargeError) throw closing(upload.tooLarge());
    if (error instanceof ApiError) throw closing(error);
    const known = takeError(error);
    if (fileBytes === 0 && files === 1 && !(known instanceof ApiError && known.status === 413)) throw closing(ApiError.saying(400, serverSentence('fileEmpty')));
    if (known instanceof ApiError) throw closing(known);
    throw known;
  };

  try {
    await finished;
  } catch (error) {
    return settle(error);
  }
  if (files === 0 || !taking) return settle(new ApiError(400, `The field '${upload.field}' with ${upload.what} is missing`));
  if (files > 1) return settle(ApiError.saying(400, serverSentence('oneFilePerRequest')));
  let taken: T;
  try {
    taken = await (taking as Promise<T>);
  } catch (error) {
    return settle(error);
  }
  if (fileBytes === 0) {
    await discard(taken);
    throw ApiError.saying(400, serverSentence('fileEmpty'));
  }
  return taken;
}
