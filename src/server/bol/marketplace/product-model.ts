/**
 * A product's Bol category (chunk) and Bol model: reading it (saved values, the rest prefilled from
 * the product), assigning a chunk, and saving the model with validation and a version for If-Match.
 */
import { eq, sql } from 'drizzle-orm';
import type { BolAttribute, BolChunkAssignment, BolModel } from '../../../shared/bol-contract';
import type { Product } from '../../../shared/contract';
import { describeModelProblems } from '../../../shared/rules/bol-model-rules';
import { headerMatchesVersion } from '../../catalogue/product-etag';
import { loadProduct, type Queryable } from '../../catalogue/product-read-model';
import { recordHistory } from '../../catalogue/product-history';
import { sanitizeDescription } from '../../catalogue/sanitize-description';
import type { Database } from '../../db/connection';
import { bolProductModels, suppliers } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { BolClient } from '../client/bol-client';
import { BolApiError } from '../client/bol-errors';
import { buildAttributeData, buildMediaData } from '../model/model-prefill';
import { chunkAttributes, findChunk, listChunks } from '../model/model-store';

type ModelRow = typeof bolProductModels.$inferSelect;

/** Fields of BolModel we own; everything else the client sends is kept in `extra` and passed back. */
const OWN_FIELDS = new Set(['productId', 'chunkId', 'chunkName', 'attributeData', 'mediaData', 'version']);

export async function requireProduct(db: Queryable, productId: number): Promise<Product> {
  const product = await loadProduct(db, productId);
  if (!product) throw new ApiError(404, `Product ${productId} does not exist`);
  return product;
}

async function modelRow(db: Queryable, productId: number): Promise<ModelRow | null> {
  const [row] = await db.select().from(bolProductModels).where(eq(bolProductModels.productId, productId));
  return row ?? null;
}

async function sizesAreUs(db: Queryable, supplierId: number): Promise<boolean> {
  const [row] = await db.select({ us: suppliers.usShoeSizes }).from(suppliers).where(eq(suppliers.supplierId, supplierId));
  return row?.us ?? false;
}

/** The model as GET answers it. */
export async function readModel(db: Queryable, product: Product, selfOrigin: string): Promise<BolModel> {
  const row = await modelRow(db, product.productId);
  const chunk = row?.chunkId ? await findChunk(db, row.chunkId) : null;
  const definitions = chunk ? await chunkAttributes(db, chunk.chunkId) : [];
  const attributeData = buildAttributeData(definitions, product, row?.values ?? {}, await sizesAreUs(db, product.supplier.supplierId));
  return {
    ...(row?.extra ?? {}),
    productId: product.productId,
    chunkId: row?.chunkId ?? null,
    chunkName: chunk?.chunkName ?? null,
    attributeData,
    mediaData: row?.mediaData ?? buildMediaData(product.productImages, selfOrigin),
    version: row?.version ?? 0,
  };
}

/** The assigned chunk; when none, bol's recommendations for the product (best first, only chunks of our model). */
export async function chunkAssignment(db: Database, client: BolClient | null, product: Product): Promise<BolChunkAssignment> {
  const row = await modelRow(db, product.productId);
  const chunk = row?.chunkId ? await findChunk(db, row.chunkId) : null;
  if (chunk) return { productId: product.productId, chunkId: chunk.chunkId, chunkName: chunk.chunkName, recommendations: [] };
  const answer: BolChunkAssignment = { productId: product.productId, chunkId: null, chunkName: null, recommendations: [] };
  if (!client) return { ...answer, recommendationsNote: 'No recommendations: the bol connection is not configured' };
  try {
    const description = product.description.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
    const predictions = await client.getChunkRecommendations(product.title || product.ean, description);
    const known = new Map((await listChunks(db)).map((entry) => [entry.chunkId, entry.chunkName]));
    answer.recommendations = predictions.flatMap((prediction) => {
      const chunkName = known.get(prediction.chunkId);
      return chunkName ? [{ chunkId: prediction.chunkId, chunkName, probability: prediction.probability }] : [];
    });
    if (answer.recommendations.length === 0) answer.recommendationsNote = "None of bol's recommended categories is in the loaded data model";
  } catch (error) {
    if (!(error instanceof BolApiError)) throw error;
    answer.recommendationsNote = `No recommendations: ${error.message}`;
  }
  return answer;
}

/** Assigns a chunk; saved values stay (attributes of the new chunk with the same id keep theirs). */
export async function assignChunk(db: Database, productId: number, chunkId: string, now: Date): Promise<BolChunkAssignment> {
  await requireProduct(db, productId);
  const chunk = await findChunk(db, chunkId);
  if (!chunk) throw new ApiError(400, `There is no Bol category with id '${chunkId}' in the data model`);
  await db
    .insert(bolProductModels)
    .values({ productId, chunkId, version: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: bolProductModels.productId,
      set: {
        chunkId,
        // Only a real change makes the model another one (a new ETag).
        version: sql`case when ${bolProductModels.chunkId} is distinct from ${chunkId} then ${bolProductModels.version} + 1 else ${bolProductModels.version} end`,
        updatedAt: now,
      },
    });
  return { productId, chunkId: chunk.chunkId, chunkName: chunk.chunkName, recommendations: [] };
}

const isAbsoluteHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

export type ModelSaveOutcome = { kind: 'saved'; model: BolModel } | { kind: 'conflict'; model: BolModel };

/**
 * Saves the model: the chunk must be one of ours, every attribute one of the chunk's, required
 * ones filled and value-list ones one of their values (400 naming them); `ifMatch` against the
 * current version (conflict: the current model). Required flags and value lists are ours, not
 * the client's.
 */
export async function saveModel(db: Database, input: BolModel, ifMatch: string | null, selfOrigin: string, now: Date, who: { author: string; deviceAt?: Date | null }): Promise<ModelSaveOutcome> {
  const product = await requireProduct(db, input.productId);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(bolProductModels).where(eq(bolProductModels.productId, input.productId)).for('update');
    const currentVersion = current?.version ?? 0;
    if (ifMatch !== null && !headerMatchesVersion(ifMatch, currentVersion)) return { kind: 'conflict', model: await readModel(tx, product, selfOrigin) };

    const chunkId = input.chunkId ?? current?.chunkId ?? null;
    if (!chunkId) throw new ApiError(400, 'Choose a Bol category before saving the Bol model');
    const chunk = await findChunk(tx, chunkId);
    if (!chunk) throw new ApiError(400, `There is no Bol category with id '${chunkId}' in the data model`);
    const definitions = await chunkAttributes(tx, chunkId);
    const sent = new Map(input.attributeData.map((attribute) => [attribute.attributeId, attribute]));
    const unknown = [...sent.keys()].filter((id) => !definitions.some((definition) => definition.attributeId === id));
    if (unknown.length > 0) throw new ApiError(400, `The Bol category '${chunk.chunkName}' has no attribute ${unknown.map((id) => `'${id}'`).join(', ')}`);

    // Attributes the client left out keep their saved (or prefilled) value.
    const before = buildAttributeData(definitions, product, current?.values ?? {}, await sizesAreUs(tx, product.supplier.supplierId));
    const merged: BolAttribute[] = before.map((attribute) => {
      const value = sent.get(attribute.attributeId)?.value ?? (sent.has(attribute.attributeId) ? '' : attribute.value);
      const trimmed = (value ?? '').trim();
      return { ...attribute, value: attribute.attributeId.toLowerCase() === 'description' ? sanitizeDescription(trimmed) : trimmed };
    });
    const problems = describeModelProblems(merged);
    if (problems) throw new ApiError(400, problems);

    const slots = new Set<number>();
    for (const media of input.mediaData) {
      if (slots.has(media.mediaId)) throw new ApiError(400, `Two images are in image slot ${media.mediaId}; each slot takes one image`);
      slots.add(media.mediaId);
      if (!isAbsoluteHttpUrl(media.value)) throw new ApiError(400, `Image slot ${media.mediaId}: '${media.value}' is not an absolute http(s) address`);
    }

    const extra = Object.fromEntries(Object.entries(input).filter(([key]) => !OWN_FIELDS.has(key)));
    const values = Object.fromEntries(merged.map((attribute) => [attribute.attributeId, attribute.value ?? '']));
    const mediaData = [...input.mediaData].sort((a, b) => a.mediaId - b.mediaId).map((media) => ({ mediaId: media.mediaId, value: media.value }));
    await tx
      .insert(bolProductModels)
      .values({ productId: input.productId, chunkId, values, mediaData, extra, version: currentVersion + 1, updatedAt: now })
      .onConflictDoUpdate({ target: bolProductModels.productId, set: { chunkId, values, mediaData, extra, version: currentVersion + 1, updatedAt: now } });
    // The history (docs/products.md "History"): each attribute whose value changed, as 'bol:<attribute id>'.
    const changes = merged
      .filter((attribute) => (before.find((old) => old.attributeId === attribute.attributeId)?.value ?? '') !== (attribute.value ?? ''))
      .map((attribute) => ({
        field: `bol:${attribute.attributeId}`,
        old: before.find((old) => old.attributeId === attribute.attributeId)?.value ?? '',
        new: attribute.value ?? '',
      }));
    if ((current?.chunkId ?? null) !== chunkId) changes.unshift({ field: 'bol:chunk', old: current?.chunkId ?? '', new: chunkId });
    await recordHistory(tx, [{ productId: input.productId, author: who.author, how: 'editor', deviceAt: who.deviceAt ?? null, serverAt: now, version: product.version, changes }]);
    return { kind: 'saved', model: await readModel(tx, product, selfOrigin) };
  });
}
