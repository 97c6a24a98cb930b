/**
 * The write kind `bol-model-change`: a change set of one product's Bol model (docs/bol.md "Saving
 * the Bol model field by field"), PATCH /api/v1/bol/model/{productId}, merged three ways per
 * attribute on the server (src/shared/change-set-merge.ts). Consecutive sets of one person on one
 * model compose into one; a conflict is settled per attribute.
 */
import {
  applyBolChangeSet,
  type BolModelChangeConflict,
  buildBolChangeSet,
  composeBolChangeSets,
  conflictingBolPart,
  isBolModelChangeConflict,
  isEmptyBolChangeSet,
  settleBolConflicts,
  type BolModelChangeSet,
} from '../../../shared/bol-change-set';
import type { BolModel } from '../../../shared/bol-contract';
import { revertChange, revertFields } from '../../../shared/field-diff';
import { versionedBody, writeProtocolOf } from '../../../shared/write-protocol';
import type { OutboxRequest } from '../../api/outbox-requests';
import type { BackofficeDatabase } from '../../db/database';
import { withQuotaFallback } from '../../db/storage';
import { bolModelEntityKey, type KindEntry, type OutboxRow } from '../../db/outbox-entry';
import { isOnline } from '../../lib/online';
import { conflictDifferences, type FieldDifference } from '../record-diff';
import type { BolModelPayload } from './bol-model-save';
import { changeSetConflicted } from './change-set-conflicted';
import { composedEntryFields, laterEntriesOf, nextSeq, replaceEntry, waitingChangeSetOf } from './outbox-queue';
import { ENGLISH_DETAIL_WORDS, type DetailWords, type WriteKind } from './write-kind';
import { syncPanelMessages } from '../../../shared/sync-panel-messages';

/** A change set of one product's Bol model (PATCH /api/v1/bol/model/{productId}, docs/bol.md). */
export interface BolModelChangePayload {
  productId: number;
  changes: BolModelChangeSet;
}
export type BolModelChangeEntry = KindEntry<'bol-model-change', BolModelChangePayload>;

/** The change a feature submits: what the person changed in the Bol model from `before` (as the form was filled) to `after`. */
export interface BolModelChangeChange {
  kind: 'bol-model-change';
  before: BolModel;
  after: BolModel;
}

const isBolModelChange = (row: OutboxRow | undefined): row is BolModelChangeEntry => row?.kind === 'bol-model-change';

function isBolModel(value: unknown): value is BolModel {
  return typeof value === 'object' && value !== null && typeof (value as BolModel).productId === 'number' && Array.isArray((value as BolModel).attributeData);
}

/**
 * Queues a Bol-model change set and shows `local` (the model as the person now sees it) on the
 * device at once. Consecutive sets of one person on one model merge into one, like product change
 * sets: the first base stays, the last value wins, an attribute edited back to its base drops out.
 * Answers the entry, or null when nothing is left to send.
 */
export async function enqueueBolModelChange(
  db: BackofficeDatabase,
  changes: BolModelChangeSet,
  local: BolModelPayload,
  author: string,
  now: number = Date.now(),
): Promise<BolModelChangeEntry | null> {
  return withQuotaFallback(db, () =>
    db.transaction('rw', [db.outbox, db.bolModels, db.meta], async () => {
      await db.bolModels.put(local);
      const entityKey = bolModelEntityKey(local.productId);
      const existing = await waitingChangeSetOf(db, entityKey, isBolModelChange, author);
      const merged = existing ? composeBolChangeSets(existing.payload.changes, changes, existing.attempts > 0) : changes;
      // Edits that undo a waiting change leave nothing to send. A first Apply without changes
      // still goes: the server then keeps a never-saved model's prefilled values (docs/bol.md).
      if (existing && isEmptyBolChangeSet(merged)) {
        await db.outbox.delete(existing.id);
        return null;
      }
      const entry: BolModelChangeEntry = {
        ...composedEntryFields(existing, now),
        kind: 'bol-model-change',
        entityKey,
        seq: await nextSeq(db),
        baseVersion: null,
        author,
        payload: { productId: local.productId, changes: merged },
      };
      await replaceEntry(db, existing, entry);
      return entry;
    }),
  );
}

/** PATCH /api/v1/bol/model/{productId}: a Bol-model change set (only the changed attributes, each with its base). */
function bolModelChangeRequest(productId: number, body: object, headers: Record<string, string>): OutboxRequest {
  return { method: 'PATCH', url: `/api/v1/bol/model/${productId}`, headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

/** The labels of what a Bol-model change set changes (the panel's detail line): bol's attribute ids as bol names them, the images in `words`. */
export function bolChangeSetSummary(changes: BolModelChangeSet, words: DetailWords = ENGLISH_DETAIL_WORDS): string {
  return [...Object.keys(changes.attributes), ...(changes.media ? [words.details.bolImages] : [])].join(', ');
}

/** The parts of a Bol-model change-set conflict, mine beside theirs, with who changed theirs. */
export function bolChangeSetDifferences(server: unknown): FieldDifference[] {
  return isBolModelChangeConflict(server) ? conflictDifferences(server.conflicts) : [];
}

/** Shows the server's model with what still waits of mine on top (`own`: what of this entry still waits, then my later entries). */
async function showWithMineOnTop(db: BackofficeDatabase, entry: BolModelChangeEntry, server: BolModel, own: BolModelChangeSet | null): Promise<void> {
  let local: BolModel = own ? applyBolChangeSet(server, own) : server;
  for (const other of await laterEntriesOf(db, entry)) if (isBolModelChange(other)) local = applyBolChangeSet(local, other.payload.changes);
  await db.bolModels.put(local);
}

export const bolModelChange: WriteKind<BolModelChangeEntry, BolModelChangeChange> = {
  name: 'bol-model-change',
  label: syncPanelMessages.kinds.bolModel,
  async submit(ctx, change, author) {
    const changes = buildBolChangeSet(change.before, change.after, Date.now(), !isOnline());
    const entry = await enqueueBolModelChange(ctx.db, changes, change.after, author);
    return { saveId: entry?.id ?? '', uploadIds: [] };
  },
  productIdOf: (entry) => entry.payload.productId,
  detail: (entry, words) => bolChangeSetSummary(entry.payload.changes, words) || null,
  mine: (entry) => entry.payload.changes,
  diff: (_mine, theirs) => bolChangeSetDifferences(theirs),
  // No If-Match: the server merges attribute by attribute (docs/bol.md "PATCH /bol/model/{productId}").
  request: async (_ctx, entry, headers) => {
    const { 'If-Match': _ignored, ...rest } = headers;
    return bolModelChangeRequest(entry.payload.productId, versionedBody(entry.payload.changes, writeProtocolOf(entry)), rest);
  },
  async applySuccess(ctx, entry, answer) {
    if (isBolModel(answer)) await showWithMineOnTop(ctx.db, entry, answer, null);
  },
  conflicted: changeSetConflicted<BolModelChangeEntry, BolModelChangeSet, BolModelChangeConflict, BolModel>({
    isConflict: isBolModelChangeConflict,
    recordOf: (answer) => answer.model,
    conflictingPart: conflictingBolPart,
    showWithMineOnTop,
  }),
  async discarded(ctx, entry) {
    if (isBolModelChangeConflict(entry.serverCopy)) {
      await ctx.db.bolModels.put(entry.serverCopy.model);
      return;
    }
    // Undo my change on the device: every attribute back to its base.
    const kept = await ctx.db.bolModels.get(entry.payload.productId);
    if (!isBolModel(kept)) return;
    const { attributes, media } = entry.payload.changes;
    await ctx.db.bolModels.put(applyBolChangeSet(kept, { attributes: revertFields(attributes) as BolModelChangeSet['attributes'], ...(media ? { media: revertChange(media) } : {}) }));
  },
  async takeTheirs(ctx, _entry, server) {
    if (isBolModelChangeConflict(server)) await ctx.db.bolModels.put(server.model);
  },
  async settle(ctx, entry, choices, now) {
    const server = entry.serverCopy;
    if (!isBolModelChangeConflict(server)) return;
    const perField = typeof choices === 'string' ? Object.fromEntries(server.conflicts.map((conflict) => [conflict.field, choices])) : choices;
    const settled = settleBolConflicts(entry.payload.changes, server.conflicts, perField);
    if (isEmptyBolChangeSet(settled)) {
      await ctx.db.outbox.delete(entry.id);
      await ctx.db.bolModels.put(server.model);
      return;
    }
    const { serverCopy: _dropped, ...rest } = entry;
    const again: BolModelChangeEntry = { ...rest, payload: { ...entry.payload, changes: settled }, status: 'pending', attempts: 0, nextAttemptAt: 0, lastError: null, updatedAt: now };
    await ctx.db.outbox.put(again);
    // The open tab shows the server's model with my kept values on top, at once.
    await ctx.db.bolModels.put(applyBolChangeSet(server.model, settled));
  },
};
