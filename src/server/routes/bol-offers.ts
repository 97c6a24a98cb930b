/**
 * The calls around offers that follow the catalogue (docs/bol.md, "Offers follow the catalogue"):
 * "Send anyway" of a held-back change, confirming a held feed batch, the guard rails' settings and
 * the counts of offer states.
 */
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { bolOfferMessages } from '../../shared/bol-offer-messages';
import { offerSettingsSchema } from '../../shared/bol-offer-sync';
import type { BolWingDeps } from '../bol/bol-deps';
import { confirmFeedBatch } from '../bol/offers/offer-feed-guard';
import { queueOfferSyncIfDue } from '../bol/offers/offer-sync-job';
import { sendAnyway } from '../bol/offers/offer-send-anyway';
import { loadOfferSettings, saveOfferSettings } from '../bol/offers/offer-sync-settings';
import { offerStateCounts } from '../bol/offers/offer-sync-state';
import { marketplaceState } from '../bol/marketplace/product-state';
import { products } from '../db/schema';
import { adminOnly } from '../http/admin-only';
import { authorOf } from '../http/author';
import { ApiError, errorBody } from '../http/errors';
import { sentenceOf, serverSentence } from '../../shared/server-messages';
import { parsedOr400 } from '../http/problem-sentence';
import { readJsonBody } from '../http/read-json';
import { idempotencyOf, runIdempotentTransaction } from '../http/idempotency';
import { idParam } from '../http/request-params';
import type { AuthEnv } from '../http/require-token';

export interface OfferRouteDeps extends Pick<BolWingDeps, 'db' | 'now'> {
  /** The job runner, looked at once an offer sync is queued. */
  jobs?: { kick(): void };
}

export function bolOfferRoutes(deps: OfferRouteDeps) {
  const { db } = deps;
  const now = () => new Date(deps.now?.() ?? Date.now());
  const queueRun = async () => {
    if ((await queueOfferSyncIfDue(db, now())).length > 0) deps.jobs?.kick();
  };

  return new Hono<AuthEnv>()
    .post('/bol/offers/:productId/send-anyway', async (c) => {
      const productId = idParam(c.req.param('productId'), 'productId');
      const [product] = await db.select({ productId: products.productId }).from(products).where(eq(products.productId, productId));
      if (!product) throw ApiError.saying(404, serverSentence('offerProductMissing', productId));
      // Keyed like the other writes: the outbox re-sends a call whose answer was lost and gets the same answer.
      const result = await runIdempotentTransaction(db, idempotencyOf(c, 'POST /bol/offers/send-anyway', [productId]), async (tx) => {
        if (!(await sendAnyway(tx, productId, authorOf(c), now()))) return { status: 409, body: errorBody(ApiError.saying(409, serverSentence('offerNothingHeldBack'))) };
        return { status: 200, body: await marketplaceState(tx, productId) };
      });
      if (result.replayed) c.header('Idempotent-Replayed', 'true');
      if (result.status === 200) await queueRun();
      return c.json(result.body as object, result.status === 200 ? 200 : 409);
    })
    .post('/bol/offers/feed-batch/:jobId/confirm', async (c) => {
      const jobId = idParam(c.req.param('jobId'), 'jobId');
      const released = await confirmFeedBatch(db, jobId, authorOf(c), now());
      if (released === 0) throw ApiError.saying(404, serverSentence('offerFeedBatchNotHeld', jobId));
      await queueRun();
      return c.json({ jobId, released });
    })
    .get('/bol/offers/settings', async (c) => c.json(await loadOfferSettings(db)))
    .put('/bol/offers/settings', adminOnly(sentenceOf('bolOffer.settings.adminsOnly', bolOfferMessages.settings.adminsOnly)), async (c) => {
      const input = parsedOr400(offerSettingsSchema, await readJsonBody(c), { what: 'The offer settings', whole: 'body', said: (problems) => serverSentence('offerSettingsNotValid', problems) });
      return c.json(await saveOfferSettings(db, input, authorOf(c)));
    })
    .get('/bol/offers/summary', async (c) => c.json(await offerStateCounts(db)));
}
