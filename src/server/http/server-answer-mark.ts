/**
 * Marks every answer the server writes (src/shared/server-answer.ts): the app tells the server's
 * own 502, 503 and 504 from a gateway's by it (docs/offline.md "Reaching the server"). Registered
 * after the lifecycle's middleware, so the 503 of a server that is shutting down stays unmarked:
 * it is going away, and the app should wait for it as for one that does not answer.
 */
import type { MiddlewareHandler } from 'hono';
import { SERVER_ANSWER_HEADER } from '../../shared/server-answer';

export function serverAnswerMark(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.res.headers.set(SERVER_ANSWER_HEADER, '1');
  };
}
