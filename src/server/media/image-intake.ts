/**
 * Taking in an image for the media store: the size limit and the content sniff applied while the
 * bytes arrive, the SHA-256 that names the file computed on the way. A stream is spooled to a
 * temporary file (never held whole in memory) and refused as soon as it is too large or its first
 * bytes are not an image.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { ImageTooLargeError, MAX_IMAGE_BYTES, NotAnImageError, SNIFF_BYTES, sniffImageType, type ImageSource, type ImageType } from './media-store';

export interface TakenImage {
  sha256: string;
  type: ImageType;
  bytes: number;
  /** The content: in memory when it came as bytes, else the spooled temporary file. */
  content: { kind: 'bytes'; bytes: Uint8Array } | { kind: 'file'; path: string };
  /** Removes the temporary file, if one is left. */
  discard(): Promise<void>;
}

const nothingToDiscard = async () => undefined;

export async function takeImage(source: ImageSource, spoolDir: string, maxBytes = MAX_IMAGE_BYTES): Promise<TakenImage> {
  if (source instanceof Uint8Array) {
    if (source.length > maxBytes) throw new ImageTooLargeError(maxBytes);
    const type = sniffImageType(source);
    if (!type) throw new NotAnImageError();
    const sha256 = createHash('sha256').update(source).digest('hex');
    return { sha256, type, bytes: source.length, content: { kind: 'bytes', bytes: source }, discard: nothingToDiscard };
  }
  return spoolStream(source, spoolDir, maxBytes);
}

async function spoolStream(source: ReadableStream<Uint8Array>, spoolDir: string, maxBytes: number): Promise<TakenImage> {
  mkdirSync(spoolDir, { recursive: true });
  const file = path.join(spoolDir, `incoming-${randomBytes(8).toString('hex')}.tmp`);
  const discard = () => rm(file, { force: true });
  const out = createWriteStream(file);
  const hash = createHash('sha256');
  const reader = source.getReader();
  let head = new Uint8Array(0);
  let type: ImageType | null = null;
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new ImageTooLargeError(maxBytes);
      if (!type && head.length < SNIFF_BYTES) {
        head = Buffer.concat([head, value.subarray(0, SNIFF_BYTES - head.length)]);
        if (head.length >= SNIFF_BYTES) {
          type = sniffImageType(head);
          if (!type) throw new NotAnImageError();
        }
      }
      hash.update(value);
      if (!out.write(value)) await once(out, 'drain');
    }
    type ??= sniffImageType(head);
    if (!type) throw new NotAnImageError();
    out.end();
    await once(out, 'finish');
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    out.destroy();
    if (!out.closed) await once(out, 'close');
    await discard();
    throw error;
  }
  return { sha256: hash.digest('hex'), type, bytes: size, content: { kind: 'file', path: file }, discard };
}
