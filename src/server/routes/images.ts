/**
 * Product images: list, delete, and the upload of one image file per request.
 * See docs/ean-and-images.md for the answers, limits and the Idempotency-Key behaviour.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ProductImage } from '../../shared/contract';
import { serverSentence } from '../../shared/server-messages';
import type { CatalogueDeps } from '../catalogue/catalogue-deps';
import { deleteImage } from '../catalogue/image-delete';
import { imagesOfProduct, toProductImage } from '../catalogue/image-rows';
import { authorOf } from '../http/author';
import { productEtag } from '../http/version-etag';
import { products } from '../db/schema';
import { ApiError } from '../http/errors';
import { uploadBodyLimitBytes, type SingleFileUpload } from '../http/single-file-upload';
import { receiveSingleFile, streamedBodyLimit } from '../http/streamed-upload';
import { checkIdempotencyKey, IDEMPOTENCY_HEADER, runIdempotent } from '../http/idempotency';
import { idOf, quoted } from '../http/request-params';
import type { AuthEnv } from '../http/require-token';
import { ImageTooLargeError, MAX_IMAGE_BYTES, NotAnImageError } from '../media/media-store';

/** The multipart field of the upload (docs/requirements.md §7). */
export const IMAGE_UPLOAD_FIELD = 'multipartFile';

export const imageTooLarge = () => ApiError.saying(413, serverSentence('imageTooLarge', MAX_IMAGE_BYTES / 1024 / 1024));
const IMAGE_UPLOAD: SingleFileUpload = { field: IMAGE_UPLOAD_FIELD, maxBytes: MAX_IMAGE_BYTES, what: 'an image file', tooLarge: imageTooLarge };
/** The largest request body the image upload reads. */
export const MAX_IMAGE_UPLOAD_BODY_BYTES = uploadBodyLimitBytes(IMAGE_UPLOAD);

function parseProductId(value: string): number {
  const id = idOf(value);
  if (id === null) throw ApiError.saying(400, serverSentence('productIdNotValid', quoted(value)));
  return id;
}

export function imageRoutes(deps: Pick<CatalogueDeps, 'db' | 'media' | 'now'>) {
  const { db } = deps;
  const now = () => new Date(deps.now?.() ?? Date.now());

  return new Hono<AuthEnv>()
    .get('/image/:productId', async (c) => {
      const productId = parseProductId(c.req.param('productId'));
      const [product] = await db.select({ productId: products.productId }).from(products).where(eq(products.productId, productId));
      if (!product) throw ApiError.saying(404, serverSentence('productMissing', productId));
      const rows = await imagesOfProduct(db, productId);
      return c.json(rows.map(toProductImage));
    })

    /**
     * Deletes one image (older apps' queued deletes; catalogue/image-delete.ts records it in the
     * history); answers the product's remaining images in their new order, with the product's new
     * version as ETag (the delete changes the product, so a save that follows must be based on
     * this version). The stored file stays: it is content-addressed and may be shared.
     */
    .delete('/image/:imageId', async (c) => {
      const imageId = c.req.param('imageId');
      // Keyed, because the outbox re-sends a delete whose answer was lost: the repeat must get the
      // first answer (with the product's new version), not a 404 that hides that version.
      const result = await runIdempotent(
        db,
        { key: c.req.header(IDEMPOTENCY_HEADER), userId: c.get('user').userId, route: 'DELETE /image', fingerprint: imageId },
        async () => {
          const deleted = await db.transaction((tx) => deleteImage(tx, imageId, authorOf(c), now()));
          if (!deleted) throw ApiError.saying(404, serverSentence('imageMissing', imageId.slice(0, 100)));
          return { status: 200, body: deleted };
        },
      );
      const answer = result.body as { images: ProductImage[]; version: number };
      if (result.replayed) c.header('Idempotent-Replayed', 'true');
      c.header('ETag', productEtag(answer.version));
      return c.json(answer.images);
    })

    /**
     * One image file per request; answers the stored file's path as a JSON string. Streamed
     * (docs/media-store.md, "Streamed uploads"): the file is checked, hashed and spooled while it
     * arrives; its SHA-256 is the Idempotency-Key fingerprint; then the store puts it under that hash.
     */
    .post('/media/save/image', streamedBodyLimit(MAX_IMAGE_UPLOAD_BODY_BYTES, imageTooLarge), async (c) => {
      checkIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER)); // a bad key is refused before the upload is read
      const taken = await receiveSingleFile(
        c,
        IMAGE_UPLOAD,
        (file) => deps.media.takeIn(file),
        (image) => image.discard(),
        (error) => {
          if (error instanceof NotAnImageError) return ApiError.saying(415, serverSentence('notAnImage'));
          if (error instanceof ImageTooLargeError) return imageTooLarge();
          return error;
        },
      );
      try {
        const result = await runIdempotent(
          db,
          { key: c.req.header(IDEMPOTENCY_HEADER), userId: c.get('user').userId, route: 'POST /media/save/image', fingerprint: taken.sha256 },
          async () => ({ status: 200, body: (await deps.media.storeTaken(taken)).filePath }),
        );
        if (result.replayed) c.header('Idempotent-Replayed', 'true');
        return c.json(result.body, result.status as ContentfulStatusCode);
      } finally {
        await taken.discard();
      }
    });

}
