/** The data model in our database: loading a model file, the chunk list and a chunk's attributes. */
import { asc, count, eq } from 'drizzle-orm';
import type { BolChunk } from '../../../shared/bol-contract';
import type { Queryable } from '../../db/query-rows';
import type { Database } from '../../db/connection';
import { bolAttributes, bolChunks } from '../../db/schema';
import type { ParsedModelFile } from './model-file';

export type ChunkAttributeRow = typeof bolAttributes.$inferSelect;

/**
 * Replaces the whole data model with the file's, in one transaction. Products keep their chosen
 * chunk ids and saved values: a chunk that is gone simply has no attributes until chosen again.
 */
export async function loadModel(db: Database, model: ParsedModelFile): Promise<{ chunks: number; attributes: number }> {
  let attributes = 0;
  await db.transaction(async (tx) => {
    await tx.delete(bolAttributes);
    await tx.delete(bolChunks);
    await tx.insert(bolChunks).values(model.chunks.map((chunk, position) => ({ chunkId: chunk.chunkId, chunkName: chunk.chunkName, position })));
    const rows = model.chunks.flatMap((chunk) =>
      chunk.attributes.map((attribute, position) => ({
        chunkId: chunk.chunkId,
        attributeId: attribute.id,
        attributeName: attribute.name ?? attribute.id,
        required: attribute.required,
        description: attribute.description,
        valueList: attribute.valueList ?? null,
        unit: attribute.unit ?? null,
        prefill: attribute.prefill ?? null,
        position,
      })),
    );
    attributes = rows.length;
    // In slices: PostgreSQL allows at most 65,535 bound parameters per statement.
    for (let start = 0; start < rows.length; start += 2_000) await tx.insert(bolAttributes).values(rows.slice(start, start + 2_000));
  });
  return { chunks: model.chunks.length, attributes };
}

export async function hasModel(db: Queryable): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(bolChunks);
  return (row?.n ?? 0) > 0;
}

export async function listChunks(db: Queryable): Promise<BolChunk[]> {
  return db.select({ chunkId: bolChunks.chunkId, chunkName: bolChunks.chunkName }).from(bolChunks).orderBy(asc(bolChunks.position), asc(bolChunks.chunkId));
}

export async function findChunk(db: Queryable, chunkId: string): Promise<BolChunk | null> {
  const [row] = await db.select({ chunkId: bolChunks.chunkId, chunkName: bolChunks.chunkName }).from(bolChunks).where(eq(bolChunks.chunkId, chunkId));
  return row ?? null;
}

export async function chunkAttributes(db: Queryable, chunkId: string): Promise<ChunkAttributeRow[]> {
  return db.select().from(bolAttributes).where(eq(bolAttributes.chunkId, chunkId)).orderBy(asc(bolAttributes.position));
}
