/**
 * One person's device (an outbox on fake-indexeddb) saving one product through the real PATCH
 * /product/{id}, on a connection that loses answers (docs/offline.md "Change sets"): while
 * `loseAnswers` holds, each request either reaches the server and its answer is lost after the
 * server committed ('landed'), or never leaves ('never arrived'). Used by the lost-answer tests.
 */
import { buildChangeSet } from '../../../src/shared/change-set';
import type { Product } from '../../../src/shared/contract';
import { fromCachedProduct, toCachedProduct, type BackofficeDatabase } from '../../../src/app/db/database';
import { drainOutbox, type OutboxRequest, type ResponseLike } from '../../../src/app/sync/drainer';
import { enqueueProductChange } from '../../../src/app/sync/outbox';
import type { TestApp } from './test-app';
import { deviceClock } from './device-clock';

export type FirstAttempt = 'landed' | 'never arrived';

export async function lostAnswerDevice(t: TestApp, db: BackofficeDatabase, productId: number, user: string, first: FirstAttempt = 'landed') {
  const token = await t.tokenFor(user);
  const read = async () => (await (await t.app.request(`/api/v1/product/${productId}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Product;
  await db.products.put(toCachedProduct(await read()));

  const connection = { loseAnswers: true };
  const send = async (request: OutboxRequest): Promise<ResponseLike> => {
    if (connection.loseAnswers && first === 'never arrived') throw new Error('connect ETIMEDOUT (the request never left)');
    const answer = await t.app.request(request.url, { method: request.method, headers: request.headers, ...(request.body === undefined ? {} : { body: request.body }) });
    if (!connection.loseAnswers) return answer;
    await answer.arrayBuffer(); // the server finished and committed; the answer never arrives
    throw new Error('read ECONNRESET (after the server answered)');
  };
  const clock = deviceClock(t.clock.now);
  const deps = { db, send, token: () => token, currentUser: () => user, now: () => clock.now, random: () => 0.5 };
  /** The person's edit of the device's copy, queued as a change set. */
  const change = async (edit: (before: Product) => Partial<Product>) => {
    const before = fromCachedProduct((await db.products.get(productId)) as Product);
    const after = { ...before, ...edit(before) };
    await enqueueProductChange(db, buildChangeSet(before, after, clock.now, false), after, user, clock.now);
  };
  const drain = () => drainOutbox(deps);
  /** The connection works again an hour later (past every backoff); drains. */
  const drainWithAnswers = () => {
    connection.loseAnswers = false;
    clock.now += 60 * 60_000;
    return drainOutbox(deps);
  };
  return { read, change, drain, drainWithAnswers };
}
