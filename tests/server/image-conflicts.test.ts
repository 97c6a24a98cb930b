/**
 * Image changes with a base over the calls (docs/products.md "PATCH /product/{id}", "History";
 * docs/ean-and-images.md "DELETE /api/v1/image/{imageId}"): a delete that meets someone else's
 * edit, an edit or move that meets someone else's delete, both answered as conflicts with both
 * sides and who; Keep mine / Take theirs sent again; per-image history entries; the older
 * DELETE /image/{id} and versionless deletes still working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChangeSet, settleConflicts, type ChangeSetConflict, type ProductChangeSet } from '../../src/shared/change-set';
import type { Page, Product, ProductHistoryEntry, ProductImage } from '../../src/shared/contract';
import { imageDeleteKey } from '../../src/shared/image-delete-base';
import { imageHistoryLines } from '../../src/shared/image-history';
import { WRITE_PROTOCOL_VERSION } from '../../src/shared/write-protocol';
import { catalogueApp, MADE_AT, NOON } from './support/catalogue-app';
import { insertImages, insertMediaFile, insertProduct, type CatalogueFixture } from './support/product-fixtures';
import type { TestApp } from './support/test-app';

let t: TestApp;
let ann: Record<string, string>;
let bram: Record<string, string>;
let f: CatalogueFixture;

beforeAll(async () => {
  ({ t, f, as: { ann, bram } } = await catalogueApp({ people: ['ann', 'bram'], now: NOON }));
});
afterAll(async () => {
  await t.close();
});


async function product(productId: number): Promise<Product> {
  const response = await t.app.request(`/api/v1/product/${productId}`, { headers: ann });
  return (await response.json()) as Product;
}

function patch(productId: number, body: unknown, who: Record<string, string>) {
  return t.app.request(`/api/v1/product/${productId}`, { method: 'PATCH', headers: { ...who, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

/** The change from the product as `before` to its images as `images`, as the app sends it. */
function change(before: Product, images: ProductImage[]): ProductChangeSet & { protocol: number } {
  return { ...buildChangeSet(before, { ...before, productImages: images }, MADE_AT, true), protocol: WRITE_PROTOCOL_VERSION };
}

async function historyLines(productId: number): Promise<string[]> {
  const response = await t.app.request(`/api/v1/product/${productId}/history`, { headers: ann });
  const page = (await response.json()) as Page<ProductHistoryEntry>;
  return page.content.flatMap((entry) => entry.changes.flatMap((item) => imageHistoryLines(item.field, item.old, item.new, entry.author, item.restored === true)));
}

/** A product with three stored images x.png, y.png, z.png (y is image 2). */
async function productWithImages(): Promise<{ id: number; ids: string[]; start: Product }> {
  const id = await insertProduct(t.database.db, { supplierId: f.supplierIds.shoes, title: 'Shoe' });
  const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  const names = ['x.png', 'y.png', 'z.png'];
  const files = await Promise.all(names.map((name) => insertMediaFile(t.database.db, `${name}-${id}`)));
  await insertImages(t.database.db, id, ids.map((imageId, index) => ({ id: imageId, filePath: files[index] as string, name: names[index] as string, position: index + 1, isMainImage: index === 0 })));
  return { id, ids, start: await product(id) };
}

const images = (start: Product) => start.productImages;
const without = (start: Product, id: string) => images(start).filter((image) => image.id !== id);
/** Image 2 with an alt text, moved to the front. */
const altAndMoved = (start: Product, id: string) => {
  const moved = images(start).find((image) => image.id === id) as ProductImage;
  return [{ ...moved, altImage: 'Red shoe' }, ...without(start, id)];
};

/**
 * Bram's alt text and move of image 2 and Ann's delete of it, both made on the same product as
 * they saw it; `first` lands first, the other answers.
 */
async function clash(first: 'edit' | 'delete') {
  const { id, ids, start } = await productWithImages();
  const y = ids[1] as string;
  const [edit, deletion] = [change(start, altAndMoved(start, y)), change(start, without(start, y))];
  const [firstSet, firstWho, mine, who] = first === 'edit' ? [edit, bram, deletion, ann] : [deletion, ann, edit, bram];
  expect((await patch(id, firstSet, firstWho)).status).toBe(200);
  const response = await patch(id, mine, who);
  expect(response.status).toBe(409);
  return { id, ids, start, y, mine, who, body: (await response.json()) as ChangeSetConflict };
}

/** Sends `mine` again after choosing `choice` for image 2's conflict. */
async function choose(found: Awaited<ReturnType<typeof clash>>, choice: 'mine' | 'theirs') {
  const settled = settleConflicts(found.mine, found.body.conflicts, { [imageDeleteKey(found.y)]: choice }, found.body.product);
  return { settled, status: (await patch(found.id, { ...settled, protocol: WRITE_PROTOCOL_VERSION }, found.who)).status };
}

describe('an image deleted while someone else changed it', () => {
  it('answers 409 with both sides and who changed it; nothing is deleted', async () => {
    const { id, y, body } = await clash('edit');
    expect(body.conflicts).toEqual([
      {
        field: imageDeleteKey(y),
        label: "Image 1 'y.png'",
        base: expect.objectContaining({ id: y, altImage: '', position: 2 }),
        mine: null,
        theirs: expect.objectContaining({ id: y, altImage: 'Red shoe', position: 1 }),
        changedBy: 'bram',
        changedAt: '2025-06-01T12:00:00.000Z',
      },
    ]);
    expect((await product(id)).productImages.map((image) => image.id)).toContain(y);
  });

  it("Keep mine deletes it; the history reads 'deleted by ann'", async () => {
    const found = await clash('edit');
    const { id, ids } = found;
    expect((await choose(found, 'mine')).status).toBe(200);
    expect((await product(id)).productImages.map((image) => image.id)).toEqual([ids[0], ids[2]]);
    expect((await historyLines(id))[0]).toBe("Image 1 'y.png' deleted by ann");
  });

  it('an image nobody changed is deleted, and others deleting around it change nothing', async () => {
    const { id, ids, start } = await productWithImages();
    expect((await patch(id, change(start, without(start, ids[0] as string)), bram)).status).toBe(200);
    expect((await patch(id, change(start, without(start, ids[1] as string)), ann)).status).toBe(200);
    expect((await product(id)).productImages.map((image) => image.id)).toEqual([ids[2]]);
  });

  it('both people deleting it is no conflict', async () => {
    const { id, ids, start } = await productWithImages();
    expect((await patch(id, change(start, without(start, ids[1] as string)), bram)).status).toBe(200);
    expect((await patch(id, change(start, without(start, ids[1] as string)), ann)).status).toBe(200);
  });
});

describe('an image changed while someone else deleted it', () => {
  it('answers 409: theirs is the delete (who, when), mine the image with my alt text at my place, which can come back', async () => {
    const { y, start, body } = await clash('delete');
    expect(body.conflicts).toEqual([
      {
        field: imageDeleteKey(y),
        label: "Image 2 'y.png'",
        base: expect.objectContaining({ id: y, altImage: '', position: 2 }),
        mine: expect.objectContaining({ id: y, name: 'y.png', altImage: 'Red shoe', position: 1, restorable: true, filePath: start.productImages[1]?.filePath }),
        theirs: null,
        changedBy: 'ann',
        changedAt: '2025-06-01T12:00:00.000Z',
      },
    ]);
  });

  it('Keep mine brings it back with my alt text at my place; the history reads as people write', async () => {
    const found = await clash('delete');
    const { id, ids, y } = found;
    expect((await choose(found, 'mine')).status).toBe(200);
    const now = await product(id);
    expect(now.productImages.map((image) => [image.id, image.altImage])).toEqual([
      [y, 'Red shoe'],
      [ids[0], ''],
      [ids[2], ''],
    ]);
    // Brought back, not added: the history knew the image (its delete).
    const lines = await historyLines(id);
    expect(lines).toContain("Image 1 'y.png' restored by bram");
    expect(lines).not.toContain("Image 1 'y.png' added");
    expect(lines).toContain("Image 2 'y.png' deleted by ann");
    expect(lines.join('\n')).not.toMatch(/images →/);
  });

  it('Keep mine sent in a batch (the outbox with several products waiting) reads restored as well', async () => {
    const found = await clash('delete');
    const settled = settleConflicts(found.mine, found.body.conflicts, { [imageDeleteKey(found.y)]: 'mine' }, found.body.product);
    const response = await t.app.request('/api/v1/product/batch', {
      method: 'POST',
      headers: { ...found.who, 'Content-Type': 'application/json' },
      body: JSON.stringify({ items: [{ productId: found.id, key: crypto.randomUUID(), changes: { ...settled, protocol: WRITE_PROTOCOL_VERSION } }] }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { items: { status: number }[] }).items.map((item) => item.status)).toEqual([200]);
    expect((await product(found.id)).productImages.map((image) => image.id)).toContain(found.y);
    expect(await historyLines(found.id)).toContain("Image 1 'y.png' restored by bram");
  });

  it('a new image added is still "added", not restored', async () => {
    const { id, start } = await productWithImages();
    const file = await insertMediaFile(t.database.db, `new.png-${id}`);
    const added = { id: crypto.randomUUID(), filePath: file, name: 'new.png', altImage: '', isMainImage: false };
    expect((await patch(id, change(start, [...start.productImages, added]), bram)).status).toBe(200);
    expect((await historyLines(id))[0]).toBe("Image 4 'new.png' added");
  });

  it('Take theirs leaves it deleted and sends nothing of it', async () => {
    const found = await clash('delete');
    const { settled, status } = await choose(found, 'theirs');
    expect(settled.images).toEqual({ added: [], deleted: [], edited: [] });
    expect(status).toBe(200);
    expect((await product(found.id)).productImages.map((image) => image.id)).not.toContain(found.y);
  });

  it('an image still at the supplier address cannot come back: mine says so', async () => {
    const id = await insertProduct(t.database.db, { supplierId: f.supplierIds.shoes, title: 'Boot' });
    const [one, two] = [crypto.randomUUID(), crypto.randomUUID()];
    await insertImages(t.database.db, id, [
      { id: one, sourceUrl: 'https://supplier.example/one.jpg', name: 'one.jpg', position: 1 },
      { id: two, sourceUrl: 'https://supplier.example/two.jpg', name: 'two.jpg', position: 2 },
    ]);
    const start = await product(id);
    await patch(id, change(start, without(start, two)), ann);
    const response = await patch(id, change(start, start.productImages.map((image) => (image.id === two ? { ...image, altImage: 'side' } : image))), bram);
    const body = (await response.json()) as ChangeSetConflict;
    expect(body.conflicts[0]).toMatchObject({ field: imageDeleteKey(two), mine: { altImage: 'side', restorable: false }, changedBy: 'ann' });
  });
});

describe('history of image changes', () => {
  it('an alt text edit is one readable entry of that image', async () => {
    const { id, ids, start } = await productWithImages();
    const edited = start.productImages.map((image) => (image.id === ids[1] ? { ...image, altImage: 'Side view' } : image));
    expect((await patch(id, change(start, edited), bram)).status).toBe(200);
    expect(await historyLines(id)).toEqual(["Image 2 'y.png': alt text '' → 'Side view'"]);
  });

  it('a move and a new main image', async () => {
    const { id, ids, start } = await productWithImages();
    const [x, y, z] = start.productImages as [ProductImage, ProductImage, ProductImage];
    expect((await patch(id, change(start, [{ ...y, isMainImage: true }, { ...x, isMainImage: false }, z]), bram)).status).toBe(200);
    expect(await historyLines(id)).toEqual([
      "Image 1 'y.png' moved from 2 to 1",
      "Image 1 'y.png' is now the main image",
      "Image 2 'x.png' moved from 1 to 2",
      "Image 2 'x.png' is no longer the main image",
    ]);
    expect(ids).toHaveLength(3);
  });
});

describe('older apps', () => {
  it('DELETE /image/{id} still deletes whatever the image is now, and its delete is in the history', async () => {
    const { id, ids, start } = await productWithImages();
    await patch(id, change(start, altAndMoved(start, ids[1] as string)), bram);
    const response = await t.app.request(`/api/v1/image/${ids[1]}`, { method: 'DELETE', headers: ann });
    expect(response.status).toBe(200);
    expect(response.headers.get('ETag')).toBeTruthy();
    expect((await product(id)).productImages.map((image) => image.id)).toEqual([ids[0], ids[2]]);
    expect((await historyLines(id))[0]).toBe("Image 1 'y.png' deleted by ann");
    expect((await t.app.request(`/api/v1/image/${ids[1]}`, { method: 'DELETE', headers: ann })).status).toBe(404);
  });

  it('a versionless change set (no delete base) deletes as before, even an image someone else changed', async () => {
    const { id, ids, start } = await productWithImages();
    await patch(id, change(start, altAndMoved(start, ids[1] as string)), bram);
    const old = { fields: {}, images: { added: [], deleted: [ids[1]], edited: [] }, madeAt: MADE_AT, offline: true };
    expect((await patch(id, old, ann)).status).toBe(200);
    expect((await product(id)).productImages.map((image) => image.id)).toEqual([ids[0], ids[2]]);
  });

  it('a delete base that is not valid is refused with 400', async () => {
    const { id, ids } = await productWithImages();
    const bad = { fields: {}, images: { added: [], deleted: [ids[1]], edited: [], deletedBase: [{ id: ids[1], order: 'y' }] }, madeAt: MADE_AT, offline: true, protocol: WRITE_PROTOCOL_VERSION };
    expect((await patch(id, bad, ann)).status).toBe(400);
    expect((await t.app.request(`/api/v1/product/${id}`, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(401);
  });
});
