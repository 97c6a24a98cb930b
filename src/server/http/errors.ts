/**
 * Errors as the API answers them: JSON `{ message }`, never a stack trace; a sentence the app words
 * in the person's language also carries `messageId` and `messageArgs` (docs/languages.md).
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { serverSentence, type ServerSentence } from '../../shared/server-messages';
import { describeError, isDiskFullError, sqlStateOf } from '../lib/caught-errors';


/** The answer (507) to a request that ran into a full disk: the database's or the media store's. */
export const DISK_FULL_MESSAGE = serverSentence('diskFull').message;

/** An error whose message is meant for the person using the app. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** The sentence's catalog id and arguments, when the app words it in the person's language. */
    readonly sentence: ServerSentence | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The error answering `sentence` (its English is the message), with the answer's own headers. */
  static saying(status: ContentfulStatusCode, sentence: ServerSentence, headers: Record<string, string> = {}): ApiError {
    return new ApiError(status, sentence.message, headers, sentence);
  }
}

/** The body of an error: `{ message }`, with the sentence's id and arguments when it has them. */
export function errorBody(error: ApiError): { message: string } | ServerSentence {
  return error.sentence ? { message: error.message, messageId: error.sentence.messageId, messageArgs: error.sentence.messageArgs } : { message: error.message };
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
    return c.json(errorBody(error), error.status);
  }
  if (error instanceof HTTPException) {
    return c.json({ message: error.message || 'Request failed' }, error.status);
  }
  // One log line per failure: the route and describeError (SQLSTATE and the driver's message), never
  // the statement or its parameters (docs/security.md, "Errors in the log").
  const route = `${c.req.method} ${c.req.path.slice(0, 200)}`;
  if (isDiskFullError(error)) {
    console.error(`[server] ${route}: the disk is full: ${describeError(error)}`);
    return c.json(serverSentence('diskFull'), 507);
  }
  // Safety net: a value the checks let through but the database refuses (SQLSTATE class 22, "data
  // exception": numeric out of range, invalid byte sequence, …) is the caller's input, not our failure.
  if (sqlStateOf(error)?.startsWith('22')) {
    console.warn(`[server] ${route}: the database refused a value: ${describeError(error)}`);
    return c.json(serverSentence('valueNotStorable', databaseMessage(error)), 400);
  }
  console.error(`[server] ${route} failed: ${describeError(error)}`);
  return c.json(serverSentence('internalError'), 500);
}
