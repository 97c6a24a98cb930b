/**
 * The rule of "Take the supplier's" on a held-back image list (src/shared/held-images-take.ts):
 * whether the server takes it, the image list it writes, the body it accepts, and how the history
 * tells it.
 */
import { describe, expect, it } from 'vitest';
import { historySentence } from '../../src/app/features/product-edit/history-rules';
import { imagesAfterTake, takeHeldImagesSchema, takeVerdict } from '../../src/shared/held-images-take';

const held = ['https://img.test/b.png', 'https://img.test/c.png'];

describe('whether a take is written', () => {
  it('writes over the images the device showed, and only the list the supplier still sends', () => {
    expect(takeVerdict(held, ['i1', 'i2'], { images: held, base: ['i1', 'i2'] })).toBe('take');
    expect(takeVerdict(held, ['i1'], { images: held, base: ['i1', 'i2'] })).toBe('images-changed');
    expect(takeVerdict(held, ['i2', 'i1'], { images: held, base: ['i1', 'i2'] })).toBe('images-changed');
    expect(takeVerdict(['https://img.test/d.png'], ['i1'], { images: held, base: ['i1'] })).toBe('supplier-changed');
  });

  it('answers a hold that has ended (taken already, or ended by the feed) as done, whatever the images are now', () => {
    expect(takeVerdict(null, ['x'], { images: held, base: ['i1'] })).toBe('ended');
  });
});

describe('the image list a take writes', () => {
  const ids = () => {
    let n = 0;
    return () => `new-${(n += 1)}`;
  };

  it("puts the supplier's images in its order, keeps a feed image whose address stays, removes the others and keeps uploads after them", () => {
    const current = [
      { id: 'a', sourceUrl: 'https://img.test/a.png', isMainImage: false },
      { id: 'up', sourceUrl: '', isMainImage: true },
      { id: 'c', sourceUrl: 'https://img.test/c.png', isMainImage: false },
    ];
    expect(imagesAfterTake(current, held, ids())).toEqual({
      images: [
        { id: 'new-1', sourceUrl: 'https://img.test/b.png', added: true, isMainImage: false },
        { id: 'c', sourceUrl: 'https://img.test/c.png', added: false, isMainImage: false },
        { id: 'up', sourceUrl: '', added: false, isMainImage: true },
      ],
      removed: ['a'],
    });
  });

  it('makes the first image main when the main image leaves, and adds an address sent twice twice', () => {
    const current = [{ id: 'a', sourceUrl: 'https://img.test/a.png', isMainImage: true }];
    const taken = imagesAfterTake(current, ['https://img.test/b.png', 'https://img.test/b.png'], ids());
    expect(taken.images.map((image) => [image.id, image.isMainImage])).toEqual([
      ['new-1', true],
      ['new-2', false],
    ]);
    expect(taken.removed).toEqual(['a']);
    expect(imagesAfterTake([], [], ids())).toEqual({ images: [], removed: [] });
  });
});

describe('the body of a take', () => {
  it('refuses ids that are no image ids and lists that are not lists of addresses', () => {
    expect(takeHeldImagesSchema.safeParse({ images: held, base: ['0195f3c2-7a1b-7c00-8000-000000000001'] }).success).toBe(true);
    const badId = takeHeldImagesSchema.safeParse({ images: held, base: ['a b'] });
    expect(badId.success ? null : badId.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['base.0', 'is not an image id (letters, digits, ".", "_", ":" and "-")'],
    ]);
    expect(takeHeldImagesSchema.safeParse({ images: [''], base: [] }).success).toBe(false);
    expect(takeHeldImagesSchema.safeParse({ images: held }).success).toBe(false);
    expect(takeHeldImagesSchema.safeParse({ images: held, base: [], extra: 1 }).success).toBe(false);
  });
});

describe('the history of a take', () => {
  it("says the supplier's images were taken, counted and named", () => {
    expect(historySentence({ field: 'images', taken: true, old: ['/media/ab/mine.png'], new: held })).toBe("Took the supplier's images: 2 images: b.png, c.png");
  });
});
