/** Image changes in the history, as people read them (docs/products.md "History"; src/shared/image-history.ts). */
import { describe, expect, it } from 'vitest';
import type { ProductImage } from '../../src/shared/contract';
import { imageHistoryChanges, imageHistoryLines, imageSideText, isImageHistoryField } from '../../src/shared/image-history';

const img = (id: string, extra: Partial<ProductImage> = {}): ProductImage => ({ id, filePath: `/media/ab/${id}.png`, name: `${id}.png`, altImage: '', isMainImage: false, ...extra });
const lines = (before: ProductImage[], after: ProductImage[], author = 'Bram') =>
  imageHistoryChanges(before, after).flatMap((change) => imageHistoryLines(change.field, change.old, change.new, author));

describe('image history changes', () => {
  it('records one change per image that changed, none for the others', () => {
    const changes = imageHistoryChanges([img('x'), img('y')], [img('x'), img('y', { altImage: 'Red shoe' })]);
    expect(changes).toEqual([
      {
        field: 'image:y',
        old: { position: 2, filePath: '/media/ab/y.png', name: 'y.png', altImage: '', isMainImage: false },
        new: { position: 2, filePath: '/media/ab/y.png', name: 'y.png', altImage: 'Red shoe', isMainImage: false },
      },
    ]);
    expect(isImageHistoryField('image:y')).toBe(true);
    expect(isImageHistoryField('image:y:altImage')).toBe(false);
  });

  it('an image that only shifts because one before it was deleted is not moved', () => {
    expect(imageHistoryChanges([img('x'), img('y'), img('z')], [img('y'), img('z')]).map((change) => change.field)).toEqual(['image:x']);
  });
});

describe('the sentences', () => {
  it('a delete names the image, its place and who deleted it', () => {
    expect(lines([img('x'), img('y')], [img('x')])).toEqual(["Image 2 'y.png' deleted by Bram"]);
  });

  it('an alt text change', () => {
    expect(lines([img('x'), img('y', { altImage: 'old' })], [img('x'), img('y', { altImage: 'Red shoe' })])).toEqual(["Image 2 'y.png': alt text 'old' → 'Red shoe'"]);
  });

  it('a move from 2 to 1 (the image passed over moves too)', () => {
    expect(lines([img('x'), img('y')], [img('y'), img('x')])).toEqual(["Image 1 'y.png' moved from 2 to 1", "Image 2 'x.png' moved from 1 to 2"]);
  });

  it('the main image changed', () => {
    expect(lines([img('x', { isMainImage: true }), img('y')], [img('x'), img('y', { isMainImage: true })])).toEqual([
      "Image 1 'x.png' is no longer the main image",
      "Image 2 'y.png' is now the main image",
    ]);
  });

  it('an image added, and a name change; an image without a name goes by its file', () => {
    expect(lines([img('x', { name: '' })], [img('x', { name: 'front' }), img('n')])).toEqual(["Image 1 'x.png': name '' → 'front'", "Image 2 'n.png' added"]);
  });

  it('an add that brings a deleted image back reads as restored, by whom', () => {
    const back = { position: 2, filePath: '/media/x.png', name: 'x.png', altImage: 'Red shoe', isMainImage: false };
    expect(imageHistoryLines('image:x', null, back, 'anna', true)).toEqual(["Image 2 'x.png' restored by anna"]);
    expect(imageHistoryLines('image:x', null, back, 'anna')).toEqual(["Image 2 'x.png' added"]);
  });

  it('an entry written before per-image changes (the whole list) reads the same way, not "2 images → 2 images"', () => {
    const legacy = (images: ProductImage[]) => images.map(({ id, filePath, altImage, isMainImage }) => ({ id, filePath, altImage, isMainImage }));
    expect(imageHistoryLines('productImages', legacy([img('x'), img('y')]), legacy([img('x', { altImage: 'front' })]), 'Ann')).toEqual([
      "Image 2 'y.png' deleted by Ann",
      "Image 1 'x.png': alt text '' → 'front'",
    ]);
  });
});

describe('a side of an image conflict', () => {
  it('reads as what that side has, or Deleted', () => {
    expect(imageSideText(null)).toBe('Deleted');
    expect(imageSideText({ id: 'y', altImage: 'Red shoe', position: 1 })).toBe("alt text 'Red shoe', position 1");
    expect(imageSideText({ id: 'y', altImage: '', position: 2, isMainImage: true })).toBe("alt text '', position 2, main image");
    expect(imageSideText({ id: 'y', altImage: 'x', restorable: false })).toBe("alt text 'x', its file is no longer stored, so 'Keep mine' cannot bring it back");
    // The name only when that side changed it (the conflict's label names the image).
    expect(imageSideText({ id: 'y', name: 'y.png', altImage: 'x' }, { id: 'y', name: 'y.png' })).toBe("alt text 'x'");
    expect(imageSideText({ id: 'y', name: 'front.png', altImage: 'x' }, { id: 'y', name: 'y.png' })).toBe("alt text 'x', name 'front.png'");
  });
});
