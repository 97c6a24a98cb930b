/**
 * POST /api/v1/ean: the EAN sheet (multipart field `eanExel`, one .xlsx). Every product whose
 * supplier EAN is a row's 'Supplier EAN' gets the row's 'New EAN' as its EAN and is marked as
 * changed. Valid rows are applied together in one transaction; the answer is an EanUploadReport.
 * Format, rules and limits: docs/ean-and-images.md.
 */
import { inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { EanUploadReport } from '../../shared/contract';
import type { CatalogueDeps } from '../catalogue/catalogue-deps';
import { EanSheetError, MAX_EAN_SHEET_BYTES, type EanSheetRow } from '../catalogue/ean-sheet';
import { EanSheetReader } from '../catalogue/ean-sheet-in-worker';
import { gtinVariants, planEanUpload, type EanChange, type ProductEanRef } from '../catalogue/ean-sheet-plan';
import type { Database } from '../db/connection';
import { products } from '../db/schema';
import { authorOf } from '../http/author';
import { ApiError } from '../http/errors';
import { serverSentence } from '../../shared/server-messages';
import { readSingleFile, singleFileBodyLimit, uploadBodyLimitBytes, type SingleFileUpload } from '../http/single-file-upload';
import type { AuthEnv } from '../http/require-token';

export const EAN_UPLOAD_FIELD = 'eanExel';
/** Bound parameters per statement stay far below PostgreSQL's 65,535. */
const CHUNK = 1_000;

const EAN_SHEET_UPLOAD: SingleFileUpload = {
  field: EAN_UPLOAD_FIELD,
  maxBytes: MAX_EAN_SHEET_BYTES,
  what: 'an .xlsx file',
  tooLarge: () => ApiError.saying(413, serverSentence('eanFileTooLarge', MAX_EAN_SHEET_BYTES / 1024 / 1024)),
};

/** The largest request body the EAN upload reads. */
export const MAX_EAN_UPLOAD_BODY_BYTES = uploadBodyLimitBytes(EAN_SHEET_UPLOAD);
export const eanSheetTooLarge = EAN_SHEET_UPLOAD.tooLarge;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** The EANs of a cell that passed reading, in every stored form they may have. */
function lookupForms(rows: EanSheetRow[], column: 'supplierEan' | 'newEan'): string[] {
  const forms = new Set<string>();
  for (const row of rows) {
    const cell = row[column];
    if ('ean' in cell && /^\d{1,14}$/.test(cell.ean)) for (const form of gtinVariants(cell.ean)) forms.add(form);
  }
  return [...forms];
}

async function productsWhere(tx: Tx, column: typeof products.supplierEan | typeof products.ean, values: string[]): Promise<ProductEanRef[]> {
  const found: ProductEanRef[] = [];
  for (const part of chunks(values)) {
    found.push(
      ...(await tx
        .select({ productId: products.productId, supplierEan: products.supplierEan, ean: products.ean })
        .from(products)
        .where(inArray(column, part))),
    );
  }
  return found;
}

/** Applies the sheet's changes and records one history entry per product changed (docs/products.md "History"). */
async function applyChanges(tx: Tx, changes: EanChange[], now: Date, author: string): Promise<void> {
  const updates = changes.flatMap((change) =>
    change.productIds.map((productId) => ({ productId, ean: change.newEan, isChangeEan: change.isChangeEan })),
  );
  for (const part of chunks(updates)) {
    const values = sql.join(
      part.map((update) => sql`(${update.productId}::integer, ${update.ean}::text, ${update.isChangeEan}::boolean)`),
      sql`, `,
    );
    await tx.execute(sql`
      with v(product_id, ean, is_change_ean) as (values ${values}),
      old as (select p.product_id, p.ean, p.is_change_ean from ${products} p where p.product_id in (select product_id from v)),
      up as (
        update ${products} as p
           set ean = v.ean, is_change_ean = v.is_change_ean, version = p.version + 1, date_update = ${now.toISOString()}::timestamptz
          from v
         where p.product_id = v.product_id
        returning p.product_id, p.ean, p.is_change_ean, p.version)
      insert into product_history (product_id, author, how, device_at, server_at, version, changes)
      select up.product_id, ${author}, 'ean-sheet', null, ${now.toISOString()}::timestamptz, up.version,
             (select coalesce(jsonb_agg(jsonb_build_object('field', c.f, 'old', c.o, 'new', c.n)), '[]'::jsonb)
                from (values ('ean', to_jsonb(o.ean), to_jsonb(up.ean)), ('isChangeEan', to_jsonb(o.is_change_ean), to_jsonb(up.is_change_ean))) as c(f, o, n)
               where c.o is distinct from c.n)
        from up join old o on o.product_id = up.product_id`);
  }
}

export function eanRoutes(deps: Pick<CatalogueDeps, 'db' | 'now' | 'eanSheetReader'>) {
  const now = () => new Date(deps.now?.() ?? Date.now());
  // Read in a worker thread with a memory limit, one sheet at a time (docs/security.md, "Uploads").
  const sheets = deps.eanSheetReader ?? new EanSheetReader();

  return new Hono<AuthEnv>().post(
    '/ean',
    singleFileBodyLimit(EAN_SHEET_UPLOAD),
    async (c) => {
      const file = await readSingleFile(c, EAN_SHEET_UPLOAD);

      let rows: EanSheetRow[];
      try {
        rows = await sheets.read(new Uint8Array(await file.arrayBuffer()));
      } catch (error) {
        if (error instanceof EanSheetError) {
          throw new ApiError(error.status, error.message, error.retryAfterSeconds ? { 'Retry-After': String(error.retryAfterSeconds) } : {}, error.sentence);
        }
        throw error;
      }

      const report = await deps.db.transaction(async (tx) => {
        // One EAN sheet at a time: the "already used" checks must see the previous sheet's changes.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('backoffice:ean-sheet'))`);
        const lookup = {
          bySupplierEan: await productsWhere(tx, products.supplierEan, lookupForms(rows, 'supplierEan')),
          byEan: await productsWhere(tx, products.ean, lookupForms(rows, 'newEan')),
        };
        const plan = planEanUpload(rows, lookup);
        await applyChanges(tx, plan.applied, now(), authorOf(c));
        return {
          rowsRead: rows.length,
          applied: plan.applied.map(({ row, supplierEan, newEan, productIds }) => ({ row, supplierEan, newEan, productIds })),
          refused: plan.refused,
        } satisfies EanUploadReport;
      });
      return c.json(report);
    },
  );
}
