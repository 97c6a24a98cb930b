import type { Context } from 'hono';
import { ApiError } from './errors';

/** The request's JSON body; a body that is not JSON is the caller's mistake (400), not ours. */
export async function readJsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ApiError(400, 'The request body must be JSON');
  }
}
