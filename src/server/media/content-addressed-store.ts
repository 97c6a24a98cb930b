/** What both media stores share (docs/media-store.md): intake, dedup by the object's presence, the media_files row. */
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
    if (!this.db) throw new Error('This media store was opened without a database and cannot take new images');
    const db = this.db;
    const taken = await takeImage(source, this.spoolDir);
    try {
      const filePath = mediaPathOf(taken.sha256, taken.type);
      const existing = await this.sizeOf(filePath);
      const reused = existing === taken.bytes;
      if (!reused) await this.putTaken(filePath, taken);
      await db
        .insert(mediaFiles)
        .values({ filePath, sha256: taken.sha256, contentType: taken.type.contentType, bytes: taken.bytes })
        .onConflictDoNothing();
      return { filePath, contentType: taken.type.contentType, bytes: taken.bytes, reused };
    } finally {
      await taken.discard();
    }
  }

  protected abstract putTaken(filePath: string, taken: TakenImage): Promise<void>;
  abstract sizeOf(filePath: string): Promise<number | null>;
  abstract read(filePath: string): Promise<ReadableStream<Uint8Array> | null>;
  abstract put(filePath: string, body: ReadableStream<Uint8Array>, bytes: number): Promise<void>;
  abstract list(): AsyncIterable<StoredFile>;
  abstract publicUrlOf(filePath: string): string | null;
}
