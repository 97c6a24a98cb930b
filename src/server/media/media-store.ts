/**
 * Stored image files. An image is recognised by its content (magic bytes), never by its name;
 * files are named by their SHA-256 so the same bytes are stored once:
 * `<mediaDir>/ab/abcdef….png`, served as `/media/ab/abcdef….png`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { mediaFiles } from '../db/schema';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export interface ImageType {
  contentType: string;
  extension: string;
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

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
    super('The file is not an image (PNG, JPEG, GIF, WebP, BMP or ICO)');
  }
}

export class ImageTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The image is larger than ${Math.round(limitBytes / 1024 / 1024)} MB`);
  }
}

const FILE_PATH_PATTERN = /^\/media\/([0-9a-f]{2})\/([0-9a-f]{64})\.(png|jpg|gif|webp|bmp|ico)$/;

export class MediaStore {
  constructor(
    private readonly db: Database,
    readonly mediaDir: string,
  ) {}

  async storeImage(bytes: Uint8Array): Promise<StoredImage> {
    if (bytes.length > MAX_IMAGE_BYTES) throw new ImageTooLargeError(MAX_IMAGE_BYTES);
    const type = sniffImageType(bytes);
    if (!type) throw new NotAnImageError();
    const sha256 = createHash('sha256').update(bytes).digest('hex');

    const existing = await this.db.select().from(mediaFiles).where(eq(mediaFiles.sha256, sha256)).limit(1);
    const known = existing[0];
    if (known && this.diskPath(known.filePath) && existsSync(this.diskPath(known.filePath) ?? '')) {
      return { filePath: known.filePath, contentType: known.contentType, bytes: known.bytes, reused: true };
    }

    const filePath = `/media/${sha256.slice(0, 2)}/${sha256}.${type.extension}`;
    const target = this.diskPath(filePath);
    if (!target) throw new Error('unreachable: generated media path does not match its own pattern');
    mkdirSync(path.dirname(target), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, target);
    await this.db
      .insert(mediaFiles)
      .values({ filePath, sha256, contentType: type.contentType, bytes: bytes.length })
      .onConflictDoNothing();
    return { filePath, contentType: type.contentType, bytes: bytes.length, reused: false };
  }

  /** Where a /media path lives on disk, or null when the path is not one of ours (no traversal). */
  diskPath(filePath: string): string | null {
    const match = FILE_PATH_PATTERN.exec(filePath);
    if (!match) return null;
    return path.join(this.mediaDir, match[1] ?? '', `${match[2]}.${match[3]}`);
  }

  static contentTypeOf(filePath: string): string | null {
    const extension = FILE_PATH_PATTERN.exec(filePath)?.[3];
    const types: Record<string, string> = {
      png: 'image/png',
      jpg: 'image/jpeg',
      gif: 'image/gif',
      webp: 'image/webp',
      bmp: 'image/bmp',
      ico: 'image/x-icon',
    };
    return extension ? (types[extension] ?? null) : null;
  }
}
