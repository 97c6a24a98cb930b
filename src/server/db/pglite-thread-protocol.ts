/**
 * The messages between the server's main thread and its database thread (docs/architecture.md,
 * "The embedded database's thread"): pglite-thread.ts sends, pglite-worker.ts answers, in order.
 */

/** What the main thread asks. Parsers cannot cross threads: `keepAsText` names the type ids whose values stay text. */
export type DatabaseRequest =
  | {
      id: number;
      op: 'query';
      text: string;
      params: unknown[];
      rowMode: 'object' | 'array';
      keepAsText: number[];
      /** Planned with its values, never kept prepared (value-plans.ts). */
      withValues: boolean;
    }
  | { id: number; op: 'exec'; text: string }
  | { id: number; op: 'close' };

/** A database error as plain data: its message and the fields callers read (code, constraint, detail…). */
export interface ThreadError {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean>;
}

export type DatabaseAnswer = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: ThreadError };

/** The thread's first message: the database is open, or why it could not open. */
export type ThreadStart = { started: true } | { started: false; error: ThreadError };

/** An error as plain data, keeping its own fields that are plain values (a DatabaseError's code, detail, constraint…). */
export function threadErrorOf(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: ThreadError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

/** The error again on this side, with the same name, message and fields. */
export function errorOf(thrown: ThreadError): Error {
  const error = new Error(thrown.message);
  error.name = thrown.name;
  Object.assign(error, thrown.fields);
  return error;
}
