/**
 * Suppliers, feed imports, image re-export and the parsing history (docs/feeds.md).
 * Imports and re-exports answer when they have finished: the answer carries their history entries.
 */
import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { FeedRunReport, Supplier } from '../../shared/contract';
import type { AppDeps } from '../app-deps';
import { suppliers } from '../db/schema';
import { importSupplierFeed, type RunResult } from '../feeds/feed-import';
import { reexportSupplierImages } from '../feeds/image-reexport';
import { historyPage } from '../feeds/parsing-history';
import { SupplierBusyError } from '../feeds/supplier-lock';
import { ApiError } from '../http/errors';
import { ServerHealth } from '../http/server-health';
import type { AuthEnv } from '../http/require-token';

/** Answer of POST /feed/parse/{id} and /feed/reexport/images/{id}. */
export const HISTORY_MAX_PAGE_SIZE = 200;
const HISTORY_DEFAULT_PAGE_SIZE = 20;
const MAX_ID = 2_147_483_647;

function supplierIdParam(value: string): number {
  const id = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id > MAX_ID) throw new ApiError(400, `The supplier id must be a whole number (0 for all suppliers), got '${value}'`);
  return id;
}

function wholeNumber(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
    throw new ApiError(400, `${name} must be a whole number from ${min} to ${max.toLocaleString('en-US')}, got '${value}'`);
  }
  return parsed;
}

/** Only sorting by dateTimeOperation is offered; the spec's call sends `dateTimeOperation,desc`. */
export function historySortDirection(value: string | undefined): 'asc' | 'desc' {
  if (value === undefined || value === '') return 'desc';
  const match = /^dateTimeOperation(?:,(asc|desc))?$/i.exec(value.trim());
  if (!match) throw new ApiError(400, `sort must be 'dateTimeOperation,asc' or 'dateTimeOperation,desc', got '${value}'`);
  return (match[1]?.toLowerCase() as 'asc' | 'desc' | undefined) ?? 'asc';
}

type Run = (supplierId: number) => Promise<RunResult>;

/** Runs one supplier, or (id 0) every supplier one after another, and builds the answer. */
async function runForSuppliers(deps: AppDeps, id: number, run: Run): Promise<{ status: ContentfulStatusCode; body: FeedRunReport & { message?: string } }> {
  if (id !== 0) {
    const { entry, failure } = await run(id);
    const body: FeedRunReport = { entries: [entry], skipped: [] };
    if (failure === 'download' || failure === 'feed') return { status: 502, body: { message: entry.message, ...body } };
    if (failure === 'disk-full') return { status: 507, body: { message: entry.message, ...body } };
    if (failure === 'server') return { status: 500, body: { message: entry.message, ...body } };
    return { status: 200, body };
  }
  const all = await deps.db.select().from(suppliers).orderBy(asc(suppliers.supplierId));
  const report: FeedRunReport = { entries: [], skipped: [] };
  for (const supplier of all) {
    try {
      report.entries.push((await run(supplier.supplierId)).entry);
    } catch (error) {
      if (!(error instanceof SupplierBusyError)) throw error;
      report.skipped.push({ supplierId: supplier.supplierId, supplierName: supplier.supplierName, message: error.message });
    }
  }
  // Per-supplier outcomes (including failed downloads) are in the entries: the run as a whole answered.
  return { status: 200, body: report };
}

function health(deps: AppDeps): ServerHealth {
  deps.health ??= new ServerHealth({ db: deps.db, dataDir: null, importMinFreeBytes: 0 });
  return deps.health;
}

export function feedRoutes(deps: AppDeps) {
  return new Hono<AuthEnv>()
    .get('/supplier', async (c) => {
      const rows = await deps.db.select().from(suppliers).orderBy(asc(suppliers.supplierId));
      return c.json(
        rows.map(
          (row): Supplier => ({ supplierId: row.supplierId, supplierName: row.supplierName, supplierUrlFeed: row.supplierUrlFeed, inProgress: row.inProgress }),
        ),
      );
    })
    .post('/feed/parse/:id', async (c) => {
      const id = supplierIdParam(c.req.param('id'));
      await health(deps).ensureImportSpace();
      const { status, body } = await health(deps).whileImporting(() => runForSuppliers(deps, id, (supplierId) => importSupplierFeed(deps, supplierId)));
      return c.json(body, status);
    })
    .post('/feed/reexport/images/:id', async (c) => {
      const id = supplierIdParam(c.req.param('id'));
      await health(deps).ensureImportSpace();
      const { status, body } = await health(deps).whileImporting(() => runForSuppliers(deps, id, (supplierId) => reexportSupplierImages(deps, supplierId)));
      return c.json(body, status);
    })
    .get('/history/feed', async (c) => {
      const size = wholeNumber(c.req.query('size'), 'size', HISTORY_DEFAULT_PAGE_SIZE, 1, HISTORY_MAX_PAGE_SIZE);
      const page = wholeNumber(c.req.query('page'), 'page', 0, 0, 1_000_000);
      const direction = historySortDirection(c.req.query('sort'));
      return c.json(await historyPage(deps.db, { page, size, direction }));
    });
}
