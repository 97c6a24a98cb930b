import { describe, expect, it } from 'vitest';
import { toastKind } from '../../src/app/ui/notify';
import { DELIVERY_CODES } from '../../src/shared/constants';
import { pathTitle } from '../../src/shared/rules/path-title';
import { withAllSuppliers } from '../../src/shared/rules/suppliers';
import { isActivePath } from '../../src/app/features/layout/nav-items';

describe('toastKind', () => {
  it("counts a text as success only when it contains 'successful'", () => {
    expect(toastKind('Product successfully updated!')).toBe('success');
    expect(toastKind('Product inheritance successful!')).toBe('success');
    expect(toastKind('File uploaded successfully')).toBe('success');
    expect(toastKind('Failed to save product.')).toBe('error');
    expect(toastKind('Copied to clipboard: 123')).toBe('error');
  });
});

describe('pathTitle', () => {
  it('is the first path segment', () => {
    expect(pathTitle('/products/12')).toBe('products');
    expect(pathTitle('/uploadEan')).toBe('uploadEan');
    expect(pathTitle('/')).toBe('');
    expect(pathTitle('//dashboard/')).toBe('dashboard');
  });
});

describe('withAllSuppliers', () => {
  it("puts the synthetic 'All' with id 0 first, once", () => {
    const list = withAllSuppliers([
      { supplierId: 3, supplierName: 'Shoes BV', supplierUrlFeed: 'http://x/feed.csv', inProgress: true },
      { supplierId: 0, supplierName: 'All', supplierUrlFeed: '', inProgress: false },
    ]);
    expect(list.map((s) => s.supplierId)).toEqual([0, 3]);
    expect(list[0]).toEqual({ supplierId: 0, supplierName: 'All', supplierUrlFeed: '', inProgress: false });
  });
});

describe('isActivePath', () => {
  it('marks a navigation item active on its own path and below it only', () => {
    expect(isActivePath('/products', '/products/5')).toBe(true);
    expect(isActivePath('/products', '/products')).toBe(true);
    expect(isActivePath('/products', '/productsx')).toBe(false);
  });
});

describe('DELIVERY_CODES', () => {
  it('holds the 19 delivery terms of the spec, 24uurs-23 down to 24uurs-12 first', () => {
    expect(DELIVERY_CODES).toHaveLength(19);
    expect(DELIVERY_CODES.slice(0, 12)).toEqual(Array.from({ length: 12 }, (_, i) => `24uurs-${23 - i}`));
    expect(DELIVERY_CODES.slice(12)).toEqual(['1-2d', '2-3d', '3-5d', '4-8d', '1-8d', 'MijnLeverbelofte', 'VVB']);
  });
});
