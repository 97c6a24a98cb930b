/** bol orders: import them from bol (all pages, with details) and read them a page at a time (docs/bol.md). */
import { Hono } from 'hono';
import type { AppDeps } from '../app-deps';
import { requireBolClient } from '../bol/bol-deps';
import { runJob } from '../bol/marketplace/bol-jobs';
import { importOrders } from '../bol/marketplace/order-import';
import { orderPage, parseOrderPageQuery } from '../bol/marketplace/order-page';
import type { AuthEnv } from '../http/require-token';
import { jobAnswer } from './bol';

export function orderRoutes(deps: AppDeps) {
  const now = () => new Date(deps.now?.() ?? Date.now());
  return new Hono<AuthEnv>()
    .get('/bol/order', async (c) => {
      const query = parseOrderPageQuery(new URL(c.req.url).searchParams);
      c.header('Cache-Control', 'private, no-cache');
      return c.json(await orderPage(deps.db, query));
    })
    .post('/bol/order/import', async (c) => {
      const client = requireBolClient(deps.bol);
      return jobAnswer(c, await runJob(deps.db, 'order-import', now, (job) => importOrders(deps.db, client, job, now)));
    });
}
