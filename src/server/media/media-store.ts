/**
 * Stored image files (docs/media-store.md). An image is recognised by its content (magic bytes),
 * never by its name; files are named by their SHA-256 so the same bytes are stored once:
 * `/media/ab/abcdef….png`. Where the bytes live is the store's business: the local disk
 * (disk-media-store.ts, the default) or an S3-compatible object store (s3-media-store.ts).
 */

import type { TakenImage } from './image-intake';
import { serverMessages } from '../../shared/server-messages';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export interface ImageType {
  contentType: string;
  extension: string;
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

/** How many leading bytes sniffImageType needs to decide (fewer only when the file is shorter). */
export const SNIFF_BYTES = 32;

/**
 * The image type of these bytes, or null when they are not an image we accept. SVG is refused on
 * purpose: it can carry scripts.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: 'image/png', extension: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return { contentType: 'image/gif', extension: 'gif' };
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return { contentType: 'image/webp', extension: 'webp' };
  }
  if (startsWith(bytes, [0x42, 0x4d]) && bytes.length > 26) return { contentType: 'image/bmp', extension: 'bmp' };
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00])) return { contentType: 'image/x-icon', extension: 'ico' };
  return null;
}

export interface StoredImage {
  filePath: string;
  contentType: string;
  bytes: number;
  /** True when these exact bytes were stored before (no new file written). */
  reused: boolean;
}

export class NotAnImageError extends Error {
  constructor() {
    super(serverMessages.notAnImage);
  }
}

export class ImageTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The image is larger than ${Math.round(limitBytes / 1024 / 1024)} MB`);
  }
}

const FILE_PATH_PATTERN = /^\/media\/([0-9a-f]{2})\/([0-9a-f]{64})\.(png|jpg|gif|webp|bmp|ico)$/;

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
};

/** True for our own /media/<2 hex>/<64 hex>.<ext> paths only: nothing else can be read or written. */
export const isMediaPath = (filePath: string): boolean => FILE_PATH_PATTERN.test(filePath);

/** The content type a stored file is served with, or null when the path is not one of ours. */
export function mediaContentTypeOf(filePath: string): string | null {
  const extension = FILE_PATH_PATTERN.exec(filePath)?.[3];
  return extension ? (CONTENT_TYPES[extension] ?? null) : null;
}

/** The path of these bytes: /media/<first 2 of the SHA-256>/<SHA-256>.<ext>. */
export const mediaPathOf = (sha256: string, type: ImageType) => `/media/${sha256.slice(0, 2)}/${sha256}.${type.extension}`;

/** An image to store: bytes already in memory, or a stream read once. */
export type ImageSource = Uint8Array | ReadableStream<Uint8Array>;

/** One stored file, as listed by a store. */
export interface StoredFile {
  filePath: string;
  bytes: number;
}

/** What a store does with bytes; every path given is checked with isMediaPath first. */
export interface MediaStore {
  readonly kind: 'disk' | 's3';
  /** MEDIA_PUBLIC_URL: the object store serves its files itself under this address; null: this server serves them. */
  readonly publicUrl: string | null;
  /**
   * Checks and stores an image (at most MAX_IMAGE_BYTES, sniffed by content). A stream is read
   * once, never held whole in memory; bytes already stored are not written again.
   */
  storeImage(source: ImageSource): Promise<StoredImage>;
  /**
   * storeImage in two steps, for an upload that needs the image's SHA-256 before it decides to
   * store it (the Idempotency-Key fingerprint): takeIn checks, hashes and spools the bytes as they
   * arrive (nothing is stored yet; refused bytes leave nothing behind), storeTaken puts them under
   * their content address. The caller discards the taken image afterwards, stored or not.
   */
  takeIn(source: ImageSource): Promise<TakenImage>;
  storeTaken(taken: TakenImage): Promise<StoredImage>;
  /** Removes temporary upload files older than `olderThanMs` (left by a killed process); answers how many. */
  removeStaleSpool(olderThanMs?: number, now?: number): Promise<number>;
  /** The size of a stored file, or null when it is not there (or not one of our paths). */
  sizeOf(filePath: string): Promise<number | null>;
  /** The bytes of a stored file, or null when it is not there. */
  read(filePath: string): Promise<ReadableStream<Uint8Array> | null>;
  /** Writes a file under its path (media:move); readers never see half a file. */
  put(filePath: string, body: ReadableStream<Uint8Array>, bytes: number): Promise<void>;
  /** Every stored file. */
  list(): AsyncIterable<StoredFile>;
  /** Where browsers and bol fetch this file when the store serves it itself (MEDIA_PUBLIC_URL), else null. */
  publicUrlOf(filePath: string): string | null;
}
