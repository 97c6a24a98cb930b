/**
 * Image changes with a base (docs/products.md "PATCH /product/{id}"): a delete carries the image
 * as the deleter saw it; deleting an image someone else changed, or changing an image someone else
 * deleted, is a conflict with both sides; what "Keep mine" and "Take theirs" do to the set.
 */
import { describe, expect, it } from 'vitest';
import { applyChangeSet, buildChangeSet, composeChangeSets, conflictingPart, settleConflicts, writtenKeys, type ProductChangeSet } from '../../src/shared/change-set';
import { mergeChangeSet, type MergeConflict } from '../../src/shared/change-set-merge';
import type { Product, ProductImage } from '../../src/shared/contract';
import type { FieldConflict } from '../../src/shared/field-diff';
import { imageDeleteKey } from '../../src/shared/image-delete-base';
import { makeProduct } from './support/offline-fakes';

const img = (id: string, extra: Partial<ProductImage> = {}): ProductImage => ({ id, filePath: `/media/${id}.png`, name: `${id}.png`, altImage: '', isMainImage: false, ...extra });
const start = makeProduct({ productImages: [img('a', { isMainImage: true }), img('b'), img('c')] });
const withImages = (product: Product, images: ProductImage[]): Product => ({ ...product, productImages: images, numberOfImages: images.length });
const change = (before: Product, images: ProductImage[]) => buildChangeSet(before, withImages(before, images), 1, true);
const answered = (conflicts: MergeConflict[]): FieldConflict[] => conflicts.map((conflict) => ({ ...conflict, changedBy: 'bram', changedAt: '2026-01-01T10:00:00Z' }));

/** Tablet A deletes image b. */
const deleteB = change(start, [img('a', { isMainImage: true }), img('c')]);
/** Tablet B gives image b an alt text and moves it to the front. */
const editAndMoveB = change(start, [img('b', { altImage: 'Red shoe' }), img('a', { isMainImage: true }), img('c')]);

describe('a delete carries the image as the deleter saw it', () => {
  it('its alt text, name, main flag and the order around it', () => {
    expect(deleteB.images.deleted).toEqual(['b']);
    expect(deleteB.images.deletedBase).toEqual([{ id: 'b', filePath: '/media/b.png', name: 'b.png', altImage: '', isMainImage: false, order: ['a', 'b', 'c'] }]);
  });

  it('deleting the main image is the delete, not a main-image change of its own', () => {
    const set = change(start, [img('b'), img('c')]);
    expect(set.images.main).toBeUndefined();
    expect(set.images.deletedBase?.[0]).toMatchObject({ id: 'a', isMainImage: true });
  });
});

describe('delete vs edit: I delete an image someone else changed since my base', () => {
  it('is a conflict naming both sides: mine deleted, theirs the image as it is now; nothing is deleted', () => {
    const now = applyChangeSet(start, editAndMoveB);
    const merged = mergeChangeSet(now, deleteB);
    expect(merged.images.deletes).toEqual([]);
    expect(merged.conflicts).toEqual([
      {
        field: imageDeleteKey('b'),
        label: "Image 1 'b.png'",
        base: { id: 'b', filePath: '/media/b.png', name: 'b.png', altImage: '', isMainImage: false, position: 2 },
        mine: null,
        theirs: { id: 'b', filePath: '/media/b.png', name: 'b.png', altImage: 'Red shoe', isMainImage: false, position: 1 },
      },
    ]);
  });

  it('a main flag set by someone else is a change too', () => {
    const now = withImages(start, [img('a'), img('b', { isMainImage: true }), img('c')]);
    expect(mergeChangeSet(now, deleteB).conflicts.map((conflict) => conflict.field)).toEqual([imageDeleteKey('b')]);
  });

  it('images others added or deleted around it do not move it: the delete goes through', () => {
    const now = withImages(start, [img('b'), img('c'), img('d')]);
    const merged = mergeChangeSet(now, deleteB);
    expect(merged.conflicts).toEqual([]);
    expect(merged.images.deletes).toEqual(['b']);
  });

  it('a delete from an older app (no base) deletes whatever the image is now, as before', () => {
    const now = applyChangeSet(start, editAndMoveB);
    const old: ProductChangeSet = { ...deleteB, images: { added: [], deleted: ['b'], edited: [] } };
    expect(mergeChangeSet(now, old)).toMatchObject({ conflicts: [], images: { deletes: ['b'] } });
  });

  it("'Keep mine' deletes it anyway, with the image as it is now as the new base; 'Take theirs' keeps it", () => {
    const now = applyChangeSet(start, editAndMoveB);
    const conflicts = answered(mergeChangeSet(now, deleteB).conflicts);
    const kept = settleConflicts(deleteB, conflicts, { [imageDeleteKey('b')]: 'mine' }, now);
    expect(kept.images.deleted).toEqual(['b']);
    expect(mergeChangeSet(now, kept)).toMatchObject({ conflicts: [], images: { deletes: ['b'] } });
    // A change made after the choice is a conflict again.
    const later = withImages(now, now.productImages.map((image) => (image.id === 'b' ? { ...image, altImage: 'Blue shoe' } : image)));
    expect(mergeChangeSet(later, kept).conflicts).toHaveLength(1);
    const taken = settleConflicts(deleteB, conflicts, { [imageDeleteKey('b')]: 'theirs' }, now);
    expect(taken.images.deleted).toEqual([]);
    expect(taken.images.deletedBase).toBeUndefined();
  });
});

describe('edit vs delete: I change an image someone else deleted', () => {
  const deleted = applyChangeSet(start, deleteB);

  it('an alt text edit and a move are one conflict naming what I did; theirs is the delete', () => {
    const merged = mergeChangeSet(deleted, editAndMoveB);
    expect(merged.conflicts).toEqual([
      {
        field: imageDeleteKey('b'),
        label: 'Image 2',
        base: { id: 'b', altImage: '', position: 2 },
        mine: { id: 'b', altImage: 'Red shoe', position: 1 },
        theirs: null,
      },
    ]);
    expect(merged.images.edits).toEqual([]);
  });

  it('an alt text edit alone is a conflict too (it used to vanish)', () => {
    const edit = change(start, [img('a', { isMainImage: true }), img('b', { name: 'front.png' }), img('c')]);
    expect(mergeChangeSet(deleted, edit).conflicts).toMatchObject([{ field: imageDeleteKey('b'), mine: { name: 'front.png' }, theirs: null }]);
  });

  it('making it the main image is a conflict', () => {
    const main = change(start, [img('a'), img('b', { isMainImage: true }), img('c')]);
    expect(mergeChangeSet(deleted, main).conflicts).toMatchObject([{ field: imageDeleteKey('b'), mine: { isMainImage: true }, theirs: null }]);
  });

  it('an edit of an image my own earlier attempt may have added is not someone else\'s delete', () => {
    const set: ProductChangeSet = { ...editAndMoveB, images: { ...editAndMoveB.images, mayExist: ['b'] } };
    expect(mergeChangeSet(deleted, set).conflicts).toEqual([]);
  });

  it("an older app's set (protocol 1 or 2) merges as before: its edit of the deleted image is dropped, since that app could not settle the conflict", () => {
    for (const protocol of [1, 2]) expect(mergeChangeSet(deleted, editAndMoveB, protocol)).toMatchObject({ conflicts: [], images: { edits: [], order: null } });
    expect(mergeChangeSet(deleted, editAndMoveB, 3).conflicts).toHaveLength(1);
  });

  it("'Keep mine' brings it back with my changes at my place when its file is stored; 'Take theirs' drops my changes of it", () => {
    const conflicts = answered(mergeChangeSet(deleted, editAndMoveB).conflicts).map((conflict) => ({
      ...conflict,
      mine: { id: 'b', filePath: '/media/b.png', name: 'b.png', altImage: 'Red shoe', isMainImage: false, position: 1, restorable: true },
    }));
    const kept = settleConflicts(editAndMoveB, conflicts, { [imageDeleteKey('b')]: 'mine' }, deleted);
    const merged = mergeChangeSet(deleted, kept);
    expect(merged.conflicts).toEqual([]);
    expect(merged.images.inserts).toEqual([img('b', { altImage: 'Red shoe' })]);
    expect(applyChangeSet(deleted, kept).productImages.map((image) => [image.id, image.altImage])).toEqual([
      ['b', 'Red shoe'],
      ['a', ''],
      ['c', ''],
    ]);
    expect(merged.images.order).toEqual(['b', 'a', 'c']);

    const taken = settleConflicts(editAndMoveB, conflicts, { [imageDeleteKey('b')]: 'theirs' }, deleted);
    expect(taken.images).toEqual({ added: [], deleted: [], edited: [] });
  });

  it("'Keep mine' of an image whose file is gone leaves it deleted", () => {
    const conflicts = answered(mergeChangeSet(deleted, editAndMoveB).conflicts).map((conflict) => ({ ...conflict, mine: { id: 'b', altImage: 'Red shoe', position: 1, restorable: false } }));
    const kept = settleConflicts(editAndMoveB, conflicts, { [imageDeleteKey('b')]: 'mine' }, deleted);
    expect(kept.images).toEqual({ added: [], deleted: [], edited: [] });
  });
});

describe('move vs delete', () => {
  it('moving an image someone else deleted is a conflict', () => {
    const move = change(start, [img('b'), img('a', { isMainImage: true }), img('c')]);
    const merged = mergeChangeSet(applyChangeSet(start, deleteB), move);
    expect(merged.conflicts).toMatchObject([{ field: imageDeleteKey('b'), mine: { position: 1 }, base: { position: 2 }, theirs: null }]);
  });

  it('an order that still changes the other images is written over them, without a conflict', () => {
    const reverse = change(start, [img('c'), img('b'), img('a', { isMainImage: true })]);
    const merged = mergeChangeSet(applyChangeSet(start, deleteB), reverse);
    expect(merged.conflicts).toEqual([]);
    expect(merged.images.order).toEqual(['c', 'b', 'a']);
  });

  it('moving an image while someone else deleted another one is no conflict', () => {
    const move = change(start, [img('a', { isMainImage: true }), img('c'), img('b')]);
    const deleteA = change(start, [img('b'), img('c')]);
    const merged = mergeChangeSet(applyChangeSet(start, deleteA), move);
    expect(merged.conflicts).toEqual([]);
    expect(merged.images.order).toEqual(['a', 'c', 'b']);
  });
});

describe('both delete; the same edit twice', () => {
  it('an image both people deleted is no conflict and nothing to do', () => {
    const merged = mergeChangeSet(applyChangeSet(start, deleteB), deleteB);
    expect(merged).toMatchObject({ conflicts: [], images: { deletes: [] } });
  });

  it('the same alt text twice is no conflict and nothing to write', () => {
    const alt = change(start, [img('a', { isMainImage: true }), img('b', { altImage: 'Red shoe' }), img('c')]);
    const merged = mergeChangeSet(applyChangeSet(start, alt), alt);
    expect(merged).toMatchObject({ conflicts: [], images: { edits: [] } });
  });
});

describe('composing my own edit, then my delete of the same image', () => {
  const edited = change(start, [img('a', { isMainImage: true }), img('b', { altImage: 'mine' }), img('c')]);
  const after = applyChangeSet(start, edited);
  const deleted = change(after, [img('a', { isMainImage: true }), img('c')]);

  it('the delete takes the base the server still has: no conflict with myself', () => {
    const composed = composeChangeSets(edited, deleted);
    expect(composed.images.edited).toEqual([]);
    expect(composed.images.deletedBase?.[0]).toMatchObject({ id: 'b', altImage: '' });
    expect(mergeChangeSet(start, composed)).toMatchObject({ conflicts: [], images: { deletes: ['b'] } });
  });

  it('after an attempt that may have reached the server, my own earlier alt text is no conflict either', () => {
    const composed = composeChangeSets(edited, deleted, true);
    expect(mergeChangeSet(after, composed)).toMatchObject({ conflicts: [], images: { deletes: ['b'] } });
    expect(mergeChangeSet(start, composed)).toMatchObject({ conflicts: [], images: { deletes: ['b'] } });
  });
});

describe('with the rest of a set written at once (docs/offline.md "Conflicts")', () => {
  it('my delete of an image someone changed waits with its base; my other changes are written', () => {
    const now = applyChangeSet(start, editAndMoveB);
    const set = { ...change(start, [img('a', { isMainImage: true }), img('c')]), fields: { title: { base: start.title, value: 'New title' } } };
    const { conflicts } = mergeChangeSet(now, set);
    expect(writtenKeys(set, conflicts)).toEqual(['title']);
    expect(conflictingPart(set, conflicts).images).toMatchObject({ deleted: ['b'], deletedBase: [{ id: 'b' }] });
  });

  it('my edits and my move of an image someone deleted wait with it: nothing of them counts as written', () => {
    const deleted = applyChangeSet(start, deleteB);
    const { conflicts } = mergeChangeSet(deleted, editAndMoveB);
    expect(writtenKeys(editAndMoveB, conflicts)).toEqual([]);
    expect(conflictingPart(editAndMoveB, conflicts).images).toMatchObject({ edited: [{ id: 'b' }], order: editAndMoveB.images.order });
  });
});
