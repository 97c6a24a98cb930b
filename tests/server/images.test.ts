import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProductImage } from '../../src/shared/contract';
import { productImages, products, suppliers } from '../../src/server/db/schema';
import { createTestApp, MEDIA_STORE_KINDS, type TestApp } from './support/test-app';

// On both media stores: the disk and a bucket on the S3 test server (docs/media-store.md).
describe.each(MEDIA_STORE_KINDS)('images on the %s store', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let supplierId: number;
  beforeAll(async () => {
    t = await createTestApp({ mediaStore: kind });
    auth = { Authorization: `Bearer ${await t.token()}` };
    const [supplier] = await t.database.db.insert(suppliers).values({ supplierName: 'Images test supplier' }).returning();
    supplierId = supplier!.supplierId;
  });
  afterAll(async () => {
    await t.close();
  });

  let sequence = 0;
  /** A product with images at the given positions; image i is named `image-<i>`. */
  async function productWithImages(count: number) {
    sequence += 1;
    const [product] = await t.database.db
      .insert(products)
      .values({ supplierId, sourceKey: `images-${sequence}`, title: `Product ${sequence}`, numberOfImages: count, version: 3 })
      .returning();
    const ids: string[] = [];
    for (let i = 1; i <= count; i += 1) {
      const id = randomUUID();
      ids.push(id);
      await t.database.db.insert(productImages).values({
        id,
        productId: product!.productId,
        filePath: i === 2 ? '' : `/media/aa/${'a'.repeat(63)}${i}.png`,
        sourceUrl: i === 2 ? 'https://supplier.example/img/2.jpg' : '',
        name: `image-${i}`,
        altImage: `alt ${i}`,
        isMainImage: i === 1,
        // Stored out of order on purpose: the answer follows position, not insertion.
        position: count + 1 - i,
      });
    }
    return { productId: product!.productId, imageIds: ids };
  }

  const get = (path: string, headers = auth) => t.app.request(path, { headers });
  const del = (path: string, headers = auth) => t.app.request(path, { method: 'DELETE', headers });

  async function productRow(productId: number) {
    const [row] = await t.database.db.select().from(products).where(eq(products.productId, productId));
    return row!;
  }

  beforeEach(() => {
    t.clock.now += 60_000;
  });

  describe('GET /api/v1/image/{productId}', () => {
    it("answers the product's images ordered by position, with the supplier's URL until re-exported", async () => {
      const { productId } = await productWithImages(3);
      const response = await get(`/api/v1/image/${productId}`);
      expect(response.status).toBe(200);
      const images = (await response.json()) as ProductImage[];
      expect(images.map((image) => image.name)).toEqual(['image-3', 'image-2', 'image-1']);
      expect(images[1]).toMatchObject({ filePath: 'https://supplier.example/img/2.jpg', altImage: 'alt 2', isMainImage: false });
      expect(images[2]).toMatchObject({ filePath: `/media/aa/${'a'.repeat(63)}1.png`, isMainImage: true });
      expect(Object.keys(images[0]!).sort()).toEqual(['altImage', 'filePath', 'id', 'isMainImage', 'name']);
    });

    it('answers an empty list for a product without images', async () => {
      const { productId } = await productWithImages(0);
      const response = await get(`/api/v1/image/${productId}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([]);
    });

    it('answers 404 for an unknown product and 400 for an id that is not a number', async () => {
      const unknown = await get('/api/v1/image/999999');
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ message: 'Product 999999 does not exist', messageId: 'server.productMissing', messageArgs: [999999] });

      const bad = await get('/api/v1/image/abc');
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ message: "The product id must be a positive whole number, not 'abc'", messageId: 'server.productIdNotValid', messageArgs: ['abc'] });
    });

    it('answers 401 without a token', async () => {
      const { productId } = await productWithImages(1);
      expect((await get(`/api/v1/image/${productId}`, {})).status).toBe(401);
    });
  });

  describe('DELETE /api/v1/image/{imageId}', () => {
    it('deletes the image, renumbers the rest 1..n, counts them and raises the version', async () => {
      const { productId, imageIds } = await productWithImages(4);
      const before = await productRow(productId);
      // image-4 is at position 1, image-3 at 2, image-2 at 3, image-1 at 4: delete image-3.
      const response = await del(`/api/v1/image/${imageIds[2]}`);
      expect(response.status).toBe(200);
      const remaining = (await response.json()) as ProductImage[];
      expect(remaining.map((image) => image.name)).toEqual(['image-4', 'image-2', 'image-1']);
      expect(response.headers.get('ETag')).toBe(`"${before.version + 1}"`);

      const rows = await t.database.db
        .select({ name: productImages.name, position: productImages.position })
        .from(productImages)
        .where(eq(productImages.productId, productId))
        .orderBy(asc(productImages.position));
      expect(rows).toEqual([
        { name: 'image-4', position: 1 },
        { name: 'image-2', position: 2 },
        { name: 'image-1', position: 3 },
      ]);
      const after = await productRow(productId);
      expect(after.numberOfImages).toBe(3);
      expect(after.version).toBe(before.version + 1);
      expect(after.dateUpdate.getTime()).toBe(t.clock.now);
    });

    it('keeps the stored file: files are shared by content', async () => {
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
      const stored = await t.media.storeImage(png);
      const { productId, imageIds } = await productWithImages(1);
      await t.database.db.update(productImages).set({ filePath: stored.filePath }).where(eq(productImages.id, imageIds[0]!));
      expect((await del(`/api/v1/image/${imageIds[0]}`)).status).toBe(200);
      expect((await productRow(productId)).numberOfImages).toBe(0);
      expect((await t.app.request(stored.filePath)).status).toBe(200);
    });

    it('answers 404 for an unknown image and changes nothing', async () => {
      const { productId } = await productWithImages(2);
      const before = await productRow(productId);
      const response = await del(`/api/v1/image/${randomUUID()}`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { message: string }).message).toMatch(/^Image '.+' does not exist$/);
      expect(await productRow(productId)).toEqual(before);
    });

    it('answers 401 without a token and keeps the image', async () => {
      const { productId, imageIds } = await productWithImages(1);
      expect((await del(`/api/v1/image/${imageIds[0]}`, {})).status).toBe(401);
      expect((await productRow(productId)).numberOfImages).toBe(1);
      expect((await (await get(`/api/v1/image/${productId}`)).json()) as ProductImage[]).toHaveLength(1);
    });

    it('answers 404 for the second delete of the same image', async () => {
      const { imageIds } = await productWithImages(2);
      expect((await del(`/api/v1/image/${imageIds[0]}`)).status).toBe(200);
      expect((await del(`/api/v1/image/${imageIds[0]}`)).status).toBe(404);
    });
  });
});
