/** Errors as the API answers them: JSON `{ message }`, never a stack trace. */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error whose message is meant for the person using the app. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The SQLSTATE of a database error anywhere in the cause chain (drizzle wraps the driver's error).
 */
export function sqlStateOf(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

function databaseMessage(error: unknown): string {
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && (current as { cause?: unknown }).cause) current = (current as { cause?: unknown }).cause;
  return current instanceof Error ? current.message.slice(0, 200) : 'not valid';
}

/**
 * The 400 message for a value the database refuses (SQLSTATE class 22, see errorResponse), or null
 * for any other error. Used where one request answers for several items (POST /product/batch).
 */
export function refusedValueMessage(error: unknown): string | null {
  return sqlStateOf(error)?.startsWith('22') ? `A value in the request cannot be stored: ${databaseMessage(error)}` : null;
}

export function errorResponse(error: Error, c: Context): Response {
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json({ message: error.message }, error.status);
  }
  if (error instanceof HTTPException) {
    return c.json({ message: error.message || 'Request failed' }, error.status);
  }
  // Safety net: a value the checks let through but the database refuses (SQLSTATE class 22, "data
  // exception": numeric out of range, invalid byte sequence, …) is the caller's input, not our failure.
  const state = sqlStateOf(error);
  if (state?.startsWith('22')) {
    console.warn(`[server] ${c.req.method} ${c.req.path}: the database refused a value (${state}):`, databaseMessage(error));
    return c.json({ message: `A value in the request cannot be stored: ${databaseMessage(error)}` }, 400);
  }
  console.error(`[server] ${c.req.method} ${c.req.path} failed:`, error);
  return c.json({ message: 'Internal server error' }, 500);
}
