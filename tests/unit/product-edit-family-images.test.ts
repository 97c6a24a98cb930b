import { describe, expect, it } from 'vitest';
import type { ProductImage } from '../../src/shared/contract';
import { parseChangedMembers } from '../../src/app/api/products';
import { inheritButtonRefusal as inheritRefusal, inheritedNotice, mainSwitchRefusal, showsInherit, showsMainSwitch, inheritConfirmText } from '../../src/app/features/product-edit/family-rules';
import {
  addImageLabel,
  firstImagePath,
  imagesChanged,
  moveImage,
  newImage,
  pickedFileProblem,
  positionOptions,
  removeImage,
  updateImage,
} from '../../src/app/features/product-edit/image-list-rules';

describe('main product and family', () => {
  it("offers the 'Is main product' switch only while the product is not main, and Inherit only for a main one", () => {
    expect(showsMainSwitch({ mainProduct: false })).toBe(true);
    expect(showsMainSwitch({ mainProduct: true })).toBe(false);
    expect(showsInherit({ mainProduct: true })).toBe(true);
    expect(showsInherit({ mainProduct: false })).toBe(false);
  });

  it('refuses the main flag without a family key, not with one, and never refuses turning it off', () => {
    expect(mainSwitchRefusal(true, '  ')).toBe('To select a product as main, you need to specify the Family Key.');
    expect(mainSwitchRefusal(true, 'FAM')).toBeNull();
    expect(mainSwitchRefusal(false, '')).toBeNull();
  });

  it("says 'Family Key is missing' before anything else, and that inheriting needs a connection", () => {
    expect(inheritRefusal({ familyKey: null }, false)).toBe('Family Key is missing');
    expect(inheritRefusal({ familyKey: '' }, true)).toBe('Family Key is missing');
    expect(inheritRefusal({ familyKey: 'FAM' }, false)).toBe('Inheriting needs a connection to the server.');
    expect(inheritRefusal({ familyKey: 'FAM' }, true)).toBeNull();
  });

  it('reads the changed member ids the server names', () => {
    expect(parseChangedMembers('12,15, 18')).toEqual([12, 15, 18]);
    expect(parseChangedMembers('')).toEqual([]);
    expect(parseChangedMembers(null)).toEqual([]);
    expect(parseChangedMembers('4,x,-1,2.5')).toEqual([4]);
  });
});

const image = (id: string): ProductImage => ({ id, filePath: `/media/${id}.png`, name: id, altImage: '', isMainImage: false });

describe('images section', () => {
  it("labels the picker 'Add image' or '{n} images added'", () => {
    expect(addImageLabel(0)).toBe('Add image');
    expect(addImageLabel(1)).toBe('1 images added');
    expect(addImageLabel(3)).toBe('3 images added');
  });

  it('gives a new image the id, empty name and alt text and no main flag', () => {
    expect(newImage('r1', 'outbox-file:r1')).toEqual({ id: 'r1', filePath: 'outbox-file:r1', name: '', altImage: '', isMainImage: false });
  });

  it('offers positions 1..n and moves an image to the chosen one', () => {
    const list = [image('a'), image('b'), image('c'), image('d')];
    expect(positionOptions(4)).toEqual([1, 2, 3, 4]);
    expect(moveImage(list, 'd', 1).map((i) => i.id)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveImage(list, 'a', 3).map((i) => i.id)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveImage(list, 'b', 2).map((i) => i.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(moveImage(list, 'b', 99).map((i) => i.id)).toEqual(['a', 'c', 'd', 'b']);
    expect(moveImage(list, 'zz', 1)).toEqual(list);
  });

  it('removes by id and edits name and alt text of one image only', () => {
    const list = [image('a'), image('b')];
    expect(removeImage(list, 'a').map((i) => i.id)).toEqual(['b']);
    const edited = updateImage(list, 'b', { altImage: 'Side view' });
    expect(edited[1]!.altImage).toBe('Side view');
    expect(edited[0]).toEqual(list[0]);
    expect(imagesChanged(list, edited)).toBe(true);
    expect(imagesChanged(list, [...list])).toBe(false);
    expect(imagesChanged(list, moveImage(list, 'b', 1))).toBe(true);
  });

  it("has no first image to show for an empty list ('Image not available')", () => {
    expect(firstImagePath([])).toBeNull();
    expect(firstImagePath([image('a')])).toBe('/media/a.png');
  });

  it('refuses files the server would refuse, before they wait in the outbox', () => {
    expect(pickedFileProblem({ name: 'a.png', type: 'image/png', size: 10 })).toBeNull();
    expect(pickedFileProblem({ name: 'a.svg', type: 'image/svg+xml', size: 10 })).toContain('not a PNG');
    expect(pickedFileProblem({ name: 'big.jpg', type: 'image/jpeg', size: 11 * 1024 * 1024 })).toContain('larger than 10 MB');
    expect(pickedFileProblem({ name: 'e.gif', type: 'image/gif', size: 0 })).toContain('empty');
  });
});

describe('the question before Inherit Product', () => {
  it('names how many other family members change', () => {
    expect(inheritConfirmText(5, 'FAM-1')).toBe("This copies this product's data to 4 other products of family FAM-1. Continue?");
    expect(inheritConfirmText(2, 'FAM-1')).toBe("This copies this product's data to 1 other product of family FAM-1. Continue?");
    expect(inheritConfirmText(1, 'FAM-1')).toBe("This copies this product's data to 0 other products of family FAM-1. Continue?");
  });
});

describe('the notice after Inherit Product', () => {
  it('names the changed members by title, linked to their editor, "Product {id}" when the title is not known', () => {
    expect(inheritedNotice([4, 9], [{ productId: 4, title: 'Boot 42' }])).toEqual({
      kind: 'sent',
      tone: 'green',
      text: '2 family members changed: ',
      links: [
        { to: '/products/4', label: 'Boot 42' },
        { to: '/products/9', label: 'Product 9' },
      ],
    });
    expect(inheritedNotice([4], [])).toMatchObject({ text: '1 family member changed: ' });
  });

  it('says so when no member needed a change', () => {
    expect(inheritedNotice([], [])).toMatchObject({ text: 'Every family member already had the main product’s data.', links: [] });
  });
});
