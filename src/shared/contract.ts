/**
 * The API contract both sides agree on: zod schemas validate on the server and type the client.
 * Shapes follow the specification's sections 3 and 7.
 */
import { z } from 'zod';
import type { SaidReason, SentenceArg } from './server-messages';
import { heldSupplierValueSchema } from './feed-fields';
import { LANGUAGES } from './languages';
import { productFieldsShape } from './product-fields';
import { dbCount, dbId, MAX_DB_INTEGER, text } from './safe-values';

export const loginRequestSchema = z.object({
  username: text().trim().min(1).max(200),
  password: text().min(1).max(1_000),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  accessToken: text(),
  /** Expiry of the access token, in milliseconds since the epoch. */
  expiredAccessToken: z.number(),
  /** Added to the spec's answer (docs/security.md, "Accounts"): who signed in, and their role. */
  username: text().optional(),
  displayName: text().optional(),
  role: z.enum(['admin', 'staff']).optional(),
  /** The person's chosen language, null while they have not chosen (docs/languages.md). */
  language: z.enum(LANGUAGES).nullable().optional(),
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

/** The lists the product list's filters choose from (GET /supplier, /categories, /brands, /family), kept on the device too. */
export interface ReferenceLists {
  suppliers: Supplier[];
  categories: Category[];
  brands: Brand[];
  familyKeys: FamilyKey[];
}

/** The name of one reference list. */
export type ReferenceListName = keyof ReferenceLists;

/** The server's tag (ETag) of each reference list that came with one (docs/products.md "Lists"). */
export type ReferenceListTags = Partial<Record<ReferenceListName, string>>;

/** The reference lists kept on a device and the tags they were answered with (docs/offline.md "Reference lists"). */
export interface KeptReferenceLists {
  lists: Partial<ReferenceLists>;
  tags: ReferenceListTags;
}

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

/**
 * A product as GET /api/v1/product/{id} answers it and PUT /api/v1/product takes it back: the
 * fields of the one field table (src/shared/product-fields.ts) plus the server's bookkeeping.
 */
export const productSchema = z.object({
  productId: dbId(),
  ...productFieldsShape,
  supplier: z.object({ supplierId: z.number().int().nonnegative().max(MAX_DB_INTEGER), supplierName: text() }),
  categoryName: text().nullable(),
  numberOfImages: dbCount(),
  /** Raised by one on every change; also sent as the ETag. */
  version: dbId(),
  dateCreate: text(),
  dateUpdate: text(),
  productImages: z.array(productImageSchema).max(50),
  /**
   * Supplier feed values held back because a person changed the field since the feed wrote it
   * (docs/feeds.md, "Held-back values"); absent or empty: none. Never taken from a save.
   */
  heldBack: z.array(heldSupplierValueSchema).max(20).optional(),
});
export type Product = z.infer<typeof productSchema>;

export interface ProductPage {
  content: Product[];
  totalPages: number;
  totalElements: number;
  /**
   * True when the totals are the database's estimate, not a count (more than 10,000 matches;
   * docs/products.md "Totals"). Absent or false: exact.
   */
  totalIsEstimate?: boolean;
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
  /** The first refused rows: line, reason (English) and, when it names one, the reason's sentence id and arguments (docs/languages.md). */
  problems: (SaidReason & { line: number })[];
  /**
   * Feed values held back in this run (a person changed the field since the feed wrote it), and the
   * first 100 of them: product, field, the person's value and the supplier's (docs/feeds.md).
   */
  heldBack?: number;
  heldBackFields?: { productId: number; field: string; mine: unknown; theirs: unknown }[];
  /** Feed imports: rows read with characters the feed's encoding could not read (shown as U+FFFD), imported as read (docs/feeds.md, "Encodings"). */
  unreadableRows?: number;
  message: string;
  /** The message's catalog id and arguments, when the app words it (docs/languages.md); absent for a message written without one. */
  messageId?: string;
  messageArgs?: readonly SentenceArg[];
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
/** A supplier left out of an id-0 run, and why: `message` in English, with its sentence's id and arguments (docs/languages.md). */
export interface SkippedSupplier {
  supplierId: number;
  supplierName: string;
  message: string;
  messageId?: string;
  messageArgs?: readonly SentenceArg[];
}

export interface FeedRunReport {
  /** One history entry per supplier that ran, in supplier order. */
  entries: ParsingHistoryEntry[];
  /** Suppliers left out of an id-0 run: disabled, or an import or re-export of theirs was already running. */
  skipped: SkippedSupplier[];
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
  /** Each refused row with its reason (English) and the reason's catalog id and arguments, which the app words (docs/languages.md). */
  refused: (SaidReason & { row: number })[];
}

/** How a product changed (docs/products.md "History"). */
export const HISTORY_HOW = ['editor', 'offline-sync', 'feed-import', 'ean-sheet', 'family', 'bol-update'] as const;
export type HistoryHow = (typeof HISTORY_HOW)[number];
export const HISTORY_HOW_LABELS: Record<HistoryHow, string> = {
  editor: 'editor',
  'offline-sync': 'offline sync',
  'feed-import': 'feed import',
  'ean-sheet': 'EAN sheet',
  family: 'family inheritance',
  'bol-update': 'bol update',
};

/** One entry of GET /api/v1/product/{id}/history: who changed what, how and when. */
export interface ProductHistoryEntry {
  id: number;
  productId: number;
  author: string;
  /** The author's display name (the user name when none is set, or for the server's own runs). */
  authorName: string;
  how: HistoryHow;
  /** When it was made on the device (ISO), or null for the server's own changes. */
  deviceAt: string | null;
  /** When the server wrote it (ISO). */
  serverAt: string;
  /** The product's version after it. */
  version: number;
  /**
   * `field` is a product field name (src/shared/product-fields.ts), 'productImages' or a Bol model key.
   * `held`: a supplier feed value held back, not written: `old` is the person's value that stays,
   * `new` the supplier's (docs/feeds.md, "Held-back values"). `taken` (field 'images'): a person took
   * the supplier's held-back image list, `old` the images before, `new` the supplier's.
   */
  changes: { field: string; old: unknown; new: unknown; held?: boolean; taken?: boolean; becameMain?: { productId: number; title: string }; restored?: boolean }[];
}
