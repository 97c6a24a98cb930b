/**
 * The write kind `bol-model-save`: a product's whole Bol model, POST /api/v1/bol/data/model/product
 * with If-Match (docs/bol.md). The Bol Model tab now sends change sets (kinds/bol-model-change.ts);
 * whole-model saves stay for the features that still submit them and for entries queued before.
 */
import type { OutboxRequest } from '../../api/outbox-requests';
import type { BackofficeDatabase } from '../../db/database';
import { withQuotaFallback } from '../../db/storage';
import { bolModelEntityKey, type KindEntry } from '../../db/outbox-entry';
import { followOwnVersions, recordOwnVersion } from '../outbox-memory';
import { conflictFields } from '../record-diff';
import { newEntryFields, nextSeq, rebaseLater, unsentSaveToReplace, versionFromEtag } from './outbox-queue';
import type { WriteKind } from './write-kind';
import { syncPanelMessages } from '../../../shared/sync-panel-messages';

/** The Bol model is passed back to the server unchanged; only productId is relied on. */
export interface BolModelPayload {
  productId: number;
  [field: string]: unknown;
}
export interface BolModelSavePayload {
  model: BolModelPayload;
}
export type BolModelSaveEntry = KindEntry<'bol-model-save', BolModelSavePayload>;

/** The change a feature submits: the whole model, based on `baseVersion` (null: never saved). */
export interface BolModelSaveChange {
  kind: 'bol-model-save';
  model: BolModelPayload;
  baseVersion: number | null;
}

/** Queues a Bol-model save (merged like product saves) and shows it locally at once. */
export async function enqueueBolModelSave(
  db: BackofficeDatabase,
  model: BolModelPayload,
  baseVersion: number | null,
  author: string,
  now: number = Date.now(),
): Promise<BolModelSaveEntry> {
  return withQuotaFallback(db, () =>
    db.transaction('rw', [db.outbox, db.bolModels, db.meta], async () => {
      await db.bolModels.put(model);
      const entityKey = bolModelEntityKey(model.productId);
      const seq = await nextSeq(db);
      const existing = await unsentSaveToReplace(db, entityKey, 'bol-model-save', author);
      if (existing) {
        const merged: BolModelSaveEntry = { ...(existing as BolModelSaveEntry), payload: { model }, seq, updatedAt: now };
        await db.outbox.put(merged);
        return merged;
      }
      const entry: BolModelSaveEntry = {
        ...newEntryFields(now),
        kind: 'bol-model-save',
        entityKey,
        seq,
        baseVersion: baseVersion === null ? null : await followOwnVersions(db, entityKey, author, baseVersion),
        author,
        payload: { model },
      };
      await db.outbox.add(entry);
      return entry;
    }),
  );
}

/** POST /api/v1/bol/data/model/product: the Bol model, passed back unchanged. */
function bolModelSaveRequest(model: unknown, headers: Record<string, string>): OutboxRequest {
  return { method: 'POST', url: '/api/v1/bol/data/model/product', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(model) };
}

export const bolModelSave: WriteKind<BolModelSaveEntry, BolModelSaveChange> = {
  name: 'bol-model-save',
  label: syncPanelMessages.kinds.bolModel,
  sentWithIfMatch: true,
  async submit(ctx, change, author) {
    const entry = await enqueueBolModelSave(ctx.db, change.model, change.baseVersion, author);
    return { saveId: entry.id, uploadIds: [] };
  },
  productIdOf: (entry) => entry.payload.model.productId,
  detail: () => null,
  mine: (entry) => entry.payload.model,
  diff: conflictFields,
  request: async (_ctx, entry, headers) => bolModelSaveRequest(entry.payload.model, headers),
  async applySuccess(ctx, entry, answer, headers) {
    const model = typeof answer === 'object' && answer !== null ? (answer as BolModelPayload) : null;
    const version = (typeof model?.version === 'number' ? model.version : null) ?? versionFromEtag(headers);
    const laterSaves = version === null ? false : await rebaseLater(ctx, entry, version);
    // Like product saves: a later edit of the model opened before this save builds on its result.
    if (version !== null && entry.baseVersion !== null) await recordOwnVersion(ctx.db, entry.entityKey, entry.author, entry.baseVersion, version);
    if (model && typeof model.productId === 'number' && !laterSaves) await ctx.db.bolModels.put(model);
  },
  discarded: async () => undefined,
  async takeTheirs(ctx, _entry, server) {
    if (typeof server === 'object' && server !== null) await ctx.db.bolModels.put(server as BolModelPayload);
  },
};
