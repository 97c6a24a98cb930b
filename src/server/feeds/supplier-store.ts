/**
 * Suppliers as the Parser screen edits them (docs/feeds.md, "Suppliers"): list with their last run
 * and product count, add, edit, delete (only without products); the uploaded feed file: feed-file-store.ts. Stored
 * credentials stay here: what leaves is `CredentialsView` (that one is set, never its secret). They
 * are stored with the origin they were entered for (credential-origin.ts).
 */
import { serverSentence } from '../../shared/server-messages';
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alwaysWinsOf } from '../../shared/feed-fields';
import { feedMappingSchema, type FeedMapping } from '../../shared/feed-mapping';
import { feedScheduleSchema, type FeedSchedule } from '../../shared/schedule';
import type { CredentialsView, FeedFormat, FeedSource, SupplierDetails, SupplierInputParsed, SupplierLastRun } from '../../shared/suppliers';
import type { Database } from '../db/connection';
import { parsingHistory, products, supplierFeedFiles, suppliers } from '../db/schema';
import { sqlStateOf } from '../lib/caught-errors';
import { ApiError } from '../http/errors';
import { versionsInHeader } from '../http/version-etag';
import { addressOrigin, enteredCredentials, keptCredentialsProblem, type StoredCredentials } from './credential-origin';

export type { StoredCredentials } from './credential-origin';

type SupplierRow = typeof suppliers.$inferSelect;

/**
 * The stored credentials of a row. One stored before origins were kept (no `origin`) is bound to
 * `legacyOrigin`: the origin of the address stored with it.
 */
export function storedCredentials(value: unknown, legacyOrigin: string | null): StoredCredentials | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const origin = !('origin' in v) ? legacyOrigin : typeof v.origin === 'string' ? v.origin : null;
  if (v.kind === 'basic' && typeof v.username === 'string' && typeof v.password === 'string') return { kind: 'basic', username: v.username, password: v.password, origin };
  if (v.kind === 'header' && typeof v.headerName === 'string' && typeof v.value === 'string') return { kind: 'header', headerName: v.headerName, value: v.value, origin };
  return null;
}

/** What the browser may see of stored credentials: their kind, name and origin. */
export function credentialsView(value: unknown, legacyOrigin: string | null): CredentialsView {
  const stored = storedCredentials(value, legacyOrigin);
  if (!stored) return null;
  const { origin } = stored;
  return stored.kind === 'basic' ? { kind: 'basic', username: stored.username, passwordSet: true, origin } : { kind: 'header', headerName: stored.headerName, valueSet: true, origin };
}

/** The request headers the credentials add to a feed download. */
export function credentialHeaders(credentials: StoredCredentials | null): Record<string, string> {
  if (!credentials) return {};
  if (credentials.kind === 'basic') return { Authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}` };
  return { [credentials.headerName]: credentials.value };
}

export function storedMapping(value: unknown): FeedMapping | null {
  if (value === null || value === undefined) return null;
  const parsed = feedMappingSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function storedSchedule(value: unknown): FeedSchedule | null {
  if (value === null || value === undefined) return null;
  const parsed = feedScheduleSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const FORMATS: readonly string[] = ['csv', 'xml', 'xlsx'];

function details(
  row: SupplierRow,
  productCount: number,
  lastRun: SupplierLastRun | null,
  file: { name: string; bytes: number; uploadedAt: string } | null,
): SupplierDetails {
  return {
    supplierId: row.supplierId,
    supplierName: row.supplierName,
    supplierUrlFeed: row.supplierUrlFeed,
    inProgress: row.inProgress,
    feedFormat: (FORMATS.includes(row.feedFormat) ? row.feedFormat : 'csv') as FeedFormat,
    feedSource: (row.feedSource === 'upload' ? 'upload' : 'url') as FeedSource,
    uploadedFile: file,
    credentials: credentialsView(row.feedCredentials, addressOrigin(row.supplierUrlFeed, undefined)),
    mapping: storedMapping(row.feedMapping),
    usShoeSizes: row.usShoeSizes,
    alwaysWins: alwaysWinsOf(row.feedAlwaysWins),
    enabled: row.enabled,
    schedule: storedSchedule(row.schedule),
    productCount,
    lastRun,
    version: row.version,
  };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Every supplier (by id) with its product count, last feed import and uploaded file. */
export async function listSupplierDetails(db: Database, onlyId?: number): Promise<SupplierDetails[]> {
  const rows = await db
    .select()
    .from(suppliers)
    .where(onlyId === undefined ? undefined : eq(suppliers.supplierId, onlyId))
    .orderBy(suppliers.supplierId);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.supplierId);
  const counts = await db
    .select({ supplierId: products.supplierId, n: count() })
    .from(products)
    .where(inArray(products.supplierId, ids))
    .groupBy(products.supplierId);
  const runs = await db
    .selectDistinctOn([parsingHistory.supplierId])
    .from(parsingHistory)
    .where(and(inArray(parsingHistory.supplierId, ids), eq(parsingHistory.operation, 'feed-import')))
    .orderBy(parsingHistory.supplierId, desc(parsingHistory.dateTimeOperation), desc(parsingHistory.id));
  const files = await db
    .select({ supplierId: supplierFeedFiles.supplierId, name: supplierFeedFiles.fileName, bytes: supplierFeedFiles.size, uploadedAt: supplierFeedFiles.uploadedAt })
    .from(supplierFeedFiles)
    .where(inArray(supplierFeedFiles.supplierId, ids));
  return rows.map((row) => {
    const run = runs.find((r) => r.supplierId === row.supplierId);
    const file = files.find((f) => f.supplierId === row.supplierId);
    return details(
      row,
      counts.find((c) => c.supplierId === row.supplierId)?.n ?? 0,
      run
        ? {
            dateTimeOperation: iso(run.dateTimeOperation) ?? '',
            finishedAt: iso(run.finishedAt),
            status: run.status as SupplierLastRun['status'],
            rowsRead: run.rowsRead,
            created: run.created,
            updated: run.updated,
            unchanged: run.unchanged,
            refused: run.refused,
            message: run.message,
            ...(run.messageId ? { messageId: run.messageId, messageArgs: run.messageArgs ?? [] } : {}),
          }
        : null,
      file ? { name: file.name, bytes: file.bytes, uploadedAt: iso(file.uploadedAt) ?? '' } : null,
    );
  });
}

export async function supplierDetails(db: Database, supplierId: number): Promise<SupplierDetails> {
  const [found] = await listSupplierDetails(db, supplierId);
  if (!found) throw ApiError.saying(404, serverSentence('supplierMissing', supplierId));
  return found;
}

/** The supplier as stored before a save (null for a new one), and this server's origin for path addresses. */
interface SaveContext {
  current: Pick<SupplierRow, 'feedCredentials' | 'supplierUrlFeed'> | null;
  selfOrigin: string | undefined;
}

/**
 * The credentials to store for an input: new ones are bound to the origin of the address saved
 * with them; `keep` keeps what is stored, with its origin, and is refused (400) for an address on
 * another origin (docs/security.md, "Feed credentials").
 */
function nextCredentials(input: SupplierInputParsed, { current, selfOrigin }: SaveContext): StoredCredentials | null {
  const entered = input.credentials;
  const origin = addressOrigin(input.supplierUrlFeed, selfOrigin);
  if (entered.kind === 'none') return null;
  if (entered.kind !== 'keep') return enteredCredentials(entered, origin);
  if (!current) return null;
  const stored = storedCredentials(current.feedCredentials, addressOrigin(current.supplierUrlFeed, selfOrigin));
  const problem = input.feedSource === 'url' ? keptCredentialsProblem(stored, origin) : null;
  if (problem) throw ApiError.saying(400, problem);
  return stored;
}

async function ensureNameFree(db: Database, name: string, exceptId: number | null): Promise<void> {
  const clash = await db
    .select({ id: suppliers.supplierId })
    .from(suppliers)
    .where(exceptId === null ? sql`lower(${suppliers.supplierName}) = lower(${name})` : and(sql`lower(${suppliers.supplierName}) = lower(${name})`, ne(suppliers.supplierId, exceptId)));
  if (clash.length > 0) throw nameTaken(name);
}

const nameTaken = (name: string) => ApiError.saying(409, serverSentence('supplierNameTaken', name));

/**
 * A save whose name check passed while another save of the same name ran (a double-click) hits
 * the unique key on the name (23505): the same 409 as the check's, not a 500.
 */
function nameTakenMeanwhile(name: string): (error: unknown) => never {
  return (error) => {
    throw sqlStateOf(error) === '23505' ? nameTaken(name) : error;
  };
}

function columnsOf(input: SupplierInputParsed, context: SaveContext) {
  return {
    supplierName: input.supplierName,
    feedSource: input.feedSource,
    supplierUrlFeed: input.supplierUrlFeed,
    feedFormat: input.feedFormat,
    feedCredentials: nextCredentials(input, context),
    feedMapping: input.mapping,
    usShoeSizes: input.usShoeSizes,
    feedAlwaysWins: input.alwaysWins,
    enabled: input.enabled,
    schedule: input.schedule,
  };
}

export async function createSupplier(db: Database, input: SupplierInputParsed, selfOrigin?: string): Promise<SupplierDetails> {
  await ensureNameFree(db, input.supplierName, null);
  const [row] = await db.insert(suppliers).values(columnsOf(input, { current: null, selfOrigin })).returning({ id: suppliers.supplierId }).catch(nameTakenMeanwhile(input.supplierName));
  if (!row) throw new Error('the supplier insert returned no row');
  return supplierDetails(db, row.id);
}

export type SupplierSaveOutcome = { kind: 'saved'; supplier: SupplierDetails } | { kind: 'stale'; supplier: SupplierDetails };

/**
 * Replaces a supplier's settings. With `ifMatch` (the If-Match header) the save only happens while
 * the supplier still has a version it names: a form opened before someone else saved is refused
 * ('stale', with the supplier as it is now) instead of silently undoing their change. `selfOrigin`
 * resolves a path address (this server's demo feeds) to the origin its credentials are bound to.
 */
export async function updateSupplier(
  db: Database,
  supplierId: number,
  input: SupplierInputParsed,
  ifMatch: string | null = null,
  selfOrigin?: string,
): Promise<SupplierSaveOutcome> {
  const [current] = await db.select().from(suppliers).where(eq(suppliers.supplierId, supplierId));
  if (!current) throw ApiError.saying(404, serverSentence('supplierMissing', supplierId));
  await ensureNameFree(db, input.supplierName, supplierId);
  const versions = ifMatch === null ? 'any' : versionsInHeader(ifMatch);
  const saved = await db
    .update(suppliers)
    .set({ ...columnsOf(input, { current, selfOrigin }), version: sql`${suppliers.version} + 1` })
    .where(and(eq(suppliers.supplierId, supplierId), versions === 'any' ? undefined : inArray(suppliers.version, versions.length > 0 ? versions : [-1])))
    .returning({ id: suppliers.supplierId })
    .catch(nameTakenMeanwhile(input.supplierName));
  // Its products answer the new name (GET /api/v1/product/{id}, supplier.supplierName): each gets a
  // new version, so devices refresh them (docs/feeds.md, "Image re-export").
  if (saved.length > 0 && current.supplierName !== input.supplierName) {
    await db.update(products).set({ version: sql`${products.version} + 1` }).where(eq(products.supplierId, supplierId));
  }
  return { kind: saved.length > 0 ? 'saved' : 'stale', supplier: await supplierDetails(db, supplierId) };
}

/** Turns a supplier on or off without touching the rest. */
export async function setSupplierEnabled(db: Database, supplierId: number, enabled: boolean): Promise<SupplierDetails> {
  const changed = await db
    .update(suppliers)
    .set({ enabled, version: sql`${suppliers.version} + 1` })
    .where(eq(suppliers.supplierId, supplierId))
    .returning({ id: suppliers.supplierId });
  if (changed.length === 0) throw ApiError.saying(404, serverSentence('supplierMissing', supplierId));
  return supplierDetails(db, supplierId);
}

/**
 * Deletes a supplier that has no products (with its parsing history and uploaded file). One with
 * products is refused (409) naming how many: products and their history belong to it; disable it instead.
 */
export async function deleteSupplier(db: Database, supplierId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(suppliers).where(eq(suppliers.supplierId, supplierId)).for('update');
    if (!current) throw ApiError.saying(404, serverSentence('supplierMissing', supplierId));
    if (current.inProgress) throw ApiError.saying(409, serverSentence('supplierImportRunning', current.supplierName));
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(products).where(eq(products.supplierId, supplierId));
    if (n > 0) {
      throw ApiError.saying(409, serverSentence('supplierHasProducts', current.supplierName, n));
    }
    await tx.delete(parsingHistory).where(eq(parsingHistory.supplierId, supplierId));
    await tx.delete(suppliers).where(eq(suppliers.supplierId, supplierId));
  });
}
