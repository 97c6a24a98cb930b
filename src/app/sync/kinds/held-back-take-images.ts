/**
 * The write kind `held-back-take-images`: "Take the supplier's" on a held-back image list
 * (docs/product-edit.md "The supplier now says"; docs/feeds.md "Held-back values"), POST
 * /api/v1/product/{id}/held-back/images/take with the supplier's list as the note showed it and the
 * product's images as the device showed them (the base). The device shows the supplier's images at
 * once, also offline (src/shared/held-images-take.ts); the entry waits in the outbox like any write
 * and is sent when the connection returns. The server answers success for a hold already ended, so a
 * send repeated after a lost answer is harmless. A conflict (the images or the supplier's list
 * changed since) puts the server's product back on the device, so its note shows again; Keep mine
 * in the status panel sends the take again over the images as they are now.
 */
import type { Product, ProductImage } from '../../../shared/contract';
import { imagesAfterTake, type TakeHeldImages } from '../../../shared/held-images-take';
import type { OutboxRequest } from '../../api/outbox-requests';
import { fromCachedProduct, toCachedProduct, type BackofficeDatabase } from '../../db/database';
import { withQuotaFallback } from '../../db/storage';
import { productEntityKey, type KindEntry, type OutboxRow } from '../../db/outbox-entry';
import { imageFileName } from '../../lib/field-value-text';
import { isOnline } from '../../lib/online';
import { isProduct } from '../outbox-memory';
import { withoutHold } from './held-back-dismiss';
import { addEntry, laterEntriesOf } from './outbox-queue';
import type { WriteContext, WriteKind } from './write-kind';
import { syncPanelMessages } from '../../../shared/sync-panel-messages';

export interface HeldBackTakeImagesPayload extends TakeHeldImages {
  productId: number;
  /** What the device showed before (not sent): put back when the waiting take is discarded. */
  shownBefore?: Pick<Product, 'productImages' | 'heldBack'>;
}
export type HeldBackTakeImagesEntry = KindEntry<'held-back-take-images', HeldBackTakeImagesPayload>;

/** The change a feature submits: take the supplier's held-back image list of a product. */
export interface HeldBackTakeImagesChange extends TakeHeldImages {
  kind: 'held-back-take-images';
  productId: number;
}

export const HELD_BACK_TAKE_IMAGES = 'held-back-take-images';

/** The device's image: a feed image not yet stored here shows its supplier address. */
const isSupplierAddress = (filePath: string): boolean => /^https?:\/\//i.test(filePath);

/**
 * The product as the device shows it once the supplier's list is taken: the supplier's images in
 * its order, then the images stored here that are not the supplier's (the server's rule, read from
 * what the device knows), the hold gone. New images get a stand-in id until the answer arrives.
 */
export function withSupplierImages(product: Product, images: readonly string[]): Product {
  let added = 0;
  const taken = imagesAfterTake(
    product.productImages.map((image) => ({ id: image.id, sourceUrl: isSupplierAddress(image.filePath) ? image.filePath : '', isMainImage: image.isMainImage })),
    images,
    () => `supplier-image-${(added += 1)}`,
  );
  const byId = new Map(product.productImages.map((image) => [image.id, image]));
  const productImages = taken.images.map((image): ProductImage => {
    const kept = byId.get(image.id);
    return kept
      ? { ...kept, isMainImage: image.isMainImage }
      : { id: image.id, filePath: image.sourceUrl, name: imageFileName(image.sourceUrl), altImage: '', isMainImage: image.isMainImage };
  });
  return { ...withoutHold(product, 'images'), productImages, numberOfImages: productImages.length };
}

const isTakeOf = (row: OutboxRow, productId: number): boolean =>
  row.kind === HELD_BACK_TAKE_IMAGES && (row.payload as HeldBackTakeImagesPayload).productId === productId && (row.status === 'pending' || row.status === 'sending');

/**
 * Queues the take and shows the supplier's images on the device at once. A second take of the same
 * product while one waits queues nothing more. Answers the entry.
 */
export async function enqueueHeldBackTakeImages(db: BackofficeDatabase, target: HeldBackTakeImagesPayload, author: string, now: number = Date.now()): Promise<HeldBackTakeImagesEntry> {
  return withQuotaFallback(db, () =>
    db.transaction('rw', [db.outbox, db.products, db.meta], async () => {
      const entityKey = productEntityKey(target.productId);
      const waiting = (await db.outbox.where('entityKey').equals(entityKey).toArray()).find((row) => isTakeOf(row, target.productId));
      if (waiting) return waiting as HeldBackTakeImagesEntry;
      const local = await db.products.get(target.productId);
      const shown = local ? fromCachedProduct(local) : null;
      if (shown) await db.products.put(toCachedProduct(withSupplierImages(shown, target.images)));
      const shownBefore = shown ? { productImages: shown.productImages, ...(shown.heldBack ? { heldBack: shown.heldBack } : {}) } : undefined;
      return addEntry<HeldBackTakeImagesEntry>(db, { kind: HELD_BACK_TAKE_IMAGES, entityKey, author, payload: { ...target, ...(shownBefore ? { shownBefore } : {}) } }, now);
    }),
  );
}

/** POST /api/v1/product/{id}/held-back/images/take. */
function takeRequest(payload: HeldBackTakeImagesPayload, headers: Record<string, string>): OutboxRequest {
  const body: TakeHeldImages = { images: payload.images, base: payload.base, offline: payload.offline === true };
  return { method: 'POST', url: `/api/v1/product/${payload.productId}/held-back/images/take`, headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

/** The server's product of an answer: the product itself (success), or the conflict's `product`. */
function productOf(answer: unknown): Product | null {
  if (isProduct(answer)) return answer;
  const inner = typeof answer === 'object' && answer !== null ? (answer as { product?: unknown }).product : undefined;
  return isProduct(inner) ? inner : null;
}

/** The server's product on the device; with my later changes waiting, only its images and holds. */
async function showServerProduct(ctx: WriteContext, entry: HeldBackTakeImagesEntry, server: Product): Promise<void> {
  const later = await laterEntriesOf(ctx.db, entry);
  const local = await ctx.db.products.get(entry.payload.productId);
  if (later.length === 0 || !local) {
    await ctx.db.products.put(toCachedProduct(server));
    return;
  }
  const { heldBack: _old, ...rest } = fromCachedProduct(local);
  const images = { productImages: server.productImages, numberOfImages: server.numberOfImages };
  await ctx.db.products.put(toCachedProduct(server.heldBack ? { ...rest, ...images, heldBack: server.heldBack } : { ...rest, ...images }));
}

export const heldBackTakeImages: WriteKind<HeldBackTakeImagesEntry, HeldBackTakeImagesChange> = {
  name: HELD_BACK_TAKE_IMAGES,
  label: syncPanelMessages.kinds.takeSupplierImages,
  async submit(ctx, change, author) {
    const entry = await enqueueHeldBackTakeImages(ctx.db, { productId: change.productId, images: change.images, base: change.base, offline: !isOnline() }, author);
    return { saveId: entry.id, uploadIds: [] };
  },
  productIdOf: (entry) => entry.payload.productId,
  detail: (entry, words) => words.details.supplierImages(entry.payload.images.length),
  mine: () => null,
  diff: () => [],
  // No If-Match: the take builds on the image list it carries, not on a version of the product.
  request: async (_ctx, entry, headers) => {
    const { 'If-Match': _ignored, ...rest } = headers;
    return takeRequest(entry.payload, rest);
  },
  async applySuccess(ctx, entry, answer) {
    const server = productOf(answer);
    if (server) await showServerProduct(ctx, entry, server);
  },
  // The server wrote nothing: the device shows the server's product (its note shows again), and
  // the entry, kept, now builds on the images as they are, so Keep mine takes the list over them.
  async conflicted(ctx, entry, answer) {
    const server = productOf(answer);
    if (!server) return null;
    await showServerProduct(ctx, entry, server);
    return { ...entry.payload, base: server.productImages.map((image) => image.id) };
  },
  // Dropped before it was sent: the device shows its images and the supplier's note again (after a
  // conflict it shows the server's product already).
  async discarded(ctx, entry) {
    const before = entry.payload.shownBefore;
    const local = await ctx.db.products.get(entry.payload.productId);
    if (!before || !local || entry.status === 'conflict') return;
    const { heldBack: _taken, ...rest } = fromCachedProduct(local);
    const restored = { ...rest, productImages: before.productImages, numberOfImages: before.productImages.length };
    await ctx.db.products.put(toCachedProduct(before.heldBack ? { ...restored, heldBack: before.heldBack } : restored));
  },
  async takeTheirs(ctx, entry, server) {
    const product = productOf(server);
    if (product) await showServerProduct(ctx, entry, product);
  },
};
