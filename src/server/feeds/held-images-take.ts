/**
 * "Take the supplier's" on a held-back image list (docs/feeds.md, "Held-back values"): the supplier's
 * list is written as an import writes a list it may write (feed images whose address left the list
 * go, a re-exported image that stays keeps its file, new addresses become image rows named by their
 * file, one main image, number_of_images), the list becomes the feed's base, the hold ends, the
 * version goes up and the history names who took it. Written only over the image list the device
 * showed (its base, src/shared/held-images-take.ts); a hold already ended answers the product, so
 * the outbox may send it again after a lost answer (docs/offline.md, "Writes"). Runs in the
 * caller's transaction.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Product } from '../../shared/contract';
import { imagesAfterTake, takeVerdict, type TakeHeldImages } from '../../shared/held-images-take';
import { imageHistoryChanges } from '../../shared/image-history';
import { heldImagesMessages } from '../../shared/held-images-messages';
import { orderedUuid } from '../db/ordered-uuid';
import { queryRows, type Queryable } from '../db/query-rows';
import { productImages } from '../db/schema';
import { ApiError } from '../http/errors';
import { serverSentence } from '../../shared/server-messages';
import { recordHistory } from '../catalogue/product-history';
import { loadProduct, loadProductForSave } from '../catalogue/product-read-model';
import { imageName } from './feed-batch-writer';
import { FEED_BASE_IMAGES, imagesMd5, type FeedHeldEntry } from './feed-fields-sql';

/** A take's answer: the product (taken, or the hold had ended already), or a conflict with the product as it is. */
export type TakeOutcome = { kind: 'taken' | 'ended'; product: Product } | { kind: 'conflict'; message: string; product: Product };

/** The held image list of products.feed_held, or null when none is held. */
function heldList(feedHeld: unknown): string[] | null {
  const entry = (feedHeld as Record<string, FeedHeldEntry | undefined> | null)?.images;
  if (!entry || !Array.isArray(entry.value)) return null;
  return entry.value.filter((url): url is string => typeof url === 'string');
}

export async function takeHeldImages(tx: Queryable, productId: number, take: TakeHeldImages, who: { author: string; deviceAt: Date | null }, now: Date): Promise<TakeOutcome> {
  // Locked as every save of the product is: no other save of it runs until this one ends.
  const before = await loadProductForSave(tx, productId);
  if (!before) throw ApiError.saying(404, serverSentence('productMissing', productId));
  const verdict = takeVerdict(heldList(before.row.product.feedHeld), before.images.map((image) => image.id), take);
  if (verdict === 'ended') return { kind: 'ended', product: before.product };
  if (verdict !== 'take') {
    const message = verdict === 'supplier-changed' ? heldImagesMessages.supplierImagesChanged : heldImagesMessages.imagesChangedSinceShown;
    return { kind: 'conflict', message, product: before.product };
  }

  const planned = imagesAfterTake(before.images, take.images, orderedUuid);
  if (planned.removed.length > 0) {
    await tx.delete(productImages).where(and(eq(productImages.productId, productId), inArray(productImages.id, planned.removed)));
  }
  const rows = new Map(before.images.map((row) => [row.id, row]));
  const added: (typeof productImages.$inferInsert)[] = [];
  for (const [index, image] of planned.images.entries()) {
    const position = index + 1;
    if (image.added) {
      added.push({ id: image.id, productId, sourceUrl: image.sourceUrl, name: imageName(image.sourceUrl), isMainImage: image.isMainImage, position, createdAt: now });
      continue;
    }
    const row = rows.get(image.id);
    if (row && (row.position !== position || row.isMainImage !== image.isMainImage)) {
      await tx.update(productImages).set({ position, isMainImage: image.isMainImage }).where(eq(productImages.id, image.id));
    }
  }
  if (added.length > 0) await tx.insert(productImages).values(added);
  // The list is the feed's base now (an md5, as the import keeps it) and its hold ends.
  const [saved] = await queryRows<{ version: number }>(
    tx,
    sql`update products p
           set number_of_images = ${planned.images.length}, feed_base[${sql.raw(String(FEED_BASE_IMAGES))}] = ${imagesMd5(take.images)},
               feed_held = nullif(p.feed_held - 'images', '{}'::jsonb), version = p.version + 1, date_update = ${now.toISOString()}::timestamptz
         where p.product_id = ${productId}
        returning p.version`,
  );
  const product = await loadProduct(tx, productId);
  if (!saved || !product) throw new Error(`product ${productId} vanished while taking the supplier's images`);
  const mine = before.images.map((image) => (image.filePath !== '' ? image.filePath : image.sourceUrl));
  await recordHistory(tx, [
    {
      productId,
      author: who.author,
      how: take.offline ? 'offline-sync' : 'editor',
      deviceAt: who.deviceAt,
      serverAt: now,
      version: saved.version,
      changes: [{ field: 'images', old: mine, new: take.images, taken: true }, ...imageHistoryChanges(before.product.productImages, product.productImages)],
    },
  ]);
  return { kind: 'taken', product };
}
