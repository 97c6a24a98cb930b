/**
 * A kept catalogue and list queries for the tests of the device's list reads
 * (offline-indexed-query.test.ts, early-page-read.test.ts).
 */
import type { Product } from '../../../src/shared/contract';
import { seededRandom } from '../../server/support/chaos-transport';
import { makeProduct } from './offline-fakes';

const WORDS = ['Boot', 'reboot', 'Runner', 'sock', 'Hat', 'wool', 'Écharpe', 'leather', 'XL', 'blue', 'red-green', 'trail', 'shoe', 'Shoes'];
const SUPPLIERS = ['Acme', 'Bolt', 'Cargo'];

/** `count` products with varied titles, codes, prices, flags and dates (equal values too, for ties), the same every run. */
export function keptCatalogue(count: number): Product[] {
  const random = seededRandom(42);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  return Array.from({ length: count }, (_, index) => {
    const productId = index + 1;
    const words = Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(WORDS));
    const day = 1 + Math.floor(random() * 28);
    const images = Math.floor(random() * 3);
    const supplierName = pick(SUPPLIERS);
    return makeProduct({
      productId,
      title: words.join(random() < 0.2 ? ', ' : ' '),
      ean: `87100000${String(productId).padStart(5, '0')}`,
      sku: random() < 0.1 ? '' : `SKU-${productId % 37}`,
      supplierEan: random() < 0.5 ? '' : `S${productId}`,
      sellingPrice: Math.round(random() * 10_000) / 100,
      priceSupplier: Math.round(random() * 5_000) / 100,
      stock: random() < 0.3 ? 0 : Math.floor(random() * 50),
      brand: random() < 0.3 ? null : pick(['Nike', 'Puma', 'Zara']),
      categoryId: random() < 0.4 ? null : pick([10, 20, 30]),
      familyKey: random() < 0.6 ? null : pick(['F1', 'F2']),
      passedModeration: random() < 0.5,
      buyBlock: random() < 0.2,
      mainProduct: random() < 0.1,
      isExportOnBol: random() < 0.5,
      isChangeEan: random() < 0.1,
      description: random() < 0.5 ? '' : '<p>Text</p>',
      supplier: { supplierId: SUPPLIERS.indexOf(supplierName) + 1, supplierName },
      // A few equal values, so ties are broken by productId.
      dateUpdate: `2024-03-${String(day).padStart(2, '0')}T${random() < 0.5 ? '10' : '12'}:00:00.000Z`,
      dateCreate: `2024-01-${String(day).padStart(2, '0')}T08:00:00.000Z`,
      productImages: Array.from({ length: images }, (_, n) => ({ id: `i${productId}-${n}`, filePath: `/media/${n}.png`, name: '', altImage: '', isMainImage: n === 0 })),
      numberOfImages: images,
    });
  });
}


/** List queries over every filter, sort and paging the device answers (kept-columns.ts, indexed-query.ts). */
export const KEPT_QUERIES: Record<string, string>[] = [
  {},
  { sort: 'title,asc' },
  { sort: 'title,desc', page: '2', size: '20' },
  { keyword: 'boot' },
  { keyword: 'BOOT', sort: 'title,asc' },
  { keyword: 'oot' },
  { keyword: 'unne', sort: 'sellingPrice,desc' },
  { keyword: 'charp' },
  { keyword: 'red-green' },
  { keyword: 'boot reboot' },
  { keyword: 'xl' },
  { keyword: 'SKU-5' },
  { keyword: 'sku-5' },
  { keyword: 'S17' },
  { keyword: '8710000000042' },
  { keyword: 'nothing-like-this' },
  { supplierName: 'Acme', sort: 'dateUpdate,asc' },
  { supplierName: 'All', sort: 'stock,desc' },
  { brand: 'Nike', categoryId: '20' },
  { familyKey: 'F1', isMainProduct: 'false' },
  { passedModeration: 'true', hasDescription: 'false', sort: 'dateCreate,desc' },
  { buyBlock: 'true', isExportOnBol: 'true' },
  { isChangeEan: 'true' },
  { stock: 'true', sort: 'priceSupplier,asc' },
  { stock: 'false', sort: 'sku,desc' },
  { numberOfImages: '0' },
  { numberOfImages: '2', sort: 'numberOfImages,asc' },
  { priceFrom: '20,50', priceTo: '60' },
  { priceFrom: '90' },
  { priceFrom: '60', priceTo: '20' },
  { dateFrom: '2024-03-10', dateTo: '2024-03-12' },
  { dateFrom: '2024-03-10', supplierName: 'Bolt', keyword: 'sock' },
  { sort: 'productId,desc', page: '3', size: '25' },
  { keyword: 'shoe', brand: 'Puma', sort: 'sellingPrice,asc', size: '5', page: '1' },
  { sort: 'ean,asc', numberOfImages: '1' },
];
