/**
 * One descriptor per kind of outbox entry: everything the engine does differently per kind lives
 * here, nowhere else (docs/architecture.md "The offline engine"). A descriptor says
 * - how the entry is described in the status panel (label, product, detail line);
 * - which record it carries (my side of a conflict) and how two versions differ (`diff`);
 * - the request it becomes (built by src/app/api/outbox-requests.ts);
 * - how an answer that the generic classes misread is read for this kind (`reread`);
 * - what a success changes on the device (`applySuccess`, inside the drainer's transaction), what
 *   discarding it undoes (`discarded`) and what "take theirs" keeps (`takeTheirs`).
 * Field-level change sets (merging and three-way diffs) are meant to be added to these descriptors.
 */
import {
  applyChangeSet,
  isChangeSetConflict,
  settleConflicts,
  isEmptyChangeSet,
  type ConflictChoice,
  type FieldConflict,
  type ProductChangeSet,
} from '../../shared/change-set';
import {
  applyBolChangeSet,
  BOL_MODEL_COMPARED,
  isBolModelChangeConflict,
  isEmptyBolChangeSet,
  settleBolConflicts,
  type BolModelChangeSet,
} from '../../shared/bol-change-set';
import type { BolModel } from '../../shared/bol-contract';
import type { Product } from '../../shared/contract';
import type { ProductBatchItem } from '../../shared/product-batch';
import { productField, isProductFieldName } from '../../shared/product-fields';
import { SAVED_PRODUCT_FIELDS, sameFieldValue } from '../../shared/product-fields';
import {
  bolModelChangeRequest,
  bolModelSaveRequest,
  imageDeleteRequest,
  productChangeRequest,
  imageUploadRequest,
  productSaveRequest,
  type OutboxRequest,
} from '../api/outbox-requests';
import { fromCachedProduct, toCachedProduct, type BackofficeDatabase } from '../db/database';
import { placeholderPath, productEntityKey, uploadIdOfPlaceholder, type BolModelPayload, type OutboxEntry, type OutboxKind } from '../db/outbox-entry';
import type { AnswerClass, HeadersLike } from './classify-answer';
import { isProduct, recordOwnVersion, uploadResultMetaKey } from './outbox-memory';
import { conflictFields, displayValue, type FieldDifference } from './record-diff';

export type EntryOf<K extends OutboxKind> = Extract<OutboxEntry, { kind: K }>;

/** The request of an entry, and for a product save the product as sent (to recognise it in a 412). */
export type BuiltRequest = OutboxRequest & { sentProduct?: Product };

export interface OutboxKindDescriptor<E extends OutboxEntry> {
  /** What kind of change, as the status panel names it. */
  label: string;
  productIdOf(entry: E): number;
  /** A detail line for the panel (file name, image id), or null. */
  detail(entry: E): string | null;
  /** The record my change carries: my side of a conflict (null for kinds without one). */
  mine(entry: E): unknown;
  /** The fields where my record and the server's differ. */
  diff(mine: unknown, theirs: unknown): FieldDifference[];
  request(db: BackofficeDatabase, entry: E, headers: Record<string, string>): Promise<BuiltRequest>;
  /**
   * Kinds that may travel in POST /product/batch (docs/offline.md "Batches"): the entry as a batch
   * item, answered exactly as `request` would be.
   */
  batchItem?(db: BackofficeDatabase, entry: E): Promise<ProductBatchItem>;
  /** Reads an answer the generic classes get wrong for this kind; null keeps the generic verdict. */
  reread?(verdict: AnswerClass, status: number, body: unknown, sent: BuiltRequest): AnswerClass | null;
  /** What a success changes on the device; runs inside the drainer's transaction. */
  applySuccess(db: BackofficeDatabase, entry: E, answer: unknown, headers: HeadersLike): Promise<void>;
  /** What dropping the entry undoes on the device (it is already out of the outbox). */
  discarded(db: BackofficeDatabase, entry: E): Promise<void>;
  /** "Take theirs" on a conflict: the server's record replaces mine on the device. */
  takeTheirs(db: BackofficeDatabase, entry: E, server: unknown): Promise<void>;
  /**
   * Settles a conflict field by field (kinds with change sets): 'mine' keeps my value over theirs,
   * 'theirs' drops my change of that field; the entry goes again, or leaves when nothing is left.
   * Without it, a conflict is settled for the whole record (keep mine / take theirs).
   */
  settle?(db: BackofficeDatabase, entry: E, choices: Readonly<Record<string, ConflictChoice>> | ConflictChoice, now: number): Promise<void>;
}

function versionFromEtag(headers: HeadersLike): number | null {
  const match = /(\d+)/.exec(headers.get('ETag') ?? '');
  return match ? Number(match[1]) : null;
}

/** Replaces upload placeholders by the paths their uploads answered (kept in meta). */
async function resolvePlaceholders(db: BackofficeDatabase, product: Product): Promise<Product> {
  const images = await Promise.all(
    product.productImages.map(async (image) => {
      const uploadId = uploadIdOfPlaceholder(image.filePath);
      if (!uploadId) return image;
      const path = (await db.meta.get(uploadResultMetaKey(uploadId)))?.value;
      return typeof path === 'string' ? { ...image, filePath: path } : image;
    }),
  );
  return { ...product, productImages: images };
}

/**
 * Whether the server's product already carries my save: every field PUT /product saves
 * (src/shared/product-fields.ts), compared as the server stores them, and the images.
 */
export function carriesChange(server: Product, mine: Product | undefined): boolean {
  if (!mine) return false;
  if (!SAVED_PRODUCT_FIELDS.every((name) => sameFieldValue(name, server[name], mine[name]))) return false;
  if (server.productImages.length !== mine.productImages.length) return false;
  return server.productImages.every((image, index) => {
    const other = mine.productImages[index];
    return other !== undefined && image.id === other.id && image.filePath === other.filePath && image.name === other.name && image.altImage === other.altImage;
  });
}

/** Later waiting changes of the same record by the same author now build on `version`. */
async function rebaseLater(db: BackofficeDatabase, done: OutboxEntry, kind: OutboxKind, version: number): Promise<boolean> {
  const others = await db.outbox.where('entityKey').equals(done.entityKey).toArray();
  let laterSaves = false;
  for (const other of others) {
    if (other.id === done.id || other.kind !== kind || other.author !== done.author || other.seq < done.seq) continue;
    if (other.status === 'conflict') continue;
    laterSaves = true;
    if (other.baseVersion === null || other.baseVersion < version) await db.outbox.update(other.id, { baseVersion: version });
  }
  return laterSaves;
}

/** Whether anything else of the same record waits after `done` (any kind, any status). */
async function hasLaterEntries(db: BackofficeDatabase, done: OutboxEntry): Promise<boolean> {
  const others = await db.outbox.where('entityKey').equals(done.entityKey).toArray();
  return others.some((other) => other.id !== done.id && other.seq > done.seq);
}

const noRecord = () => null;
const noDifferences = () => [];
const nothing = async () => undefined;

/** Removes images carrying an upload's placeholder from waiting saves and the local copy. */
async function forgetPlaceholder(db: BackofficeDatabase, productId: number, uploadId: string): Promise<void> {
  const path = placeholderPath(uploadId);
  const strip = (product: Product): Product => ({
    ...product,
    productImages: product.productImages.filter((image) => image.filePath !== path),
  });
  const local = await db.products.get(productId);
  if (local) await db.products.put(toCachedProduct(strip(fromCachedProduct(local))));
  const entries = await db.outbox.where('entityKey').equals(productEntityKey(productId)).toArray();
  for (const entry of entries) {
    if (entry.kind === 'product-change') {
      const changes = entry.payload.changes;
      const added = changes.images.added.filter((image) => image.filePath !== path);
      await db.outbox.put({
        ...entry,
        payload: { ...entry.payload, changes: { ...changes, images: { ...changes.images, added } } },
        dependsOn: (entry.dependsOn ?? []).filter((id) => id !== uploadId),
      });
      continue;
    }
    if (entry.kind !== 'product-save') continue;
    await db.outbox.put({
      ...entry,
      payload: { product: strip(entry.payload.product) },
      dependsOn: (entry.dependsOn ?? []).filter((id) => id !== uploadId),
    });
  }
}


const productSave: OutboxKindDescriptor<EntryOf<'product-save'>> = {
  label: 'Product changes',
  productIdOf: (entry) => entry.payload.product.productId,
  detail: () => null,
  mine: (entry) => entry.payload.product,
  diff: conflictFields,
  async request(db, entry, headers) {
    const product = fromCachedProduct(await resolvePlaceholders(db, entry.payload.product));
    return { ...productSaveRequest(product, headers), sentProduct: product };
  },
  // A save sent again after its answer was lost meets its own new version: the 412 body then
  // already carries exactly our change, so it is a success, not a conflict.
  reread: (verdict, _status, body, sent) =>
    verdict.kind === 'conflict' && isProduct(body) && carriesChange(body, sent.sentProduct) ? { kind: 'done' } : null,
  async applySuccess(db, entry, answer, headers) {
    const server = isProduct(answer) ? answer : null;
    const version = server?.version ?? versionFromEtag(headers);
    // Later saves are rebased before any later product-save may race in (same transaction).
    const laterSaves = version === null ? false : await rebaseLater(db, entry, 'product-save', version);
    // Sent with If-Match, so the server went from exactly baseVersion to version.
    if (version !== null && entry.baseVersion !== null) await recordOwnVersion(db, entry.entityKey, entry.author, entry.baseVersion, version);
    if (!server) return;
    const local = await db.products.get(server.productId);
    // With more changes of this product waiting (saves, but also image deletes and uploads,
    // which the local copy already shows), the local copy stays mine, only on the new version.
    // Taking the server's copy here brought back an image whose delete was still waiting, and
    // the next save built on that copy re-created the image after the delete.
    const laterChanges = laterSaves || (await hasLaterEntries(db, entry));
    if (laterChanges && local) await db.products.put({ ...local, version: server.version, dateUpdate: server.dateUpdate });
    else await db.products.put(toCachedProduct(server));
  },
  // A discarded save with a known server copy (a conflict) restores that copy.
  async discarded(db, entry) {
    if (isProduct(entry.serverCopy)) await db.products.put(toCachedProduct(entry.serverCopy));
  },
  async takeTheirs(db, _entry, server) {
    if (isProduct(server)) await db.products.put(toCachedProduct(server));
  },
};

/** Replaces upload placeholders in a change set's added images by the paths their uploads answered. */
async function resolveAddedPaths(db: BackofficeDatabase, changes: ProductChangeSet): Promise<ProductChangeSet> {
  const added = await Promise.all(
    changes.images.added.map(async (image) => {
      const uploadId = uploadIdOfPlaceholder(image.filePath);
      if (!uploadId) return image;
      const path = (await db.meta.get(uploadResultMetaKey(uploadId)))?.value;
      return typeof path === 'string' ? { ...image, filePath: path } : image;
    }),
  );
  return { ...changes, images: { ...changes.images, added } };
}

/** The labels of what a change set changes (the panel's detail line). */
export function changeSetSummary(changes: ProductChangeSet): string {
  const labels = Object.keys(changes.fields).map((name) => (isProductFieldName(name) ? productField(name).label : name));
  const images = changes.images;
  if (images.added.length > 0) labels.push(images.added.length === 1 ? '1 image added' : `${images.added.length} images added`);
  if (images.deleted.length > 0) labels.push(images.deleted.length === 1 ? '1 image removed' : `${images.deleted.length} images removed`);
  if (images.edited.length > 0 || images.order || images.main) labels.push('Images');
  return labels.join(', ');
}

/** The fields of a change-set conflict, mine beside theirs, with who changed theirs. */
export function changeSetDifferences(server: unknown): FieldDifference[] {
  return isChangeSetConflict(server) ? conflictDifferences(server.conflicts) : [];
}

/** Conflicts of a change-set answer (product or Bol model) as the conflict views list them. */
export function conflictDifferences(conflicts: readonly FieldConflict[]): FieldDifference[] {
  return conflicts.map((conflict) => ({
    field: conflict.field,
    label: conflict.label,
    mine: displayValue(conflict.mine),
    theirs: displayValue(conflict.theirs),
    ...(conflict.changedBy ? { changedBy: conflict.changedBy } : {}),
    ...(conflict.changedAt ? { changedAt: conflict.changedAt } : {}),
  }));
}

const productChange: OutboxKindDescriptor<EntryOf<'product-change'>> = {
  label: 'Product changes',
  productIdOf: (entry) => entry.payload.productId,
  detail: (entry) => changeSetSummary(entry.payload.changes) || null,
  mine: (entry) => entry.payload.changes,
  diff: (_mine, theirs) => changeSetDifferences(theirs),
  async request(db, entry, headers) {
    // No If-Match: the server merges field by field (docs/products.md "PATCH /product/{id}").
    const { 'If-Match': _ignored, ...rest } = headers;
    return productChangeRequest(entry.payload.productId, await resolveAddedPaths(db, entry.payload.changes), rest);
  },
  // The same change set and Idempotency-Key as the PATCH: the server treats both as one request.
  batchItem: async (db, entry) => ({ productId: entry.payload.productId, key: entry.id, changes: await resolveAddedPaths(db, entry.payload.changes) }),
  async applySuccess(db, entry, answer) {
    const server = isProduct(answer) ? answer : null;
    if (!server) return;
    const later = await db.outbox.where('entityKey').equals(entry.entityKey).toArray();
    const waiting = later.filter((other) => other.id !== entry.id && other.seq > entry.seq);
    // The server's copy, with what still waits of mine on top (what this device should show).
    let local = server;
    for (const other of waiting.sort((a, b) => a.seq - b.seq)) {
      if (other.kind === 'product-change') local = applyChangeSet(local, other.payload.changes);
    }
    if (waiting.some((other) => other.kind !== 'product-change')) {
      const current = await db.products.get(server.productId);
      if (current) {
        await db.products.put({ ...current, version: server.version, dateUpdate: server.dateUpdate });
        return;
      }
    }
    await db.products.put(toCachedProduct(local));
  },
  async discarded(db, entry) {
    if (isChangeSetConflict(entry.serverCopy)) {
      await db.products.put(toCachedProduct(entry.serverCopy.product));
      return;
    }
    // Undo my change on the device: every field back to its base, added images gone.
    const local = await db.products.get(entry.payload.productId);
    if (!local) return;
    const changes = entry.payload.changes;
    const reverted: Record<string, unknown> = { ...fromCachedProduct(local) };
    for (const [name, change] of Object.entries(changes.fields)) if (change) reverted[name] = change.base;
    const added = new Set(changes.images.added.map((image) => image.id));
    const product = reverted as Product;
    await db.products.put(toCachedProduct({ ...product, productImages: product.productImages.filter((image) => !added.has(image.id)) }));
  },
  async takeTheirs(db, _entry, server) {
    if (isChangeSetConflict(server)) await db.products.put(toCachedProduct(server.product));
  },
  async settle(db, entry, choices, now) {
    const server = entry.serverCopy;
    if (!isChangeSetConflict(server)) return;
    const perField = typeof choices === 'string' ? Object.fromEntries(server.conflicts.map((conflict) => [conflict.field, choices])) : choices;
    const settled = settleConflicts(entry.payload.changes, server.conflicts, perField);
    if (isEmptyChangeSet(settled)) {
      await db.outbox.delete(entry.id);
      await db.products.put(toCachedProduct(server.product));
      return;
    }
    const { serverCopy: _dropped, ...rest } = entry;
    await db.outbox.put({
      ...rest,
      payload: { ...entry.payload, changes: settled },
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      updatedAt: now,
    });
    // The open form and the list show the server's copy with my kept values on top, at once.
    await db.products.put(toCachedProduct(applyChangeSet(server.product, settled)));
  },
};

const bolModelSave: OutboxKindDescriptor<EntryOf<'bol-model-save'>> = {
  label: 'Bol model changes',
  productIdOf: (entry) => entry.payload.model.productId,
  detail: () => null,
  mine: (entry) => entry.payload.model,
  diff: conflictFields,
  request: async (_db, entry, headers) => bolModelSaveRequest(entry.payload.model, headers),
  async applySuccess(db, entry, answer, headers) {
    const model = typeof answer === 'object' && answer !== null ? (answer as BolModelPayload) : null;
    const version = (typeof model?.version === 'number' ? model.version : null) ?? versionFromEtag(headers);
    const laterSaves = version === null ? false : await rebaseLater(db, entry, 'bol-model-save', version);
    // Like product saves: a later edit of the model opened before this save builds on its result.
    if (version !== null && entry.baseVersion !== null) await recordOwnVersion(db, entry.entityKey, entry.author, entry.baseVersion, version);
    if (model && typeof model.productId === 'number' && !laterSaves) await db.bolModels.put(model);
  },
  discarded: nothing,
  async takeTheirs(db, _entry, server) {
    if (typeof server === 'object' && server !== null) await db.bolModels.put(server as BolModelPayload);
  },
};

function isBolModel(value: unknown): value is BolModel {
  return typeof value === 'object' && value !== null && typeof (value as BolModel).productId === 'number' && Array.isArray((value as BolModel).attributeData);
}

/** The labels of what a Bol-model change set changes (the panel's detail line). */
export function bolChangeSetSummary(changes: BolModelChangeSet): string {
  return [...Object.keys(changes.attributes), ...(changes.media ? [BOL_MODEL_COMPARED.media.label] : [])].join(', ');
}

/** The parts of a Bol-model change-set conflict, mine beside theirs, with who changed theirs. */
export function bolChangeSetDifferences(server: unknown): FieldDifference[] {
  return isBolModelChangeConflict(server) ? conflictDifferences(server.conflicts) : [];
}

const bolModelChange: OutboxKindDescriptor<EntryOf<'bol-model-change'>> = {
  label: 'Bol model changes',
  productIdOf: (entry) => entry.payload.productId,
  detail: (entry) => bolChangeSetSummary(entry.payload.changes) || null,
  mine: (entry) => entry.payload.changes,
  diff: (_mine, theirs) => bolChangeSetDifferences(theirs),
  // No If-Match: the server merges attribute by attribute (docs/bol.md "PATCH /bol/model/{productId}").
  request: async (_db, entry, headers) => {
    const { 'If-Match': _ignored, ...rest } = headers;
    return bolModelChangeRequest(entry.payload.productId, entry.payload.changes, rest);
  },
  async applySuccess(db, entry, answer) {
    if (!isBolModel(answer)) return;
    const later = await db.outbox.where('entityKey').equals(entry.entityKey).toArray();
    // The server's copy, with what still waits of mine on top (what this device should show).
    let local: BolModel = answer;
    for (const other of later.filter((candidate) => candidate.id !== entry.id && candidate.seq > entry.seq).sort((a, b) => a.seq - b.seq)) {
      if (other.kind === 'bol-model-change') local = applyBolChangeSet(local, other.payload.changes);
    }
    await db.bolModels.put(local);
  },
  async discarded(db, entry) {
    if (isBolModelChangeConflict(entry.serverCopy)) {
      await db.bolModels.put(entry.serverCopy.model);
      return;
    }
    // Undo my change on the device: every attribute back to its base.
    const kept = await db.bolModels.get(entry.payload.productId);
    if (!isBolModel(kept)) return;
    const { attributes, media } = entry.payload.changes;
    const reverted = Object.fromEntries(Object.entries(attributes).map(([id, change]) => [id, { base: change.value, value: change.base }]));
    await db.bolModels.put(applyBolChangeSet(kept, { attributes: reverted, ...(media ? { media: { base: media.value, value: media.base } } : {}) }));
  },
  async takeTheirs(db, _entry, server) {
    if (isBolModelChangeConflict(server)) await db.bolModels.put(server.model);
  },
  async settle(db, entry, choices, now) {
    const server = entry.serverCopy;
    if (!isBolModelChangeConflict(server)) return;
    const perField = typeof choices === 'string' ? Object.fromEntries(server.conflicts.map((conflict) => [conflict.field, choices])) : choices;
    const settled = settleBolConflicts(entry.payload.changes, server.conflicts, perField);
    if (isEmptyBolChangeSet(settled)) {
      await db.outbox.delete(entry.id);
      await db.bolModels.put(server.model);
      return;
    }
    const { serverCopy: _dropped, ...rest } = entry;
    await db.outbox.put({ ...rest, payload: { ...entry.payload, changes: settled }, status: 'pending', attempts: 0, nextAttemptAt: 0, lastError: null, updatedAt: now });
    // The open tab shows the server's model with my kept values on top, at once.
    await db.bolModels.put(applyBolChangeSet(server.model, settled));
  },
};

const imageUpload: OutboxKindDescriptor<EntryOf<'image-upload'>> = {
  label: 'Image upload',
  productIdOf: (entry) => entry.payload.productId,
  detail: (entry) => entry.payload.name,
  mine: noRecord,
  diff: noDifferences,
  async request(db, entry, headers) {
    const file = await db.files.get(entry.payload.fileId);
    return imageUploadRequest(new Blob([file?.bytes ?? new ArrayBuffer(0)], { type: entry.payload.type }), entry.payload.name, headers);
  },
  async applySuccess(db, entry, answer) {
    const path = typeof answer === 'string' ? answer : null;
    await db.files.delete(entry.payload.fileId);
    if (path === null) return;
    await db.meta.put({ key: uploadResultMetaKey(entry.id), value: path });
    const placeholder = placeholderPath(entry.id);
    const swap = (product: Product): Product => ({
      ...product,
      productImages: product.productImages.map((image) => (image.filePath === placeholder ? { ...image, filePath: path } : image)),
    });
    const waiting = await db.outbox.where('entityKey').equals(entry.entityKey).toArray();
    for (const other of waiting) {
      if (other.kind === 'product-change') {
        const changes = other.payload.changes;
        const added = changes.images.added.map((image) => (image.filePath === placeholder ? { ...image, filePath: path } : image));
        await db.outbox.update(other.id, {
          payload: { ...other.payload, changes: { ...changes, images: { ...changes.images, added } } },
          dependsOn: (other.dependsOn ?? []).filter((id) => id !== entry.id),
        });
        continue;
      }
      if (other.kind !== 'product-save') continue;
      await db.outbox.update(other.id, {
        payload: { product: swap(other.payload.product) },
        dependsOn: (other.dependsOn ?? []).filter((id) => id !== entry.id),
      });
    }
    const local = await db.products.get(entry.payload.productId);
    if (local) await db.products.put(toCachedProduct(swap(fromCachedProduct(local))));
  },
  // A discarded upload also leaves the product's waiting saves and its local copy.
  async discarded(db, entry) {
    await db.files.delete(entry.payload.fileId);
    await forgetPlaceholder(db, entry.payload.productId, entry.id);
  },
  takeTheirs: nothing,
};

const imageDelete: OutboxKindDescriptor<EntryOf<'image-delete'>> = {
  label: 'Image removal',
  productIdOf: (entry) => entry.payload.productId,
  detail: (entry) => `Image ${entry.payload.imageId}`,
  mine: noRecord,
  diff: noDifferences,
  request: async (_db, entry, headers) => imageDeleteRequest(entry.payload.imageId, headers),
  // A delete sent again after its answer was lost finds the image gone: that is what we wanted.
  reread: (_verdict, status) => (status === 404 ? { kind: 'done' } : null),
  async applySuccess(db, entry, _answer, headers) {
    const version = versionFromEtag(headers);
    if (version === null) return;
    await rebaseLater(db, entry, 'product-save', version);
    // The delete raised the version by one; an edit made on the version before builds on this one.
    await recordOwnVersion(db, entry.entityKey, entry.author, version - 1, version);
    const local = await db.products.get(entry.payload.productId);
    if (local && local.version < version) await db.products.put({ ...local, version });
  },
  discarded: nothing,
  takeTheirs: nothing,
};

export const OUTBOX_KINDS: { [K in OutboxKind]: OutboxKindDescriptor<EntryOf<K>> } = {
  'product-save': productSave,
  'product-change': productChange,
  'bol-model-save': bolModelSave,
  'bol-model-change': bolModelChange,
  'image-upload': imageUpload,
  'image-delete': imageDelete,
};

/** The descriptor of an entry's kind, typed for that entry. */
export function outboxKindOf<E extends OutboxEntry>(entry: E): OutboxKindDescriptor<E> {
  return OUTBOX_KINDS[entry.kind] as unknown as OutboxKindDescriptor<E>;
}

/** The fields where a conflicting entry's record and the server's copy differ, mine beside theirs. */
export function entryDifferences(entry: OutboxEntry, serverCopy: unknown = entry.serverCopy): FieldDifference[] {
  const kind = outboxKindOf(entry);
  return kind.diff(kind.mine(entry), serverCopy);
}
