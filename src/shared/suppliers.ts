/**
 * Our supplier calls (docs/feeds.md, "Suppliers"): the detailed supplier the Parser screen lists,
 * what it sends to add or edit one, and the Test feed preview. The spec's `GET /api/v1/supplier`
 * keeps its four fields; these are added beside them.
 */
import type { ServerSentence } from './server-messages';
import { z } from 'zod';
import type { ParsingHistoryEntry, Supplier } from './contract';
import { alwaysWinsSchema, DEFAULT_ALWAYS_WINS, type FeedField } from './feed-fields';
import { feedMappingSchema, type FeedMapping, type FeedValueFormat } from './feed-mapping';
import { text } from './safe-values';
import { feedScheduleSchema, type FeedSchedule } from './schedule';

export const FEED_FORMATS = ['csv', 'xml', 'xlsx'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];
export const FEED_SOURCES = ['url', 'upload'] as const;
export type FeedSource = (typeof FEED_SOURCES)[number];

/**
 * Credentials as the server shows them: never the secret itself, only that one is set, and the
 * origin (scheme, host, port) they are sent to; null: nowhere (docs/security.md, "Feed credentials").
 */
export type CredentialsView =
  | { kind: 'basic'; username: string; passwordSet: true; origin: string | null }
  | { kind: 'header'; headerName: string; valueSet: true; origin: string | null }
  | null;

/** How the last feed import of a supplier ended: its parsing-history entry, without the lines. */
export type SupplierLastRun = Pick<
  ParsingHistoryEntry,
  'dateTimeOperation' | 'finishedAt' | 'status' | 'rowsRead' | 'created' | 'updated' | 'unchanged' | 'refused' | 'message' | 'messageId' | 'messageArgs'
>;

export interface SupplierDetails extends Supplier {
  feedFormat: FeedFormat;
  feedSource: FeedSource;
  /** The uploaded feed file's name and size (feedSource 'upload'), null before one is uploaded. */
  uploadedFile: { name: string; bytes: number; uploadedAt: string } | null;
  credentials: CredentialsView;
  /** null: the default mapping (columns named like our fields). */
  mapping: FeedMapping | null;
  usShoeSizes: boolean;
  /** Fields the feed always writes, even over a person's change (docs/feeds.md, "Upsert key and what a re-import changes"). */
  alwaysWins: FeedField[];
  enabled: boolean;
  schedule: FeedSchedule | null;
  productCount: number;
  lastRun: SupplierLastRun | null;
  /** Goes up with every change; PUT /suppliers/{id} with If-Match: "<version>" refuses a stale form with 412. */
  version: number;
}

/**
 * The answer to a stale supplier save (412): its sentence (`server.supplierChanged`, with its id
 * so a Dutch tablet words it) and the supplier as it is now.
 */
export interface SupplierStaleAnswer extends ServerSentence {
  supplier: SupplierDetails;
}

/** Credentials as sent by the form: `keep` leaves the stored ones unchanged. */
export const credentialsInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('keep') }),
  z.object({ kind: z.literal('basic'), username: text().min(1).max(200), password: text().min(1).max(1_000) }),
  z.object({
    kind: z.literal('header'),
    headerName: text()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'A header name has letters, digits and - only'),
    value: text()
      .min(1)
      .max(4_000)
      .refine((v) => !/[\r\n]/.test(v), 'A header value cannot contain a line break'),
  }),
]);
export type CredentialsInput = z.infer<typeof credentialsInputSchema>;

export const supplierInputSchema = z
  .object({
    supplierName: text().trim().min(1, 'Give the supplier a name').max(200),
    feedSource: z.enum(FEED_SOURCES).default('url'),
    supplierUrlFeed: text().trim().max(2_000).default(''),
    feedFormat: z.enum(FEED_FORMATS).default('csv'),
    credentials: credentialsInputSchema.default({ kind: 'keep' }),
    mapping: feedMappingSchema.nullable().default(null),
    usShoeSizes: z.boolean().default(false),
    alwaysWins: alwaysWinsSchema.default([...DEFAULT_ALWAYS_WINS]),
    enabled: z.boolean().default(true),
    schedule: feedScheduleSchema.nullable().default(null),
  })
  .strict();
export type SupplierInput = z.input<typeof supplierInputSchema>;
export type SupplierInputParsed = z.infer<typeof supplierInputSchema>;

/** POST /api/v1/supplier/test-feed: the form's (maybe unsaved) settings; supplierId lets stored credentials and upload be used. */
export const testFeedRequestSchema = z
  .object({
    supplierId: z.number().int().positive().max(2_147_483_647).nullable().default(null),
    supplierName: text().trim().max(200).default(''),
    feedSource: z.enum(FEED_SOURCES).default('url'),
    supplierUrlFeed: text().trim().max(2_000).default(''),
    feedFormat: z.enum(FEED_FORMATS).default('csv'),
    credentials: credentialsInputSchema.default({ kind: 'keep' }),
    mapping: feedMappingSchema.nullable().default(null),
  })
  .strict();
export type TestFeedRequest = z.input<typeof testFeedRequestSchema>;
export type TestFeedRequestParsed = z.infer<typeof testFeedRequestSchema>;

/** What Test feed shows of a row's product: the import's parsed row (FeedProductRow) has these and more. */
export interface TestFeedProduct {
  ean: string;
  sku: string;
  title: string;
  brand: string;
  category: string;
  priceSupplier: number;
  sellingPrice: number;
  deliveryCode: string;
  stock: number;
  productSize: string;
  familyKey: string | null;
  /** Image URLs in feed order, without duplicates. */
  images: string[];
}

/** One row of the preview: the product as it would be imported, or why it would be refused. */
export interface TestFeedRow {
  line: number;
  /** The feed's values of this row by column (text; lists joined with ' | '), for the mapping table. */
  values: Record<string, string>;
  product: TestFeedProduct | null;
  /** True when the mapping's row filter skips the row (docs/feeds.md, "Variants and parent rows"): neither imported nor refused. */
  skipped?: boolean;
  problems: string[];
  /** Each problem's sentence, in the same order, where it names one (docs/languages.md); absent when none does. */
  problemSentences?: (ServerSentence | null)[];
  /** Things to check that do not refuse the row: characters the encoding used could not read (docs/feeds.md, "Encodings"). */
  warnings: string[];
}

/** What decided the encoding a feed is read in (docs/feeds.md, "Encodings"). */
export type FeedEncodingSource = 'bom' | 'http' | 'declaration' | 'detected' | 'default';

export interface FeedEncoding {
  /** The encoding's name as shown to the seller: 'UTF-8', 'Windows-1252', 'UTF-16 LE' … */
  name: string;
  source: FeedEncodingSource;
}

export interface TestFeedReport {
  /** The feed's columns (CSV header, XML element paths and attributes, first sheet row) in feed order. */
  columns: string[];
  /** The encoding the feed was read in; null for a workbook. */
  encoding: FeedEncoding | null;
  /** XML: the element read as one product (`rss/channel/item`), and whether it was found in the feed rather than named by the mapping. */
  recordElement: { path: string; found: boolean } | null;
  /** The mapping guessed from the column names and the first rows' values (docs/feeds.md, "The guess and its platforms"). */
  guessedMapping: FeedMapping;
  /** The platform the columns look like, the decimal mark and the currencies of the prices read. */
  valueFormat: FeedValueFormat;
  /** Why the feed cannot be imported with the mapping as a whole (e.g. no title column), or null. */
  mappingProblem: string | null;
  /** The same as its sentence, for the app to word (docs/languages.md); absent when there is no problem. */
  mappingProblemSaid?: ServerSentence;
  /** The first rows (at most 20). */
  rows: TestFeedRow[];
  /** True when the feed has more rows than were read. */
  more: boolean;
}

export const TEST_FEED_ROWS = 20;
