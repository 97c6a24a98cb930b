/**
 * The API contract both sides agree on: zod schemas validate on the server and type the client.
 * Shapes follow the specification's sections 3 and 7.
 */
import { z } from 'zod';
import { dbCount, dbId, MAX_DB_INTEGER, MAX_MEASURE, MAX_PRICE, text } from './safe-values';

export const loginRequestSchema = z.object({
  username: text().trim().min(1).max(200),
  password: text().min(1).max(1_000),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  accessToken: text(),
  /** Expiry of the access token, in milliseconds since the epoch. */
  expiredAccessToken: z.number(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Every error the server sends has this body. */
export const errorBodySchema = z.object({ message: text() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const supplierSchema = z.object({
  supplierId: z.number().int(),
  supplierName: text(),
  supplierUrlFeed: text(),
  inProgress: z.boolean(),
});
export type Supplier = z.infer<typeof supplierSchema>;

/** Item shapes of these lists are not given by the spec; the catalogue decides them. */
export const categorySchema = z.object({ categoryId: z.number().int(), categoryName: text() });
export type Category = z.infer<typeof categorySchema>;

export const familyKeySchema = text();
export type FamilyKey = z.infer<typeof familyKeySchema>;

export const brandSchema = z.object({ brandId: z.number().int(), brandName: text() });
export type Brand = z.infer<typeof brandSchema>;

export const productImageSchema = z.object({
  /** A UUID from the server, or a random id the client gave a newly added image. */
  id: text().min(1).max(100),
  /** Path on our host (/media/…), or the supplier's URL until images are re-exported. */
  filePath: text().max(2_000),
  name: text().max(500),
  altImage: text().max(500),
  isMainImage: z.boolean(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

const nullableMeasure = z.number().finite().nonnegative().max(MAX_MEASURE).nullable();
const price = () => z.number().finite().nonnegative().max(MAX_PRICE);

/** A product as GET /api/v1/product/{id} answers it and PUT /api/v1/product takes it back. */
export const productSchema = z.object({
  productId: dbId(),
  ean: text().max(20),
  supplierEan: text().max(20),
  isChangeEan: z.boolean(),
  sku: text().max(100),
  title: text().max(500),
  /** HTML; sanitised on the server whatever arrives. */
  description: text().max(200_000),
  sellingPrice: price(),
  priceSupplier: price(),
  deliveryPrice: price(),
  deliveryCode: text().max(50),
  weight: nullableMeasure,
  width: nullableMeasure,
  length: nullableMeasure,
  height: nullableMeasure,
  productSize: text().max(50),
  color: text().max(100),
  material: text().max(100),
  supplier: z.object({ supplierId: z.number().int().nonnegative().max(MAX_DB_INTEGER), supplierName: text() }),
  brand: text().max(200).nullable(),
  categoryId: dbId().nullable(),
  categoryName: text().nullable(),
  stock: dbCount(),
  passedModeration: z.boolean(),
  mainProduct: z.boolean(),
  familyKey: text().max(200).nullable(),
  buyBlock: z.boolean(),
  isExportOnBol: z.boolean(),
  numberOfImages: dbCount(),
  /** Raised by one on every change; also sent as the ETag. */
  version: dbId(),
  dateCreate: text(),
  dateUpdate: text(),
  productImages: z.array(productImageSchema).max(50),
});
export type Product = z.infer<typeof productSchema>;

export interface ProductPage {
  content: Product[];
  totalPages: number;
  totalElements: number;
}

export interface ParsingHistoryEntry {
  id: number;
  supplierId: number;
  supplierName: string;
  operation: 'feed-import' | 'image-reexport';
  /** ISO time the operation started. */
  dateTimeOperation: string;
  finishedAt: string | null;
  status: 'running' | 'success' | 'partial' | 'failed';
  rowsRead: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  problems: { line: number; reason: string }[];
  message: string;
}

/**
 * Answer of GET /api/v1/product/changes: products changed after `cursor` (oldest first). Send the
 * answer's cursor back to get the next page, and keep the last one to fetch later changes.
 */
export interface ProductChanges {
  products: Product[];
  /** Where the next call starts; null only when nothing was ever received. */
  cursor: string | null;
  /** True when more changed products follow right now. */
  hasMore: boolean;
}

/** Answer of POST /api/v1/feed/parse/{id} and POST /api/v1/feed/reexport/images/{id}. */
export interface FeedRunReport {
  /** One history entry per supplier that ran, in supplier order. */
  entries: ParsingHistoryEntry[];
  /** Suppliers left out of an id-0 run because an import or re-export of theirs was already running. */
  skipped: { supplierId: number; supplierName: string; message: string }[];
}

export interface Page<T> {
  content: T[];
  totalPages: number;
  totalElements: number;
  number: number;
  size: number;
}

/** Answer of POST /api/v1/ean. */
export interface EanUploadReport {
  rowsRead: number;
  applied: { row: number; supplierEan: string; newEan: string; productIds: number[] }[];
  refused: { row: number; reason: string }[];
}
