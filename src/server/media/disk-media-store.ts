/**
 * The default media store: files in DATA_DIR/media, `<mediaDir>/ab/abcdef….png` for
 * `/media/ab/abcdef….png`. Written to a temporary name and renamed, so a reader never sees half a file.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import type { Database } from '../db/connection';
import type { TakenImage } from './image-intake';
import { ContentAddressedStore } from './content-addressed-store';
import { isMediaPath, type StoredFile } from './media-store';

/** Where streamed uploads wait while they are checked: inside the media folder, so the final rename stays on one file system. */
const SPOOL_FOLDER = '.incoming';

export class DiskMediaStore extends ContentAddressedStore {
  readonly kind = 'disk' as const;
  readonly publicUrl = null;

  constructor(
    db: Database | null,
    readonly mediaDir: string,
  ) {
    super(db, path.join(mediaDir, SPOOL_FOLDER));
  }

  /** Where a /media path lives on disk, or null when the path is not one of ours (no traversal). */
  diskPath(filePath: string): string | null {
    if (!isMediaPath(filePath)) return null;
    return path.join(this.mediaDir, filePath.slice('/media/'.length));
  }

  async sizeOf(filePath: string): Promise<number | null> {
    const target = this.diskPath(filePath);
    if (!target) return null;
    return stat(target).then(
      (info) => (info.isFile() ? info.size : null),
      () => null,
    );
  }

  async read(filePath: string): Promise<ReadableStream<Uint8Array> | null> {
    const target = this.diskPath(filePath);
    if (!target || (await this.sizeOf(filePath)) === null) return null;
    return Readable.toWeb(createReadStream(target)) as ReadableStream<Uint8Array>;
  }

  protected async putTaken(filePath: string, taken: TakenImage): Promise<void> {
    const target = this.target(filePath);
    if (taken.content.kind === 'file') {
      await rename(taken.content.path, target);
      return;
    }
    const temporary = this.temporaryFor(target);
    writeFileSync(temporary, taken.content.bytes);
    await rename(temporary, target);
  }

  async put(filePath: string, body: ReadableStream<Uint8Array>, bytes: number): Promise<void> {
    const target = this.target(filePath);
    const temporary = this.temporaryFor(target);
    try {
      await pipeline(Readable.fromWeb(body as NodeWebReadableStream<Uint8Array>), createWriteStream(temporary) as Writable);
      const written = (await stat(temporary)).size;
      if (written !== bytes) throw new Error(`${filePath}: wrote ${written} bytes, expected ${bytes}`);
      await rename(temporary, target);
    } finally {
      await rm(temporary, { force: true });
    }
  }

  async *list(): AsyncIterable<StoredFile> {
    const folders = await readdir(this.mediaDir, { withFileTypes: true }).catch(() => []);
    for (const folder of folders) {
      if (!folder.isDirectory() || !/^[0-9a-f]{2}$/.test(folder.name)) continue;
      for (const name of await readdir(path.join(this.mediaDir, folder.name))) {
        const filePath = `/media/${folder.name}/${name}`;
        const bytes = isMediaPath(filePath) ? await this.sizeOf(filePath) : null;
        if (bytes !== null) yield { filePath, bytes };
      }
    }
  }

  publicUrlOf(): string | null {
    return null;
  }

  private target(filePath: string): string {
    const target = this.diskPath(filePath);
    if (!target) throw new Error(`'${filePath}' is not a media path`);
    mkdirSync(path.dirname(target), { recursive: true });
    return target;
  }

  private temporaryFor(target: string): string {
    return `${target}.${randomBytes(6).toString('hex')}.tmp`;
  }
}
