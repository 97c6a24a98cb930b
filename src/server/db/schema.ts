/** The database schema (drizzle). Migrations in ./migrations are generated from it: `npm run db:generate`. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SentenceArg } from '../../shared/server-messages';

/** PostgreSQL bytea as a Node Buffer (uploaded feed files). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    /**
     * userNameKey(username) (src/shared/accounts.ts): unique, so 'Admin' or 'ａｄｍｉｎ' cannot be added
     * beside 'admin', and sign-in finds the user by it. Null only for a user that existed before this
     * column and collides with an older one: it signs in by its exact name (docs/security.md, "Accounts").
     */
    usernameKey: text('username_key'),
    /** scrypt hash, see src/server/auth/passwords.ts; never the password itself. */
    passwordHash: text('password_hash').notNull(),
    /**
     * Carried in every access token; raised when the password changes or the user is deactivated, which
     * ends every token issued before (docs/security.md, "Sign-in and tokens").
     */
    sessionVersion: integer('session_version').notNull().default(1),
    /** A deactivated user cannot sign in, and its tokens are refused. */
    active: boolean('active').notNull().default(true),
    /** The name people see; '' shows the user name (docs/security.md, "Accounts"). */
    displayName: text('display_name').notNull().default(''),
    /** 'admin' manages accounts; 'staff' does everything else (src/shared/accounts.ts). */
    role: text('role').notNull().default('staff'),
    /** The language the person chose, 'en' or 'nl' (docs/languages.md); null: not chosen, the tablet's language is shown. */
    language: text('language'),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_username_key').on(t.usernameKey)],
);

/**
 * Password attempts (sign-in, and the current password of a password change) not (yet) followed by a
 * success, kept in the database so every process sharing it counts the same attempts
 * (docs/security.md, "Sign-in and tokens"). Rows older than the window are pruned.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    /** The key of the user name tried (userNameKey in src/shared/accounts.ts). */
    username: text('username').notNull(),
    address: text('address').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_attempts_address').on(t.address, t.attemptedAt), index('login_attempts_attempted_at').on(t.attemptedAt)],
);

export const suppliers = pgTable('suppliers', {
  supplierId: serial('supplier_id').primaryKey(),
  supplierName: text('supplier_name').notNull().unique(),
  /** Where the feed is fetched from (http, https or a path served by this server). */
  supplierUrlFeed: text('supplier_url_feed').notNull().default(''),
  /** 'csv' or 'xml'; see docs/feeds.md, "Feed formats". */
  feedFormat: text('feed_format').notNull().default('csv'),
  /** True while a feed import of this supplier runs. */
  inProgress: boolean('in_progress').notNull().default(false),
  /** Sizes in this supplier's feed are US shoe sizes (converted to EU for bol). */
  usShoeSizes: boolean('us_shoe_sizes').notNull().default(false),
  /** False: scheduled runs skip this supplier and the Parser screen shows it as disabled (docs/jobs.md). */
  enabled: boolean('enabled').notNull().default(true),
  /** When the server imports this feed by itself; null = only by hand. Shape: `FeedSchedule` in src/shared/schedule.ts. */
  schedule: jsonb('schedule'),
  /** 'url' (fetched from supplierUrlFeed) or 'upload' (the file in supplier_feed_files); docs/feeds.md. */
  feedSource: text('feed_source').notNull().default('url'),
  /**
   * Credentials sent with the feed request: `{kind:'basic', username, password}` or
   * `{kind:'header', headerName, value}`; null = none. Never sent back to a browser (docs/security.md).
   */
  feedCredentials: jsonb('feed_credentials'),
  /** Column mapping and transforms (`FeedMapping`, src/shared/feed-mapping.ts); null = the default mapping. */
  feedMapping: jsonb('feed_mapping'),
  /** Goes up with every change of the supplier's settings or feed file; its ETag (docs/feeds.md, "Two people editing one supplier"). */
  version: integer('version').notNull().default(1),
  /**
   * The product fields this supplier's feed always writes, even over a person's change (`FeedField[]`,
   * src/shared/feed-fields.ts); the others are merged over the feed's base (docs/feeds.md, "Upsert key and what a re-import changes").
   */
  feedAlwaysWins: jsonb('feed_always_wins').notNull().default(['priceSupplier', 'stock']).$type<string[]>(),
  ...timestamps,
});

/**
 * A feed file uploaded from the tablet for a supplier whose feed source is 'upload' (one per
 * supplier). Its bytes are the chunks of its upload in supplier_feed_file_chunks (docs/feeds.md,
 * "Feed sources").
 */
export const supplierFeedFiles = pgTable('supplier_feed_files', {
  supplierId: integer('supplier_id')
    .primaryKey()
    .references(() => suppliers.supplierId, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  uploadId: uuid('upload_id').notNull().unique(),
  size: integer('size').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The bytes of feed file uploads, ~1 MB per row in order of `seq`, written while the upload
 * arrives; an upload's chunks count once supplier_feed_files names its upload id
 * (src/server/feeds/feed-file-store.ts).
 */
export const supplierFeedFileChunks = pgTable(
  'supplier_feed_file_chunks',
  {
    uploadId: uuid('upload_id').notNull(),
    seq: integer('seq').notNull(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.supplierId, { onDelete: 'cascade' }),
    bytes: bytea('bytes').notNull(),
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.seq] })],
);

export const brands = pgTable('brands', {
  brandId: serial('brand_id').primaryKey(),
  brandName: text('brand_name').notNull().unique(),
});

export const categories = pgTable('categories', {
  categoryId: serial('category_id').primaryKey(),
  categoryName: text('category_name').notNull().unique(),
});

export const products = pgTable(
  'products',
  {
    productId: serial('product_id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.supplierId),
    /**
     * The feed's identity of the row within its supplier: the supplier EAN, or `sku:<SKU>` when the
     * feed has no EAN. Upserts match on (supplier_id, source_key).
     */
    sourceKey: text('source_key').notNull(),
    ean: text('ean').notNull().default(''),
    supplierEan: text('supplier_ean').notNull().default(''),
    isChangeEan: boolean('is_change_ean').notNull().default(false),
    sku: text('sku').notNull().default(''),
    title: text('title').notNull().default(''),
    // The title in lower case, kept by the database: the keyword filter compares it with LIKE,
    // which is what ILIKE does inside but without lower-casing every title it checks again
    // (docs/products.md "Speed"; migration 0013).
    titleLower: text('title_lower')
      .notNull()
      .generatedAlwaysAs(sql`lower(title)`),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    sellingPrice: numeric('selling_price', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    priceSupplier: numeric('price_supplier', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    deliveryPrice: numeric('delivery_price', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    deliveryCode: text('delivery_code').notNull().default(''),
    weight: numeric('weight', { precision: 12, scale: 3, mode: 'number' }),
    width: numeric('width', { precision: 12, scale: 2, mode: 'number' }),
    length: numeric('length', { precision: 12, scale: 2, mode: 'number' }),
    height: numeric('height', { precision: 12, scale: 2, mode: 'number' }),
    productSize: text('product_size').notNull().default(''),
    color: text('color').notNull().default(''),
    material: text('material').notNull().default(''),
    brandId: integer('brand_id').references(() => brands.brandId),
    categoryId: integer('category_id').references(() => categories.categoryId),
    stock: integer('stock').notNull().default(0),
    passedModeration: boolean('passed_moderation').notNull().default(false),
    mainProduct: boolean('main_product').notNull().default(false),
    familyKey: text('family_key'),
    buyBlock: boolean('buy_block').notNull().default(false),
    isExportOnBol: boolean('is_export_on_bol').notNull().default(false),
    /** Kept equal to the count of product_images rows by the code that changes them. */
    numberOfImages: integer('number_of_images').notNull().default(0),
    /** Raised by one on every change; the ETag of the product. */
    version: integer('version').notNull().default(1),
    /**
     * The id of the transaction that last wrote the row (set by the trigger products_change_txid,
     * migration 0002). GET /product/changes pages on it: unlike a timestamp, it lets the server
     * hand out only rows whose writers have all finished, so a slow transaction never commits a row
     * "behind" a cursor already given out.
     */
    changeTxid: bigint('change_txid', { mode: 'bigint' }).notNull().default(sql`txid_current()`),
    dateCreate: timestamp('date_create', { withTimezone: true }).notNull().defaultNow(),
    dateUpdate: timestamp('date_update', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Per field the feed maps, the value its feed last wrote as text (the feed's base; the description
     * and the image list as their md5), by position (feed-fields-sql.ts); null = no base.
     * docs/feeds.md, "Upsert key and what a re-import changes".
     */
    feedBase: text('feed_base').array(),
    /**
     * Feed values held back because a person changed the field since the feed wrote it: per field
     * `{ value, shown?, at, run, dismissed? }` (FeedHeldEntry in src/server/feeds/feed-fields-sql.ts); null = none.
     */
    feedHeld: jsonb('feed_held'),
  },
  (t) => [
    uniqueIndex('products_supplier_source_key').on(t.supplierId, t.sourceKey),
    index('products_ean').on(t.ean),
    index('products_supplier_ean').on(t.supplierEan),
    index('products_sku').on(t.sku),
    // Sort column + productId: the filter's stable order (product-filter-sql.ts) read straight off
    // one index, also for deep pages, without an extra sort step.
    // stock last: "supplier + in stock" is counted from this index alone (migration 0013).
    index('products_supplier_date_update_stock').on(t.supplierId, t.dateUpdate, t.productId, t.stock),
    index('products_date_update').on(t.dateUpdate, t.productId),
    index('products_selling_price').on(t.sellingPrice, t.productId),
    index('products_title_sort').on(t.title, t.productId),
    // The other sorts the list offers, likewise: without them a page sorted by stock or by date
    // created read and sorted every product (docs/products.md "Speed", migration 0023).
    index('products_stock_sort').on(t.stock, t.productId),
    index('products_date_create_sort').on(t.dateCreate, t.productId),
    // Small partial indexes for the list's frequent yes/no filters: the page and the count read
    // only the matching entries instead of scanning the table.
    index('products_not_moderated_date_update').on(t.dateUpdate, t.productId).where(sql`not ${t.passedModeration}`),
    index('products_main_date_update').on(t.dateUpdate, t.productId).where(sql`${t.mainProduct}`),
    index('products_no_description_date_update').on(t.dateUpdate, t.productId).where(sql`${t.description} = ''`),
    // Brand or category in the default order (newest change first) read off one index; the price
    // last so "brand + price range" is filtered and counted from the index alone (migration 0013).
    index('products_brand_date_update').on(t.brandId, t.dateUpdate, t.productId, t.sellingPrice),
    index('products_category_date_update').on(t.categoryId, t.dateUpdate, t.productId),
    index('products_family_key').on(t.familyKey),
    // "Products without images" (numberOfImages=0) is a daily filter; with productId also the
    // sort by number of images, read off the index (migration 0023).
    index('products_number_of_images').on(t.numberOfImages, t.productId),
    index('products_change_txid').on(t.changeTxid, t.productId),
    index('products_title_lower_trgm').using('gin', sql`${t.titleLower} gin_trgm_ops`),
    // The lower-case title on its own: a keyword found in many titles is counted up to the exact
    // limit from this index alone (index-only), where the trigram index would hand back every
    // match to be checked against the table (docs/products.md "Speed", migration 0021).
    index('products_title_lower').on(t.titleLower),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    /** A UUID. */
    id: text('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.productId, { onDelete: 'cascade' }),
    /** Path on this server, e.g. /media/ab/abcdef….jpg; empty until an external image is re-exported. */
    filePath: text('file_path').notNull().default(''),
    /** The supplier's URL of the image, when it came from a feed. */
    sourceUrl: text('source_url').notNull().default(''),
    name: text('name').notNull().default(''),
    altImage: text('alt_image').notNull().default(''),
    isMainImage: boolean('is_main_image').notNull().default(false),
    /** 1-based order within the product. */
    position: integer('position').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('product_images_product').on(t.productId, t.position)],
);

/**
 * Every change of a product or its Bol model (docs/products.md "History"): who, how, when on the
 * device and on the server, and each field's old and new value.
 */
export const productHistory = pgTable(
  'product_history',
  {
    /** Rising with every entry (newest = highest); the key is (product_id, id), see below. */
    id: serial('id').notNull(),
    /**
     * The product. No foreign key (migration 0010): its per-row check made a feed re-import, which
     * writes one entry per changed product, markedly slower. Every entry is written in the
     * transaction that changes its product; the trigger `product_history_follows_products`
     * deletes a deleted product's entries, as the cascade did.
     */
    productId: integer('product_id').notNull(),
    /** The user name of who made the change ('feed import' etc. for the server's own runs). */
    author: text('author').notNull(),
    /** HistoryHow: 'editor', 'offline-sync', 'feed-import', 'ean-sheet', 'family', 'bol-update'. */
    how: text('how').notNull(),
    /** When the person made it on their device; null when the server made it. */
    deviceAt: timestamp('device_at', { withTimezone: true }),
    serverAt: timestamp('server_at', { withTimezone: true }).notNull().defaultNow(),
    /** The product's version after the change. */
    version: integer('version').notNull().default(0),
    /** [{ field, old, new }]; a product that stopped being main also names the one that became main (`becameMain`). */
    changes: jsonb('changes').notNull().$type<{ field: string; old: unknown; new: unknown; becameMain?: { productId: number; title: string } }[]>(),
  },
  // One index, the key, serves the only reads (a product's entries newest first); a second one on
  // id alone cost every entry an index insert for nothing (migration 0011).
  (t) => [primaryKey({ name: 'product_history_pkey', columns: [t.productId, t.id] })],
);

/** Stored media files, by content hash: the same bytes are stored once. */
export const mediaFiles = pgTable('media_files', {
  filePath: text('file_path').primaryKey(),
  sha256: text('sha256').notNull().unique(),
  contentType: text('content_type').notNull(),
  bytes: integer('bytes').notNull(),
  ...timestamps,
});

/** Answers already given to requests with an Idempotency-Key, replayed on a repeat. */
export const idempotentRequests = pgTable('idempotent_requests', {
  key: text('key').primaryKey(),
  /** Who sent it: a key is only replayed to the same user and call. */
  userId: integer('user_id').notNull(),
  route: text('route').notNull(),
  status: integer('status').notNull(),
  body: jsonb('body').notNull(),
  ...timestamps,
});

export const parsingHistory = pgTable(
  'parsing_history',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.supplierId),
    /** 'feed-import' or 'image-reexport'. */
    operation: text('operation').notNull().default('feed-import'),
    dateTimeOperation: timestamp('date_time_operation', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** 'running', 'success', 'partial' (some rows refused) or 'failed'. */
    status: text('status').notNull().default('running'),
    rowsRead: integer('rows_read').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    /** First refused rows: [{ line, reason }] (at most 100). */
    problems: jsonb('problems').notNull().default([]),
    /** Feed values held back in this run (a person changed the field since the feed wrote it). */
    heldBack: integer('held_back').notNull().default(0),
    /** The first of them: [{ productId, field, mine, theirs }] (at most 100). */
    heldBackFields: jsonb('held_back_fields').notNull().default([]),
    /** Rows read with characters the feed's encoding could not read (U+FFFD), written as read (docs/feeds.md, "Encodings"). */
    unreadableRows: integer('unreadable_rows').notNull().default(0),
    message: text('message').notNull().default(''),
    /** The message's sentence: its catalog id and arguments (docs/languages.md); null for a message written without one. */
    messageId: text('message_id'),
    messageArgs: jsonb('message_args').$type<SentenceArg[]>(),
  },
  (t) => [index('parsing_history_date').on(t.dateTimeOperation)],
);

// ---- bol (docs/bol.md) ----

/** bol's product classifications ("chunks") of the loaded data model file. */
export const bolChunks = pgTable('bol_chunks', {
  chunkId: text('chunk_id').primaryKey(),
  chunkName: text('chunk_name').notNull(),
  /** Order in the model file; the chunk list answers in this order. */
  position: integer('position').notNull().default(0),
});

/** The attributes of each chunk, from the data model file. */
export const bolAttributes = pgTable(
  'bol_attributes',
  {
    chunkId: text('chunk_id')
      .notNull()
      .references(() => bolChunks.chunkId, { onDelete: 'cascade' }),
    attributeId: text('attribute_id').notNull(),
    attributeName: text('attribute_name').notNull(),
    required: boolean('required').notNull().default(false),
    description: text('description').notNull().default(''),
    /** Allowed values (string[]) of a value-list attribute, otherwise null. */
    valueList: jsonb('value_list').$type<string[] | null>(),
    unit: text('unit'),
    /** The product field that prefills it (see src/server/bol/model/model-file.ts), or null for the default by id. */
    prefill: text('prefill'),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('bol_attributes_chunk_attribute').on(t.chunkId, t.attributeId)],
);

/** A product's chosen chunk and its saved Bol model (attribute values and image slots). */
export const bolProductModels = pgTable('bol_product_models', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.productId, { onDelete: 'cascade' }),
  chunkId: text('chunk_id'),
  /** Saved values by attribute id; attributes not in here are prefilled from the product when read. */
  values: jsonb('values').notNull().$type<Record<string, string>>().default({}),
  /** Saved image slots [{ mediaId, value }], or null while the product's own images are used. */
  mediaData: jsonb('media_data').$type<{ mediaId: number; value: string }[] | null>(),
  /** Fields the client sent that we do not know, passed back unchanged. */
  extra: jsonb('extra').notNull().$type<Record<string, unknown>>().default({}),
  /** Raised by one on every change of the model or its chunk (0: never changed); the model's ETag. */
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What bol knows of a product, as far as we asked: content upload, upload report, catalog entry, offer. */
export const bolProductStates = pgTable(
  'bol_product_states',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.productId, { onDelete: 'cascade' }),
    /** 'NOT_SENT', 'PENDING', 'SUCCESS', 'FAILURE', 'TIMEOUT' or 'PURGED' (BolContentStatus). */
    contentStatus: text('content_status').notNull().default('NOT_SENT'),
    processStatusId: text('process_status_id'),
    uploadId: text('upload_id'),
    contentSubmittedAt: timestamp('content_submitted_at', { withTimezone: true }),
    contentMessage: text('content_message').notNull().default(''),
    uploadReport: jsonb('upload_report'),
    catalog: jsonb('catalog'),
    offer: jsonb('offer'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bol_product_states_upload').on(t.uploadId)],
);

/**
 * Offers follow the catalogue (docs/bol.md, "Offers follow the catalogue"; migrations 0017 and
 * 0024): per product what bol holds as far as we know (`on_bol`), whether a change is due (marked
 * by the triggers on products for every writer: once per UPDATE statement, and per new product
 * with Export on Bol on), held back, in flight or failed.
 */
export const bolOfferSync = pgTable(
  'bol_offer_sync',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.productId, { onDelete: 'cascade' }),
    due: boolean('due').notNull().default(true),
    dueSince: timestamp('due_since', { withTimezone: true }).defaultNow(),
    /** Raised by every change of the product's offer fields; a send clears `due` only for the revision it sent. */
    revision: integer('revision').notNull().default(1),
    /** The feed import that changed it last, until the engine has checked that import's batch. */
    feedJob: integer('feed_job'),
    feedStockFrom: integer('feed_stock_from'),
    /** OfferHoldKind (src/shared/bol-offer-sync.ts), or null. */
    holdKind: text('hold_kind'),
    holdReason: text('hold_reason').notNull().default(''),
    holdChanges: jsonb('hold_changes').notNull().default([]),
    heldAt: timestamp('held_at', { withTimezone: true }),
    /** "Send anyway": `[{ kind, by, at }]`, cleared when the selling price changes. */
    approved: jsonb('approved').notNull().default([]),
    firstSyncApprovedBy: text('first_sync_approved_by'),
    /** OfferOnBol, or null. */
    onBol: jsonb('on_bol'),
    /** 'sync' (we sent it) or 'import' (from the offer import). */
    source: text('source'),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    /** What a run is sending: `{ revision, ops, at, author }`; left by a run that died, reconciled by the next. */
    inFlight: jsonb('in_flight'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    error: text('error'),
    notPublishable: jsonb('not_publishable').notNull().default([]),
    notOffered: text('not_offered'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bol_offer_sync_due').on(t.dueSince).where(sql`${t.due}`),
    index('bol_offer_sync_in_flight').on(t.productId).where(sql`${t.inFlight} IS NOT NULL`),
    index('bol_offer_sync_feed_job').on(t.feedJob).where(sql`${t.feedJob} IS NOT NULL`),
  ],
);

/** The seller's guard rails and safety buffers of offers (one row). */
export const bolOfferSettings = pgTable(
  'bol_offer_settings',
  {
  id: integer('id').primaryKey().default(1),
  maxPriceChangePercent: numeric('max_price_change_percent', { precision: 6, scale: 2, mode: 'number' }).notNull().default(30),
  zeroStockShare: numeric('zero_stock_share', { precision: 4, scale: 3, mode: 'number' }).notNull().default(0.25),
  /** Per supplier id, the stock kept back from bol. */
  stockBuffers: jsonb('stock_buffers').notNull().default({}).$type<Record<string, number>>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by').notNull().default(''),
  },
  (t) => [check('bol_offer_settings_one_row', sql`${t.id} = 1`)],
);

/** Orders imported from bol, with their details (POST /api/v1/bol/order/import). */
export const bolOrders = pgTable(
  'bol_orders',
  {
    orderId: text('order_id').primaryKey(),
    orderPlacedDateTime: timestamp('order_placed_date_time', { withTimezone: true }).notNull(),
    shipmentDetails: jsonb('shipment_details').notNull(),
    /** [{ orderItemId, ean, title, quantity, unitPrice, fulfilmentMethod, fulfilmentStatus }] */
    orderItems: jsonb('order_items').notNull(),
    /** The newest latestChangedDateTime of its items: an unchanged order is not fetched again. */
    latestChange: text('latest_change').notNull().default(''),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bol_orders_placed').on(t.orderPlacedDateTime, t.orderId)],
);


// ---- background jobs (docs/jobs.md) ----

/**
 * Every background job: feed imports, image re-exports and the bol marketplace jobs (the former
 * bol_jobs rows, migrated in 0008). A row is the job's queue entry, its lease while a process runs
 * it (runner + heartbeat_at), its progress and its outcome. Claimed with FOR UPDATE SKIP LOCKED.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    /** JobKind (src/shared/jobs.ts): 'feed-import', 'image-reexport' or a bol job kind. */
    kind: text('kind').notNull(),
    /** The supplier of a feed import or image re-export; null for bol jobs. */
    supplierId: integer('supplier_id').references(() => suppliers.supplierId),
    /** JobStatus: 'queued', 'running', 'success', 'partial', 'failed', 'interrupted' or 'cancelled'. */
    status: text('status').notNull().default('queued'),
    /** 'user' (someone pressed a button), 'schedule' or 'server' (the demo catalogue). */
    trigger: text('trigger').notNull().default('user'),
    /** The person's user name when trigger = 'user'. */
    startedBy: text('started_by').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a process began running it (for a queued job: when it was queued). */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The schedule slot this run is for; unique per kind and supplier, so a slot runs once. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    /** The process running it and its last sign of life (database clock); a stale heartbeat means it died. */
    runner: text('runner'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** Rows (feeds) or items (bol) read, written and refused so far. */
    readCount: integer('read_count').notNull().default(0),
    writtenCount: integer('written_count').notNull().default(0),
    refusedCount: integer('refused_count').notNull().default(0),
    /** 0–100 when the size is known (feed bytes, bol items), else null. */
    percent: integer('percent'),
    /** bol jobs: items to do, done, failed, and kind-specific counts (BolJobReport). */
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    counts: jsonb('counts').notNull().$type<Record<string, number>>().default({}),
    message: text('message').notNull().default(''),
    /** The message's catalog id and arguments, when the app words it in the person's language (docs/languages.md). */
    messageId: text('message_id'),
    messageArgs: jsonb('message_args').$type<SentenceArg[]>(),
    /** Refused lines (feeds: { line, reason }) or per-item outcomes (bol: BolJobItem), bounded. */
    items: jsonb('items').notNull().default([]),
    /** Why a failed feed job failed: 'download', 'feed', 'disk-full', 'server'. */
    failure: text('failure'),
    /** The parsing-history entry of a feed import or image re-export. */
    historyId: integer('history_id'),
    /** What the job was asked to do (e.g. the order import's scope). */
    params: jsonb('params').notNull().$type<Record<string, unknown>>().default({}),
  },
  (t) => [
    // The claim of a supplier, or of a bol job kind: at most one queued or running job each.
    uniqueIndex('jobs_one_active_per_supplier')
      .on(t.supplierId)
      .where(sql`${t.status} in ('queued', 'running') and ${t.supplierId} is not null`),
    uniqueIndex('jobs_one_active_per_kind')
      .on(t.kind)
      .where(sql`${t.status} in ('queued', 'running') and ${t.supplierId} is null`),
    // A schedule slot is inserted once, whichever process sees it due first.
    uniqueIndex('jobs_schedule_slot')
      .on(t.kind, sql`coalesce(${t.supplierId}, 0)`, t.scheduledFor)
      .where(sql`${t.scheduledFor} is not null`),
    index('jobs_created').on(t.createdAt),
    index('jobs_supplier_kind').on(t.supplierId, t.kind, t.startedAt),
  ],
);

/** Schedules of jobs that belong to no supplier, by name: 'order-import' (docs/jobs.md). */
export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  /** RunSchedule (src/shared/schedule.ts); null = only by hand. */
  schedule: jsonb('schedule'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by').notNull().default(''),
});
