/**
 * bol orders: import them from bol (all pages, with details; or only what changed since the last
 * import), read them a page at a time, and cancel an order item with bol's reasons (docs/bol.md).
 */
import { Hono } from 'hono';
import { requireBolClient, type BolWingDeps } from '../bol/bol-deps';
import { runJob } from '../bol/marketplace/bol-jobs';
import { CANCELLATION_REASON_LABELS, cancelOrderItem, cancelRequestSchema } from '../bol/marketplace/order-cancel';
import { importOrders, lastOrderImport, orderImportScope, type OrderImportScope } from '../bol/marketplace/order-import';
import { orderPage, parseOrderPageQuery } from '../bol/marketplace/order-page';
import { ApiError } from '../http/errors';
import { serverSentence } from '../../shared/server-messages';
import { parsedOr400 } from '../http/problem-sentence';
import { readJsonBody } from '../http/read-json';
import type { AuthEnv } from '../http/require-token';
import { jobAnswer } from './bol';

export function orderRoutes(deps: Pick<BolWingDeps, 'db' | 'now' | 'bol'>) {
  const now = () => new Date(deps.now?.() ?? Date.now());
  return new Hono<AuthEnv>()
    .get('/bol/order', async (c) => {
      const query = parseOrderPageQuery(new URL(c.req.url).searchParams);
      c.header('Cache-Control', 'private, no-cache');
      return c.json(await orderPage(deps.db, query));
    })
    .post('/bol/order/import', async (c) => {
      const client = requireBolClient(deps.bol);
      const since = new URL(c.req.url).searchParams.get('since');
      if (since !== null && since !== 'last-import') throw ApiError.saying(400, serverSentence('orderSinceNotValid', since));
      const scope: OrderImportScope = since === null ? { kind: 'all' } : orderImportScope(await lastOrderImport(deps.db), now());
      return jobAnswer(c, await runJob(deps.db, 'order-import', now, (job) => importOrders(deps.db, client, job, now, scope)));
    })
    .get('/bol/order/cancellation-reasons', (c) => c.json({ reasons: Object.entries(CANCELLATION_REASON_LABELS).map(([code, label]) => ({ code, label })) }))
    .post('/bol/order/cancel', async (c) => {
      const client = requireBolClient(deps.bol);
      const request = parsedOr400(cancelRequestSchema, await readJsonBody(c), { what: 'The cancellation', fieldsInMessages: true, said: (problems) => serverSentence('cancellationNotValid', problems) });
      const answer = await cancelOrderItem(deps.db, client, request, now);
      // bol refused (e.g. already shipped): 409 with bol's reason; not finished in our bound: 202.
      const status = answer.status === 'SUCCESS' ? 200 : answer.status === 'FAILURE' ? 409 : 202;
      return c.json(answer, status);
    });
}
