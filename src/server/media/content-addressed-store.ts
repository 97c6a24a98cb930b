/** What both media stores share (docs/media-store.md): intake, dedup by the object's presence, the media_files row. */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/connection';
import { mediaFiles } from '../db/schema';
import { takeImage, type TakenImage } from './image-intake';
import { mediaPathOf, type ImageSource, type MediaStore, type StoredFile, type StoredImage } from './media-store';

export abstract class ContentAddressedStore implements MediaStore {
  abstract readonly kind: 'disk' | 's3';
  abstract readonly publicUrl: string | null;

  constructor(
    /** null: a store opened only to copy files (media:move), which cannot take new images. */
    protected readonly db: Database | null,
    /** Where streamed uploads are spooled while they are hashed and checked. */
    protected readonly spoolDir: string,
  ) {}

  async storeImage(source: ImageSource): Promise<StoredImage> {
    const taken = await this.takeIn(source);
    try {
      return await this.storeTaken(taken);
    } finally {
      await taken.discard();
    }
  }

  takeIn(source: ImageSource): Promise<TakenImage> {
    if (!this.db) throw new Error('This media store was opened without a database and cannot take new images');
    return takeImage(source, this.spoolDir);
  }

  async storeTaken(taken: TakenImage): Promise<StoredImage> {
    if (!this.db) throw new Error('This media store was opened without a database and cannot take new images');
    const filePath = mediaPathOf(taken.sha256, taken.type);
    const existing = await this.sizeOf(filePath);
    const reused = existing === taken.bytes;
    if (!reused) await this.putTaken(filePath, taken);
    await this.db
      .insert(mediaFiles)
      .values({ filePath, sha256: taken.sha256, contentType: taken.type.contentType, bytes: taken.bytes })
      .onConflictDoNothing();
    return { filePath, contentType: taken.type.contentType, bytes: taken.bytes, reused };
  }

  /**
   * Removes spooled uploads older than `olderThanMs` (a process killed in the middle of an upload
   * leaves its temporary file). Younger ones may belong to another process on this machine sharing
   * the folder. Answers how many were removed.
   */
  async removeStaleSpool(olderThanMs = 60 * 60_000, now = Date.now()): Promise<number> {
    const names = await readdir(this.spoolDir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      if (!/^incoming-[0-9a-f]+\.tmp$/.test(name)) continue;
      const file = path.join(this.spoolDir, name);
      const info = await stat(file).catch(() => null);
      if (info && now - info.mtimeMs > olderThanMs) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  protected abstract putTaken(filePath: string, taken: TakenImage): Promise<void>;
  abstract sizeOf(filePath: string): Promise<number | null>;
  abstract read(filePath: string): Promise<ReadableStream<Uint8Array> | null>;
  abstract put(filePath: string, body: ReadableStream<Uint8Array>, bytes: number): Promise<void>;
  abstract list(): AsyncIterable<StoredFile>;
  abstract publicUrlOf(filePath: string): string | null;
}
