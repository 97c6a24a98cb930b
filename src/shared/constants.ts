/** Business constants of the specification (section 9) shared by the PWA and the server. */

export const DEFAULT_PAGE_SIZE = 20;

/** The synthetic first entry of the supplier list: it stands for every supplier. */
export const ALL_SUPPLIERS_ID = 0;
export const ALL_SUPPLIERS_NAME = 'All';

/** Delivery terms a product may carry (docs/requirements.md §5), in the order the dropdown shows them. */
export const DELIVERY_CODES = [
  '24uurs-23',
  '24uurs-22',
  '24uurs-21',
  '24uurs-20',
  '24uurs-19',
  '24uurs-18',
  '24uurs-17',
  '24uurs-16',
  '24uurs-15',
  '24uurs-14',
  '24uurs-13',
  '24uurs-12',
  '1-2d',
  '2-3d',
  '3-5d',
  '4-8d',
  '1-8d',
  'MijnLeverbelofte',
  'VVB',
] as const;
export type DeliveryCode = (typeof DELIVERY_CODES)[number];

/** Toast durations in milliseconds (docs/requirements.md §9). */
export const TOAST_DURATION_MS = {
  default: 6_000,
  copy: 3_000,
  eanUpload: 4_000,
  imageUploadError: 10 * 60_000,
  /** A conflict found while the person was elsewhere: long enough to read and tap through. */
  needsYou: 15_000,
} as const;

/** Sort keys of the product filter call (`sort=key,asc|desc`), the same on the server and offline. */
export const PRODUCT_SORT_KEYS = [
  'productId',
  'dateUpdate',
  'dateCreate',
  'sellingPrice',
  'priceSupplier',
  'deliveryPrice',
  'title',
  'ean',
  'supplierEan',
  'sku',
  'stock',
  'numberOfImages',
] as const;
export type ProductSortKey = (typeof PRODUCT_SORT_KEYS)[number];
