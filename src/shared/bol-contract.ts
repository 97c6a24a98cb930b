/**
 * The bol part of the API contract (docs/requirements.md §3 and §7; our side documented in docs/bol.md):
 * the Bol product model, chunks (bol's categories), orders, a product's marketplace state and the
 * report of a long-running bol job.
 */
import { z } from 'zod';
import { dbId, MAX_DB_INTEGER, text } from './safe-values';
import type { Page } from './contract';
import type { SentenceArg } from './server-messages';
import type { OfferSyncState } from './bol-offer-sync';

/** Image slots of a Bol model: slot 1 is the main picture (bol's FRONT), the others are OTHER. */
export const BOL_MEDIA_SLOT_COUNT = 10;

/** Page size bounds of GET /api/v1/bol/order. */
export const BOL_ORDER_PAGE_SIZE = { min: 1, max: 100, default: 20 } as const;

/** One attribute of the Bol form; `required`, `valueList`, `description` and `unit` come from the data model. */
export const bolAttributeSchema = z.looseObject({
  attributeId: text().min(1).max(100),
  attributeName: text().max(200),
  required: z.boolean(),
  /** The value; '' (or null from older clients) when empty. */
  value: text().max(10_000).nullable(),
  /** The allowed values when the attribute is a value list (a select in the form), otherwise null. */
  valueList: z.array(text()).nullable(),
  description: text().max(2_000),
  /** bol's unit id (e.g. 'unece.unit.CMT') for measured attributes, otherwise null. */
  unit: text().max(100).nullable().optional(),
});
export type BolAttribute = z.infer<typeof bolAttributeSchema>;

export const bolMediaSchema = z.looseObject({
  /** The slot, 1..BOL_MEDIA_SLOT_COUNT; unique within a model. */
  mediaId: z.number().int().min(1).max(BOL_MEDIA_SLOT_COUNT),
  /** Absolute http(s) URL of the image (on this server's host for stored images). */
  value: text().min(1).max(2_000),
});
export type BolMedia = z.infer<typeof bolMediaSchema>;

/**
 * GET /api/v1/bol/data/model/product/{productId} answers it and POST /api/v1/bol/data/model/product
 * takes it back. Fields the client adds are kept and passed back unchanged.
 */
export const bolModelSchema = z.looseObject({
  productId: dbId(),
  chunkId: text().max(50).nullable(),
  chunkName: text().max(200).nullable(),
  attributeData: z.array(bolAttributeSchema).max(500),
  mediaData: z.array(bolMediaSchema).max(BOL_MEDIA_SLOT_COUNT),
  /** Raised by one on every save (0: never saved); also sent as the ETag. */
  version: z.number().int().nonnegative().max(MAX_DB_INTEGER).optional(),
});
export type BolModel = z.infer<typeof bolModelSchema>;

export const bolChunkSchema = z.object({ chunkId: text(), chunkName: text() });
export type BolChunk = z.infer<typeof bolChunkSchema>;

/** Answer of GET /api/v1/bol/data/model/chunks. */
export interface BolChunkList {
  chunks: BolChunk[];
}

/** A chunk bol recommends for a product, with bol's probability (0..1). */
export interface BolChunkRecommendation extends BolChunk {
  probability: number;
}

/**
 * Answer of GET /api/v1/bol/data/model/chunk/{productId} (always 200): chunkId/chunkName are null
 * while no chunk is assigned; recommendations are bol's, best first, and only asked for then.
 */
export interface BolChunkAssignment {
  productId: number;
  chunkId: string | null;
  chunkName: string | null;
  recommendations: BolChunkRecommendation[];
  /** Why there are no recommendations although none is assigned (e.g. bol could not be reached). */
  recommendationsNote?: string;
}

export const bolChunkSaveSchema = z.object({
  productId: dbId(),
  chunkId: text().min(1).max(50),
  chunkName: text().max(200).optional(),
});
export type BolChunkSave = z.infer<typeof bolChunkSaveSchema>;

export const bolProductIdsSchema = z.object({ productIds: z.array(dbId()).min(1).max(1_000) });

export interface BolShipmentDetails {
  salutation?: string;
  firstName: string;
  surname: string;
  email: string;
  city: string;
  streetName: string;
  zipCode: string;
  houseNumber: string;
  houseNumberExtension?: string;
  countryCode?: string;
}

export interface BolOrderItem {
  orderItemId: string;
  ean: string;
  title: string;
  quantity: number;
  unitPrice: number;
  fulfilmentMethod: string;
  fulfilmentStatus: string;
  /** Our product with this EAN, when there is one. */
  productId: number | null;
}

export interface BolOrder {
  orderId: string;
  /** ISO-8601 time. */
  orderPlacedDateTime: string;
  shipmentDetails: BolShipmentDetails;
  orderItems: BolOrderItem[];
}

/** Answer of GET /api/v1/bol/order. */
export type BolOrderPage = Page<BolOrder>;

/** Where a product's content upload stands (see docs/bol.md). */
export const BOL_CONTENT_STATUSES = ['NOT_SENT', 'PENDING', 'SUCCESS', 'FAILURE', 'TIMEOUT', 'PURGED'] as const;
export type BolContentStatus = (typeof BOL_CONTENT_STATUSES)[number];

/** bol's process status of a sent request; PURGED: bol forgot it before it ended. */
export const BOL_PROCESS_STATUSES = ['PENDING', 'SUCCESS', 'FAILURE', 'TIMEOUT', 'PURGED'] as const;
export type BolProcessStatus = (typeof BOL_PROCESS_STATUSES)[number];

/** An upload report's attribute or image: still checked, declined or published. */
export const BOL_UPLOAD_ENTRY_STATUSES = ['IN_PROGRESS', 'DECLINED', 'PUBLISHED'] as const;
/** An upload report as a whole. */
export const BOL_UPLOAD_REPORT_STATUSES = ['IN_PROGRESS', 'COMPLETED'] as const;

/**
 * The sub-statuses bol's upload report gives an attribute or image (the reason behind its status),
 * as bol's API description lists them (tests/contract/bol-openapi/retailer.json).
 */
export const BOL_SUB_STATUSES = [
  'BLOCKED_BY_RATE_LIMITER',
  'CREATED',
  'DEPRECATED',
  'IDENTICAL_VALUE_AS_BEFORE',
  'MATCH_TO_PRODUCT_FAILED',
  'NOT_CHANGED',
  'NOT_RECENT',
  'PROCESSING_STARTED',
  'RECEIVED',
  'REJECTED',
  'REJECTED_BY_BRAND_AUTHORITY',
  'REJECTED_BY_LOGISTIC',
  'REJECTED_NO_DATA',
  'REJECTED_UNPROCESSABLE',
  'SELECTED',
  'SELECTED_BY_BRAND_AUTHORITY',
  'SELECTED_BY_LOGISTIC',
  'SELECTION_DELETED',
  'SELECTION_MERGED',
  'TIMED_OUT',
  'UPDATED',
  'UPLOADED',
  'UNKNOWN',
  'VALID_EAN',
  'VALIDATED',
  'VALIDATION_FAILED',
  'VALIDATION_FAILED_DISABLED_GPC_CODE',
  'VALIDATION_FAILED_DOES_NOT_EXIST',
  'VALIDATION_FAILED_INVALID_DATE',
  'VALIDATION_FAILED_INVALID_EAN',
  'VALIDATION_FAILED_INVALID_FRACTION',
  'VALIDATION_FAILED_INVALID_GPC_CODE',
  'VALIDATION_FAILED_INVALID_INTEGER',
  'VALIDATION_FAILED_INVALID_ISODATE',
  'VALIDATION_FAILED_INVALID_ISODATETIME',
  'VALIDATION_FAILED_INVALID_LOV_VALUE',
  'VALIDATION_FAILED_INVALID_MULTIPLE_VALUES',
  'VALIDATION_FAILED_INVALID_NO_VALUES',
  'VALIDATION_FAILED_INVALID_NUMBER',
  'VALIDATION_FAILED_INVALID_NUMERIC_TEXT',
  'VALIDATION_FAILED_INVALID_TEXT',
  'VALIDATION_FAILED_INVALID_UNIT',
  'VALIDATION_FAILED_INVALID_URL',
  'VALIDATION_FAILED_INVALID_VALUES',
  'VALIDATION_FAILED_NOT_ALLOWED',
  'VALIDATION_FAILED_UNKNOWN_BASETYPE',
  'WAITING_FOR_GLOBAL_ID',
  'DELETED',
  'DOWNLOAD_FAILED_404',
  'DOWNLOAD_FAILED_UNAUTHORIZED',
  'IMAGE_FLAGGED_AS_DUPLICATE',
  'IMAGE_RATE_LIMITED',
  'IMPORT_FAILED',
  'LABEL_UPDATED',
  'NOT_VALID_FOR_IMPORT',
  'PUBLISHED',
  'SCORED_OTHER_IMAGE_WON',
  'STORED',
  'SUPPLIED_FLAGGED_AS_BLACKLISTED',
  'UNPUBLISHED',
  'UNSUPPORTED_MIMETYPE',
  'UPLOAD_CANCELLED',
  'UPLOAD_DEADLINE_REACHED',
  'UPLOAD_FAILED',
  'UPLOAD_REJECTED',
] as const;
export type BolSubStatus = (typeof BOL_SUB_STATUSES)[number];

export interface BolUploadReportEntry {
  id?: string;
  url?: string;
  values?: { value: string; unitId?: string }[];
  labels?: string[];
  status: (typeof BOL_UPLOAD_ENTRY_STATUSES)[number];
  /** Usually one of BOL_SUB_STATUSES; bol may send others. */
  subStatus?: string;
  subStatusDescription?: string;
}

export interface BolUploadReport {
  uploadId: string;
  language: string;
  status: (typeof BOL_UPLOAD_REPORT_STATUSES)[number];
  attributes: BolUploadReportEntry[];
  assets: BolUploadReportEntry[];
  /** When we read it from bol (ISO). */
  readAt: string;
}

export interface BolOffer {
  offerId: string;
  ean: string;
  price: number | null;
  stock: number | null;
  deliveryCode: string;
  fulfilmentType: string;
  onHoldByRetailer: boolean;
  mutationDateTime: string;
}

/** GET /api/v1/bol/state/{productId}: what bol knows of a product, as far as we have asked. */
export interface BolMarketplaceState {
  productId: number;
  chunkId: string | null;
  chunkName: string | null;
  /** Version of the saved Bol model; 0 when none was saved. */
  modelVersion: number;
  contentStatus: BolContentStatus;
  processStatusId: string | null;
  uploadId: string | null;
  contentSubmittedAt: string | null;
  /** bol's error message of a failed upload, or why we stopped following it. */
  contentMessage: string;
  uploadReport: BolUploadReport | null;
  /** From bol's catalog (POST /api/v1/bol/retailer/import); null until asked or when bol does not know the EAN. */
  catalog: { published: boolean; chunkId: string | null; enrichmentStatus: number | null; checkedAt: string } | null;
  /** Our offer on bol (POST .../offer/import); null when the export had none for this EAN. */
  offer: (BolOffer & { importedAt: string }) | null;
  /** Offers follow the catalogue: what was sent, what waits, what is held back and why (docs/bol.md). */
  offerSync: OfferSyncState;
  updatedAt: string | null;
}

export type { OfferSyncState };

export type BolJobKind = 'order-import' | 'content-creation' | 'upload-report' | 'offer-import' | 'retailer-import';

export const BOL_JOB_ITEM_STATUSES = ['success', 'failed', 'skipped', 'pending'] as const;

export interface BolJobItem {
  productId?: number;
  orderId?: string;
  status: (typeof BOL_JOB_ITEM_STATUSES)[number];
  message: string;
  /** The message's catalog id and arguments, when it is a sentence of ours (docs/languages.md); bol's own words have none. */
  messageId?: string;
  messageArgs?: readonly SentenceArg[];
  processStatusId?: string | null;
  uploadId?: string | null;
  uploadReport?: BolUploadReport | null;
}

export const BOL_JOB_STATUSES = ['running', 'success', 'partial', 'failed'] as const;

/** Answer of every long-running bol call, and of GET /api/v1/bol/jobs/{id}. */
export interface BolJobReport {
  jobId: number;
  kind: BolJobKind;
  /** 'partial': it finished, but some items failed. */
  status: (typeof BOL_JOB_STATUSES)[number];
  startedAt: string;
  finishedAt: string | null;
  /** Items to do (products, orders, offers), once known. */
  total: number;
  done: number;
  failed: number;
  /** Job-specific counts, e.g. { pages, created, updated } for an order import. */
  counts: Record<string, number>;
  message: string;
  /** The message's catalog id and arguments, when the app words it (docs/languages.md). */
  messageId?: string;
  messageArgs?: readonly SentenceArg[];
  /** Per item outcome; for the order import only the failed orders. */
  items: BolJobItem[];
}

/** One of bol's reasons for cancelling an order item (GET /api/v1/bol/order/cancellation-reasons). */
export interface BolCancellationReasonOption {
  code: string;
  label: string;
}

/** Answer of POST /api/v1/bol/order/cancel: 200 SUCCESS, 409 FAILURE (bol's reason), 202 not finished. */
export interface BolOrderCancelAnswer {
  orderId: string;
  orderItemId: string;
  reasonCode: string;
  status: Exclude<BolProcessStatus, 'PENDING'>;
  processStatusId: string;
  message: string;
}
