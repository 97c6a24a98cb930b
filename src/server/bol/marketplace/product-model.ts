/**
 * A product's Bol category (chunk) and Bol model: reading it (saved values, the rest prefilled from
 * the product), assigning a chunk, and saving the model with validation and a version for If-Match.
 */
import { serverMessages, serverSentence, type ServerSentence } from '../../../shared/server-messages';
import { eq, sql } from 'drizzle-orm';
import { BOL_MODEL_COMPARED, bolWrittenKeys, type BolModelChangeConflict, type BolModelChangeSet } from '../../../shared/bol-change-set';
import { mergeBolChangeSet } from '../../../shared/change-set-merge';
import type { BolAttribute, BolChunkAssignment, BolMedia, BolModel } from '../../../shared/bol-contract';
import type { HistoryHow, Product } from '../../../shared/contract';
import { modelProblems } from '../../../shared/rules/bol-model-rules';
import { headerMatchesVersion } from '../../http/version-etag';
import { loadProduct } from '../../catalogue/product-read-model';
import type { Queryable } from '../../db/query-rows';
import { lastChanges, recordHistory, type HistoryChange } from '../../catalogue/product-history';
import { madeAtOf } from '../../http/author';
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
  if (!product) throw ApiError.saying(404, serverSentence('productMissing', productId));
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
export async function assignChunk(db: Database, productId: number, chunkId: string, now: Date, who?: { author: string }): Promise<BolChunkAssignment> {
  const product = await requireProduct(db, productId);
  const chunk = await findChunk(db, chunkId);
  if (!chunk) throw new ApiError(400, `There is no Bol category with id '${chunkId}' in the data model`);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(bolProductModels).where(eq(bolProductModels.productId, productId)).for('update');
    // The category is part of the Bol model: its change goes into the history (docs/products.md "History").
    if (who && !BOL_MODEL_COMPARED.chunk.same(before?.chunkId ?? '', chunkId)) {
      await recordHistory(tx, [
        { productId, author: who.author, how: 'editor', deviceAt: null, serverAt: now, version: product.version, changes: [{ field: BOL_MODEL_COMPARED.chunk.key, old: before?.chunkId ?? '', new: chunkId }] },
      ]);
    }
    await tx
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
export async function saveModel(db: Database, input: BolModel, ifMatch: string | null, selfOrigin: string, now: Date, who: { author: string; deviceAt?: Date | null; how?: HistoryHow }): Promise<ModelSaveOutcome> {
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
    const problems = modelProblemsSentence(merged);
    if (problems) throw ApiError.saying(400, problems);

    checkMediaSlots(input.mediaData);
    const extra = Object.fromEntries(Object.entries(input).filter(([key]) => !OWN_FIELDS.has(key)));
    await writeModel(tx, product, current, { chunkId, before, merged, mediaData: input.mediaData, extra }, now, {
      author: who.author,
      how: who.how ?? 'editor',
      deviceAt: who.deviceAt ?? null,
    });
    return { kind: 'saved', model: await readModel(tx, product, selfOrigin) };
  });
}

function checkMediaSlots(mediaData: readonly BolMedia[]): void {
  const slots = new Set<number>();
  for (const media of mediaData) {
    if (slots.has(media.mediaId)) throw new ApiError(400, `Two images are in image slot ${media.mediaId}; each slot takes one image`);
    slots.add(media.mediaId);
    if (!isAbsoluteHttpUrl(media.value)) throw new ApiError(400, `Image slot ${media.mediaId}: '${media.value}' is not an absolute http(s) address`);
  }
}

/** The model's own values as they are stored: trimmed, the description sanitised. */
function storedValue(attributeId: string, value: string | null | undefined): string {
  const trimmed = (value ?? '').trim();
  return attributeId.toLowerCase() === 'description' ? sanitizeDescription(trimmed) : trimmed;
}

/**
 * Writes a checked model, raises its version by one and records in the history each compared
 * part that changed (docs/products.md "History"; names from BOL_MODEL_COMPARED).
 */
async function writeModel(
  tx: Queryable,
  product: Product,
  current: ModelRow | undefined,
  next: { chunkId: string; before: BolAttribute[]; merged: BolAttribute[]; mediaData: readonly BolMedia[]; extra: Record<string, unknown> },
  now: Date,
  who: { author: string; how: HistoryHow; deviceAt: Date | null },
): Promise<void> {
  const { attribute, media, chunk } = BOL_MODEL_COMPARED;
  const version = (current?.version ?? 0) + 1;
  const values = Object.fromEntries(next.merged.map((entry) => [entry.attributeId, entry.value ?? '']));
  const mediaData = [...next.mediaData].sort((a, b) => a.mediaId - b.mediaId).map((slot) => ({ mediaId: slot.mediaId, value: slot.value }));
  const { chunkId, extra } = next;
  await tx
    .insert(bolProductModels)
    .values({ productId: product.productId, chunkId, values, mediaData, extra, version, updatedAt: now })
    .onConflictDoUpdate({ target: bolProductModels.productId, set: { chunkId, values, mediaData, extra, version, updatedAt: now } });
  const changes: HistoryChange[] = [];
  if (!chunk.same(current?.chunkId ?? '', chunkId)) changes.push({ field: chunk.key, old: current?.chunkId ?? '', new: chunkId });
  for (const entry of next.merged) {
    const old = next.before.find((candidate) => candidate.attributeId === entry.attributeId)?.value ?? '';
    if (!attribute.same(old, entry.value)) changes.push({ field: attribute.key(entry.attributeId), old, new: entry.value ?? '' });
  }
  // A model never saved shows images made from the product's own: only a saved model's slots are "old".
  if (current?.mediaData && !media.same(current.mediaData, mediaData)) changes.push({ field: media.key, old: current.mediaData, new: mediaData });
  await recordHistory(tx, [{ productId: product.productId, author: who.author, how: who.how, deviceAt: who.deviceAt, serverAt: now, version: product.version, changes }]);
}

/** What a model would lack (required values, values outside their list), as the 400 says it with its catalog id; null when complete. */
export function modelProblemsSentence(attributes: readonly BolAttribute[]): ServerSentence | null {
  const { missing, outside } = modelProblems(attributes);
  if (missing !== '' && outside !== '') return serverSentence('modelMissingAndOutside', missing, outside);
  if (missing !== '') return serverSentence('modelMissing', missing);
  return outside !== '' ? serverSentence('modelOutsideList', outside) : null;
}

export type ModelChangeOutcome = { kind: 'saved'; model: BolModel } | { kind: 'conflict'; answer: BolModelChangeConflict };

export const BOL_CHANGE_CONFLICT_MESSAGE = serverMessages.bolChangeConflict;
/** The message of a conflict answer whose other Bol fields were written. */
export const BOL_CHANGE_CONFLICT_REST_SAVED_MESSAGE = serverMessages.bolChangeConflictRestSaved;

/**
 * PATCH /api/v1/bol/model/{productId}: a change set merged three ways per attribute with the model
 * as it is now (src/shared/change-set-merge.ts), in one transaction. The merged attributes (and the
 * image slots) are written at once, checked like a whole save; only the conflicting parts wait: the
 * answer (409) names each with base, mine and theirs and who changed theirs when, with the model
 * as it is now and what of the set is written (docs/offline.md "Conflicts").
 */
export async function saveModelChanges(
  db: Database,
  productId: number,
  set: BolModelChangeSet,
  selfOrigin: string,
  now: Date,
  who: { author: string },
): Promise<ModelChangeOutcome> {
  const product = await requireProduct(db, productId);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(bolProductModels).where(eq(bolProductModels.productId, productId)).for('update');
    const chunkId = current?.chunkId ?? null;
    if (!chunkId) throw ApiError.saying(400, serverSentence('chooseCategoryFirst'));
    const chunkRow = await findChunk(tx, chunkId);
    if (!chunkRow) throw ApiError.saying(400, serverSentence('noSuchCategory', chunkId));
    const definitions = await chunkAttributes(tx, chunkId);
    const unknown = Object.keys(set.attributes).filter((id) => !definitions.some((definition) => definition.attributeId === id));
    if (unknown.length > 0) throw ApiError.saying(400, serverSentence('categoryLacksAttributes', chunkRow.chunkName, unknown.map((id) => `'${id}'`).join(', ')));

    const before = buildAttributeData(definitions, product, current?.values ?? {}, await sizesAreUs(tx, product.supplier.supplierId));
    const mediaNow = current?.mediaData ?? buildMediaData(product.productImages, selfOrigin);
    // The description is compared as it would be stored.
    const attributes = Object.fromEntries(Object.entries(set.attributes).map(([id, change]) => [id, { ...change, value: storedValue(id, change.value) }]));
    const merged = mergeBolChangeSet({ attributeData: before, mediaData: mediaNow }, { attributes, ...(set.media ? { media: set.media } : {}) });
    const last = merged.conflicts.length > 0 ? await lastChanges(tx, productId, merged.conflicts.map((conflict) => conflict.field)) : null;
    const conflictAnswer = (model: BolModel): BolModelChangeConflict => {
      const written = bolWrittenKeys(set, merged.conflicts);
      return {
        ...serverSentence(written.length > 0 ? 'bolChangeConflictRestSaved' : 'bolChangeConflict'),
        model,
        conflicts: merged.conflicts.map((conflict) => ({ ...conflict, changedBy: last?.get(conflict.field)?.author ?? null, changedAt: last?.get(conflict.field)?.at ?? null })),
        written,
      };
    };
    const writesNothing = Object.keys(merged.writes).length === 0 && merged.media === undefined;
    // Only conflicts (the rest already as asked: a repeat): nothing to write.
    if (last && writesNothing) return { kind: 'conflict', answer: conflictAnswer(await readModel(tx, product, selfOrigin)) };
    // Nothing to write, unless the model was never saved: then Apply keeps its prefilled values (as a whole save does).
    const neverSaved = Object.keys(current?.values ?? {}).length === 0;
    if (writesNothing && !neverSaved) return { kind: 'saved', model: await readModel(tx, product, selfOrigin) };

    const next = before.map((entry) => (entry.attributeId in merged.writes ? { ...entry, value: merged.writes[entry.attributeId] ?? '' } : entry));
    const problems = modelProblemsSentence(next);
    if (problems) throw ApiError.saying(400, problems);
    const mediaData = merged.media ?? mediaNow;
    checkMediaSlots(mediaData);
    await writeModel(tx, product, current, { chunkId, before, merged: next, mediaData, extra: current?.extra ?? {} }, now, {
      author: who.author,
      how: set.offline ? 'offline-sync' : 'editor',
      deviceAt: madeAtOf(String(set.madeAt), now.getTime()),
    });
    const saved = await readModel(tx, product, selfOrigin);
    return last ? { kind: 'conflict', answer: conflictAnswer(saved) } : { kind: 'saved', model: saved };
  });
}
