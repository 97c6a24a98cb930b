/**
 * Reports and export (docs/reports-and-export.md): GET /report/bol, the bol status of the
 * catalogue from our database, and POST /export/products, the products of a filter or a
 * selection as CSV or .xlsx, streamed.
 */
import { serverSentence } from '../../shared/server-messages';
import { Hono } from 'hono';
import { csvDialectOf, EXPORT_ROWS_HEADER, exportExtension, exportRequestSchema, isCsvFormat, REPORT_PAGE_SIZE } from '../../shared/export-contract';
import { bolReportOverview } from '../bol/marketplace/status-report';
import type { CatalogueDeps } from '../catalogue/catalogue-deps';
import { exportFileWords } from '../../shared/export-file-words';
import { countExport, EXPORT_BATCH, exportBatches, exportCondition, exportOrder, exportStream } from '../catalogue/product-export';
import { ExportGate, freeingWhenDone } from '../catalogue/export-gate';
import { ApiError } from '../http/errors';
import { problemList, problemText } from '../http/problem-sentence';
import { readJsonBody } from '../http/read-json';
import { pageParams } from '../http/request-params';
import type { AuthEnv } from '../http/require-token';
import { XLSX_TYPE } from './process-reports';

export function reportRoutes(deps: Pick<CatalogueDeps, 'db' | 'now' | 'exportGate'>) {
  const now = () => new Date(deps.now?.() ?? Date.now());
  const exports = deps.exportGate ?? new ExportGate();
  return new Hono<AuthEnv>()
    .get('/report/bol', async (c) => {
      const { page, size } = pageParams(new URL(c.req.url).searchParams, REPORT_PAGE_SIZE);
      c.header('Cache-Control', 'private, no-cache');
      return c.json(await bolReportOverview(deps.db, page, size, now()));
    })
    .post('/export/products', async (c) => {
      const read = exportRequestSchema.safeParse(await readJsonBody(c));
      if (!read.success) throw ApiError.saying(400, serverSentence('exportNotValid', problemList(read.error.issues.map((issue) => problemText(issue, { whole: 'body' })))));
      const request = read.data;
      const where = exportCondition(request);
      // A place among the exports reading at once (export-gate.ts), held until the file ends or is cancelled.
      const free = await exports.enter();
      let stream: ReadableStream<Uint8Array>;
      let rows: number;
      try {
        rows = await countExport(deps.db, where);
        stream = exportStream(request.format, exportBatches(deps.db, where, exportOrder(request), EXPORT_BATCH, exportFileWords(request.language)), request.columns, request.language);
      } catch (error) {
        free();
        throw error;
      }
      const day = now().toISOString().slice(0, 10);
      return c.body(freeingWhenDone(stream, free), 200, {
        'Content-Type': isCsvFormat(request.format) ? 'text/csv; charset=utf-8' : XLSX_TYPE,
        'Content-Disposition': `attachment; filename="products-${day}${csvDialectOf(request.format, request.language) === 'excel-nl' ? '-excel-nl' : ''}.${exportExtension(request.format)}"`,
        'Cache-Control': 'no-store',
        [EXPORT_ROWS_HEADER]: String(rows),
        'Access-Control-Expose-Headers': EXPORT_ROWS_HEADER,
      });
    });
}
