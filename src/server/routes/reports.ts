/**
 * Reports and export (docs/reports-and-export.md): GET /report/bol, the bol status of the
 * catalogue from our database, and POST /export/products, the products of a filter or a
 * selection as CSV or .xlsx, streamed.
 */
import { Hono } from 'hono';
import { EXPORT_ROWS_HEADER, exportRequestSchema, REPORT_PAGE_SIZE } from '../../shared/export-contract';
import { bolReportOverview } from '../bol/marketplace/status-report';
import type { CatalogueDeps } from '../catalogue/catalogue-deps';
import { countExport, exportBatches, exportCondition, exportOrder, exportStream } from '../catalogue/product-export';
import { ApiError } from '../http/errors';
import { readJsonBody } from '../http/read-json';
import type { AuthEnv } from '../http/require-token';
import { XLSX_TYPE } from './process-reports';

function wholeParameter(text: string | null, name: string, min: number, max: number, fallback: number): number {
  if (text === null || text === '') return fallback;
  if (!/^\d{1,7}$/.test(text) || Number(text) < min || Number(text) > max) throw new ApiError(400, `${name} must be a whole number from ${min} to ${max}, got '${text}'`);
  return Number(text);
}

export function reportRoutes(deps: Pick<CatalogueDeps, 'db' | 'now'>) {
  const now = () => new Date(deps.now?.() ?? Date.now());
  return new Hono<AuthEnv>()
    .get('/report/bol', async (c) => {
      const query = new URL(c.req.url).searchParams;
      const page = wholeParameter(query.get('page'), 'page', 0, 1_000_000, 0);
      const size = wholeParameter(query.get('size'), 'size', 1, REPORT_PAGE_SIZE.max, REPORT_PAGE_SIZE.default);
      c.header('Cache-Control', 'private, no-cache');
      return c.json(await bolReportOverview(deps.db, page, size, now()));
    })
    .post('/export/products', async (c) => {
      const parsed = exportRequestSchema.safeParse(await readJsonBody(c));
      if (!parsed.success) throw new ApiError(400, `The export is not valid: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')}`);
      const request = parsed.data;
      const where = exportCondition(request);
      const rows = await countExport(deps.db, where);
      const day = now().toISOString().slice(0, 10);
      const stream = exportStream(request.format, exportBatches(deps.db, where, exportOrder(request)), request.columns);
      return c.body(stream, 200, {
        'Content-Type': request.format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE,
        'Content-Disposition': `attachment; filename="products-${day}.${request.format}"`,
        'Cache-Control': 'no-store',
        [EXPORT_ROWS_HEADER]: String(rows),
        'Access-Control-Expose-Headers': EXPORT_ROWS_HEADER,
      });
    });
}
