/**
 * The write kind `image-delete` (docs/ean-and-images.md): DELETE /api/v1/image/{imageId} of an
 * image the server stores. The device's copy loses the image at once. The editor now deletes an
 * image in a change set with the image as its base (docs/product-edit.md "Images"); this kind stays
 * for entries older builds queued, which are sent as they were.
 */
import type { OutboxRequest } from '../../api/outbox-requests';
import type { BackofficeDatabase } from '../../db/database';
import { withQuotaFallback } from '../../db/storage';
import { productEntityKey, type KindEntry } from '../../db/outbox-entry';
import { recordOwnVersion } from '../outbox-memory';
import { addEntry, rebaseLater, versionFromEtag } from './outbox-queue';
import type { WriteKind } from './write-kind';
import { syncPanelMessages } from '../../../shared/sync-panel-messages';

export interface ImageDeletePayload {
  productId: number;
  imageId: string;
}
export type ImageDeleteEntry = KindEntry<'image-delete', ImageDeletePayload>;

/** The change a feature submits: remove a stored image of a product. */
export interface ImageDeleteChange {
  kind: 'image-delete';
  productId: number;
  imageId: string;
}

/** Queues the deletion of a stored image and removes it from the local copy at once. */
export async function enqueueImageDelete(
  db: BackofficeDatabase,
  target: ImageDeletePayload,
  author: string,
  now: number = Date.now(),
): Promise<ImageDeleteEntry> {
  return withQuotaFallback(db, () =>
    db.transaction('rw', [db.outbox, db.products, db.meta], async () => {
      const local = await db.products.get(target.productId);
      if (local) {
        await db.products.put({ ...local, productImages: local.productImages.filter((image) => image.id !== target.imageId) });
      }
      return addEntry<ImageDeleteEntry>(db, { kind: 'image-delete', entityKey: productEntityKey(target.productId), author, payload: target }, now);
    }),
  );
}

/** DELETE /api/v1/image/{imageId}. */
function imageDeleteRequest(imageId: string, headers: Record<string, string>): OutboxRequest {
  return { method: 'DELETE', url: `/api/v1/image/${encodeURIComponent(imageId)}`, headers };
}

export const imageDelete: WriteKind<ImageDeleteEntry, ImageDeleteChange> = {
  name: 'image-delete',
  label: syncPanelMessages.kinds.imageDelete,
  async submit(ctx, change, author) {
    const entry = await enqueueImageDelete(ctx.db, { productId: change.productId, imageId: change.imageId }, author);
    return { saveId: entry.id, uploadIds: [] };
  },
  productIdOf: (entry) => entry.payload.productId,
  detail: (entry, words) => words.details.image(entry.payload.imageId),
  mine: () => null,
  diff: () => [],
  request: async (_ctx, entry, headers) => imageDeleteRequest(entry.payload.imageId, headers),
  // A delete sent again after its answer was lost finds the image gone: that is what we wanted.
  reread: (_verdict, status) => (status === 404 ? { kind: 'done' } : null),
  async applySuccess(ctx, entry, _answer, headers) {
    const version = versionFromEtag(headers);
    if (version === null) return;
    await rebaseLater(ctx, entry, version);
    // The delete raised the version by one; an edit made on the version before builds on this one.
    await recordOwnVersion(ctx.db, entry.entityKey, entry.author, version - 1, version);
    const local = await ctx.db.products.get(entry.payload.productId);
    if (local && local.version < version) await ctx.db.products.put({ ...local, version });
  },
  discarded: async () => undefined,
  takeTheirs: async () => undefined,
};
