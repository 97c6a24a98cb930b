/**
 * Reports and export (docs/reports-and-export.md): GET /report/bol, the bol status of the
 * catalogue from our database, and POST /export/products, the products of a filter or a
 * selection as CSV or .xlsx, streamed.
 */
import { Hono } from 'hono';
import { csvDialectOf, EXPORT_ROWS_HEADER, exportExtension, exportRequestSchema, isCsvFormat, REPORT_PAGE_SIZE } from '../../shared/export-contract';
import { bolReportOverview } from '../bol/marketplace/status-report';
import type { CatalogueDeps } from '../catalogue/catalogue-deps';
import { exportFileWords } from '../../shared/export-file-words';
import { countExport, EXPORT_BATCH, exportBatches, exportCondition, exportOrder, exportStream } from '../catalogue/product-export';
import { parsedOr400 } from '../http/problem-sentence';
import { readJsonBody } from '../http/read-json';
import { pageParams } from '../http/request-params';
import type { AuthEnv } from '../http/require-token';
import { XLSX_TYPE } from './process-reports';

export function reportRoutes(deps: Pick<CatalogueDeps, 'db' | 'now'>) {
  const now = () => new Date(deps.now?.() ?? Date.now());
  return new Hono<AuthEnv>()
    .get('/report/bol', async (c) => {
      const { page, size } = pageParams(new URL(c.req.url).searchParams, REPORT_PAGE_SIZE);
      c.header('Cache-Control', 'private, no-cache');
      return c.json(await bolReportOverview(deps.db, page, size, now()));
    })
    .post('/export/products', async (c) => {
      const request = parsedOr400(exportRequestSchema, await readJsonBody(c), { what: 'The export', whole: 'body' });
      const where = exportCondition(request);
      const rows = await countExport(deps.db, where);
      const day = now().toISOString().slice(0, 10);
      const stream = exportStream(request.format, exportBatches(deps.db, where, exportOrder(request), EXPORT_BATCH, exportFileWords(request.language)), request.columns, request.language);
      return c.body(stream, 200, {
        'Content-Type': isCsvFormat(request.format) ? 'text/csv; charset=utf-8' : XLSX_TYPE,
        'Content-Disposition': `attachment; filename="products-${day}${csvDialectOf(request.format, request.language) === 'excel-nl' ? '-excel-nl' : ''}.${exportExtension(request.format)}"`,
        'Cache-Control': 'no-store',
        [EXPORT_ROWS_HEADER]: String(rows),
        'Access-Control-Expose-Headers': EXPORT_ROWS_HEADER,
      });
    });
}
