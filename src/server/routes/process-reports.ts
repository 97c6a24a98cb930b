/** The spec's two "process report" calls: re-import offers from bol, and the product content export (.xlsx). */
import { Hono } from 'hono';
import { requireBolClient, type BolWingDeps } from '../bol/bol-deps';
import { runJob } from '../bol/marketplace/bol-jobs';
import { contentExportWorkbook } from '../bol/marketplace/content-export';
import { importOffers } from '../bol/marketplace/offer-import';
import type { AuthEnv } from '../http/require-token';
import { jobAnswer } from './bol';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function processReportRoutes(deps: Pick<BolWingDeps, 'db' | 'now' | 'bol'>) {
  const now = () => new Date(deps.now?.() ?? Date.now());
  return new Hono<AuthEnv>()
    .get('/process/report/bol/offer/import', async (c) => {
      const client = requireBolClient(deps.bol);
      return jobAnswer(c, await runJob(deps.db, 'offer-import', now, (job) => importOffers(deps.db, client, job, now)));
    })
    .get('/process/report/bol/product-content/export', async (c) => {
      const file = await contentExportWorkbook(deps.db);
      const day = now().toISOString().slice(0, 10);
      return c.body(new Uint8Array(file), 200, {
        'Content-Type': XLSX_TYPE,
        'Content-Disposition': `attachment; filename="bol-product-content-${day}.xlsx"`,
        'Cache-Control': 'no-store',
      });
    });
}
