import type { Context } from 'hono';
import { MAX_JSON_DEPTH, NUL_REFUSED, nestsDeeperThan, nulFieldIn } from '../../shared/safe-values';
import { serverSentence } from '../../shared/server-messages';
import { ApiError } from './errors';

/**
 * The request's JSON body; a body that is not JSON is the caller's mistake (400), not ours. A string
 * anywhere in it with the NUL character is refused here for every call (400 naming the field):
 * PostgreSQL text cannot hold it (docs/security.md, "Input").
 */
export async function readJsonBody(c: Context): Promise<unknown> {
  const body = await readJsonOnly(c);
  const field = nulFieldIn(body);
  if (field !== null) throw new ApiError(400, `${field === '' ? 'The request body' : field} ${NUL_REFUSED}`);
  return body;
}

/**
 * The request's JSON body without the NUL check, for a call that refuses NUL per part of the body
 * itself (POST /product/batch answers each item on its own); 400 when it is not JSON or nests
 * deeper than any body of the app (the checks that walk a body stay within the stack).
 */
export async function readJsonOnly(c: Context): Promise<unknown> {
  let body: unknown;
  try {
    body = (await c.req.json()) as unknown;
  } catch {
    throw ApiError.saying(400, serverSentence('bodyNotJson'));
  }
  if (nestsDeeperThan(body, MAX_JSON_DEPTH)) throw ApiError.saying(400, serverSentence('bodyTooDeep', MAX_JSON_DEPTH));
  return body;
}
