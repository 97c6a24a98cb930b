/**
 * The feed file uploaded from the tablet, kept in the database so every server process sharing it
 * can read the file (docs/feeds.md, "Feed sources"; docs/security.md, "Feed files and Test feed").
 * An upload is written while it arrives, ~1 MB per row of supplier_feed_file_chunks under a new
 * upload id, never as one value; once it is complete, one transaction points the supplier's
 * supplier_feed_files row at it and deletes the chunks of the file it replaces. An upload that
 * fails or is aborted deletes its chunks; one whose process died is swept by a later upload.
 * Reading (imports, Test feed) streams the chunks one at a time.
 */
import { serverSentence } from '../../shared/server-messages';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { yieldToEventLoop } from '../db/event-loop-yield';
import { supplierFeedFileChunks, supplierFeedFiles, suppliers } from '../db/schema';
import { sqlStateOf } from '../lib/caught-errors';
import { ApiError } from '../http/errors';
import { DownloadError } from './outbound';

/** Bytes per stored chunk: one row, one statement, one message to the parse worker. */
export const FEED_FILE_CHUNK_BYTES = 1024 * 1024;

/*
 * Chunks go in and out as base64 text, decoded and encoded by the database: PGlite turns a bytea
 * parameter or value into hex one byte at a time in JavaScript, on the main thread (measured: ~420 ms
 * to write and ~110 ms to read 1 MB; as base64 ~40 and ~15 ms). PostgreSQL takes the same SQL.
 */
const chunkBytes = (bytes: Buffer) => sql`decode(${bytes.toString('base64')}, 'base64')`;
/** Chunks of an upload that never finished are swept once its newest chunk is this old. */
export const ABANDONED_UPLOAD_AFTER_MS = 60 * 60_000;

export interface StoredUpload {
  uploadId: string;
  supplierId: number;
  size: number;
  chunks: number;
}

const noSupplier = (supplierId: number) => ApiError.saying(404, serverSentence('supplierMissing', supplierId));

export async function ensureSupplierExists(db: Database, supplierId: number): Promise<void> {
  const [row] = await db.select({ id: suppliers.supplierId }).from(suppliers).where(eq(suppliers.supplierId, supplierId));
  if (!row) throw noSupplier(supplierId);
}

/**
 * Writes the file's bytes as they arrive into chunks of a new upload, each insert awaited before
 * more is read (so memory holds about one chunk). Over `maxBytes` it stops with `tooLarge()`. On any
 * failure (too large, the client went away, the supplier was deleted meanwhile) it deletes the
 * chunks it wrote before it rethrows.
 */
export async function writeFeedFileUpload(
  db: Database,
  supplierId: number,
  file: ReadableStream<Uint8Array>,
  limits: { maxBytes: number; tooLarge: () => Error },
): Promise<StoredUpload> {
  const upload: StoredUpload = { uploadId: randomUUID(), supplierId, size: 0, chunks: 0 };
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async (bytes: Buffer) => {
    await db.insert(supplierFeedFileChunks).values({ uploadId: upload.uploadId, seq: upload.chunks, supplierId, bytes: chunkBytes(bytes) });
    upload.chunks += 1;
    // The next chunk may be buffered already: let waiting requests in first (event-loop-yield.ts).
    await yieldToEventLoop();
  };
  const reader = file.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      upload.size += value.byteLength;
      if (upload.size > limits.maxBytes) throw limits.tooLarge();
      pending.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
      pendingBytes += value.byteLength;
      while (pendingBytes >= FEED_FILE_CHUNK_BYTES) {
        const joined = Buffer.concat(pending, pendingBytes);
        await flush(joined.subarray(0, FEED_FILE_CHUNK_BYTES));
        const rest = joined.subarray(FEED_FILE_CHUNK_BYTES);
        pending = rest.length > 0 ? [rest] : [];
        pendingBytes = rest.length;
      }
    }
    if (pendingBytes > 0 || upload.chunks === 0) await flush(Buffer.concat(pending, pendingBytes));
    return upload;
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    await discardFeedFileUpload(db, upload.uploadId);
    // The supplier was deleted while its file arrived (the chunks' foreign key).
    if (sqlStateOf(error) === '23503') throw noSupplier(supplierId);
    throw error;
  }
}

/** Deletes an upload's chunks (one that failed, or was never swapped in). */
export async function discardFeedFileUpload(db: Database, uploadId: string): Promise<void> {
  await db.delete(supplierFeedFileChunks).where(eq(supplierFeedFileChunks.uploadId, uploadId));
}

/**
 * Makes a complete upload the supplier's feed file, in one transaction: the supplier row is locked,
 * the upload's chunks are counted (all there, or nothing changes), supplier_feed_files names the
 * new upload, the replaced file's chunks are deleted and the supplier's version goes up. Readers
 * of the replaced file that are still running find its chunks gone and stop with a message.
 */
export async function swapInFeedFile(db: Database, upload: StoredUpload, fileName: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [supplier] = await tx.select({ id: suppliers.supplierId }).from(suppliers).where(eq(suppliers.supplierId, upload.supplierId)).for('update');
    if (!supplier) throw noSupplier(upload.supplierId);
    const [stored] = await tx
      .select({ chunks: sql<number>`count(*)::int` })
      .from(supplierFeedFileChunks)
      .where(eq(supplierFeedFileChunks.uploadId, upload.uploadId));
    if ((stored?.chunks ?? 0) !== upload.chunks) throw new Error(`the upload ${upload.uploadId} has ${stored?.chunks ?? 0} of its ${upload.chunks} chunks`);
    const [previous] = await tx.select({ uploadId: supplierFeedFiles.uploadId }).from(supplierFeedFiles).where(eq(supplierFeedFiles.supplierId, upload.supplierId));
    const file = { fileName, uploadId: upload.uploadId, size: upload.size, uploadedAt: now };
    await tx
      .insert(supplierFeedFiles)
      .values({ supplierId: upload.supplierId, ...file })
      .onConflictDoUpdate({ target: supplierFeedFiles.supplierId, set: file });
    if (previous) await tx.delete(supplierFeedFileChunks).where(eq(supplierFeedFileChunks.uploadId, previous.uploadId));
    await tx.update(suppliers).set({ version: sql`${suppliers.version} + 1` }).where(eq(suppliers.supplierId, upload.supplierId));
  });
}

/**
 * Deletes the chunks of uploads that were never swapped in and whose newest chunk is older than
 * ABANDONED_UPLOAD_AFTER_MS: their process died while they arrived. An upload still arriving (in
 * this or another process) writes a chunk every few seconds and is never that old.
 */
export async function sweepAbandonedUploads(db: Database): Promise<void> {
  // The database's clock, which every process shares.
  await db.execute(sql`
    DELETE FROM ${supplierFeedFileChunks} WHERE ${supplierFeedFileChunks.uploadId} IN (
      SELECT c.upload_id FROM ${supplierFeedFileChunks} c
      WHERE NOT EXISTS (SELECT 1 FROM ${supplierFeedFiles} f WHERE f.upload_id = c.upload_id)
      GROUP BY c.upload_id HAVING max(c.written_at) < now() - ${ABANDONED_UPLOAD_AFTER_MS} * interval '1 millisecond')`);
}

/** The supplier's stored feed file (name, size, upload), or null when none was uploaded. */
export async function storedFeedFile(db: Database, supplierId: number): Promise<{ name: string; size: number; uploadId: string } | null> {
  const [row] = await db
    .select({ name: supplierFeedFiles.fileName, size: supplierFeedFiles.size, uploadId: supplierFeedFiles.uploadId })
    .from(supplierFeedFiles)
    .where(eq(supplierFeedFiles.supplierId, supplierId));
  return row ?? null;
}

/**
 * The stored file's bytes as a stream that reads one chunk per pull (one row at a time in memory).
 * A chunk that is gone (the file was replaced meanwhile) or a file shorter than its size ends the
 * stream with a DownloadError.
 */
export function feedFileStream(db: Database, file: { uploadId: string; size: number }): ReadableStream<Uint8Array> {
  let seq = 0;
  let read = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (read >= file.size) {
          controller.close();
          return;
        }
        const [row] = await db
          .select({ base64: sql<string>`encode(${supplierFeedFileChunks.bytes}, 'base64')` })
          .from(supplierFeedFileChunks)
          .where(and(eq(supplierFeedFileChunks.uploadId, file.uploadId), eq(supplierFeedFileChunks.seq, seq)));
        // PostgreSQL breaks base64 into lines; Buffer.from skips the line breaks.
        const bytes = row ? Buffer.from(row.base64, 'base64') : null;
        if (!bytes || bytes.length === 0) {
          controller.error(new DownloadError('the uploaded feed file was replaced while it was read; run it again'));
          return;
        }
        seq += 1;
        read += bytes.length;
        controller.enqueue(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      },
    },
    { highWaterMark: 0 },
  );
}
