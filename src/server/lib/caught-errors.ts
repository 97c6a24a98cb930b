/**
 * What the server may say about an error it caught (docs/security.md, "Errors in the log"):
 * - describeError: one bounded line for the log. A database error is its SQLSTATE and the driver's
 *   own message, never the statement or its parameters: drizzle wraps every failed statement in an
 *   error whose message is "Failed query: <statement> params: <every parameter>" (a feed password,
 *   a whole uploaded file), and the drivers' error objects carry the statement and the parameters
 *   as properties that console.error(error) would print;
 * - isDiskFullError: whether it says the disk (or the quota) is full, from Node or from PostgreSQL.
 */
import { DrizzleQueryError } from 'drizzle-orm';

/** The longest message describeError gives (the driver's message, or a chain of them). */
export const MAX_DESCRIBED_MESSAGE_CHARS = 300;
const MAX_CAUSE_DEPTH = 5;
const MAX_FRAMES = 2;

/** A running import stopped because the data disk is (nearly) full. */
export class DiskFullError extends Error {
  constructor() {
    super('the disk of the data folder is full');
    this.name = 'DiskFullError';
  }
}

/** The error and its causes, outermost first (drizzle puts the driver's error in `cause`). */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && current !== null && chain.length < MAX_CAUSE_DEPTH; current = (current as { cause?: unknown }).cause) {
    chain.push(current);
    if (typeof current !== 'object') break;
  }
  return chain;
}

/** drizzle's wrapper of a failed statement: its message is the statement and all its parameters. */
function isStatementWrapper(error: unknown): boolean {
  return error instanceof DrizzleQueryError || (error instanceof Error && error.message.startsWith('Failed query:'));
}

/** A SQLSTATE: five digits or capitals; no class starts with E, so Node's EPIPE or EBUSY is not one. */
const SQLSTATE = /^[0-9A-DF-Z][0-9A-Z]{4}$/;

function codeOf(error: unknown): string | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code !== '' ? code : null;
}

/** The SQLSTATE of a database error anywhere in the cause chain (drizzle wraps the driver's error). */
export function sqlStateOf(error: unknown): string | null {
  for (const current of causeChain(error)) {
    const code = codeOf(current);
    if (code !== null && SQLSTATE.test(code)) return code;
  }
  return null;
}

/** The messages of the chain that may be logged, outermost first, without repeats. */
function loggableMessages(chain: readonly unknown[]): string[] {
  const messages: string[] = [];
  for (const current of chain) {
    if (isStatementWrapper(current)) continue;
    const message = current instanceof Error ? current.message : typeof current === 'string' ? current : '';
    if (message !== '' && !messages.some((earlier) => earlier.includes(message))) messages.push(message);
  }
  return messages;
}

/**
 * The messages of an error and its causes as one bounded line, without drizzle's statement and
 * parameters: what may be shown or stored where a caught error is reported (no code, no stack).
 */
export function errorMessageOf(error: unknown): string {
  return oneLine(loggableMessages(causeChain(error)).join(': ') || 'no message', MAX_DESCRIBED_MESSAGE_CHARS);
}

/** One line, credentials in an address masked (https://user:secret@host), at most `max` characters. */
function oneLine(text: string, max: number): string {
  const flat = text
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/(\/\/)[^\s/@]*:[^\s/@]*@/g, '$1***@')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Where a programming error was thrown: the first frames of its stack, never the message in it. */
function framesOf(error: unknown): string {
  if (!(error instanceof Error) || typeof error.stack !== 'string') return '';
  const at = error.message === '' ? -1 : error.stack.indexOf(error.message);
  const afterMessage = at < 0 ? error.stack.split('\n').slice(1).join('\n') : error.stack.slice(at + error.message.length);
  const frames = afterMessage
    .split('\n')
    .map((line) => /^\s+at (.+)$/.exec(line)?.[1])
    .filter((frame): frame is string => frame !== undefined)
    .slice(0, MAX_FRAMES);
  return frames.length > 0 ? ` (at ${oneLine(frames.join(' < '), 300)})` : '';
}

/**
 * A caught error as one bounded log line without statement, parameters or credentials:
 * - a database error: `SQLSTATE 53100: could not extend file …` (the driver's message);
 * - a failed statement without a SQLSTATE (the connection ended): `database statement failed: …`;
 * - a Node system error: `ENOSPC: no space left on device, write`;
 * - anything else: `TypeError: … (at where it was thrown)`.
 */
export function describeError(error: unknown): string {
  const chain = causeChain(error);
  const message = errorMessageOf(error);
  const state = sqlStateOf(error);
  if (state !== null) return `SQLSTATE ${state}: ${message}`;
  if (chain.some(isStatementWrapper)) return `database statement failed: ${message}`;
  const found = chain.map(codeOf).find((code) => code !== null);
  const code = found ? oneLine(found, 40) : null;
  if (code) return message.startsWith(code) ? message : `${code}: ${message}`;
  if (!(error instanceof Error)) return `a thrown ${typeof error}: ${message}`;
  const name = oneLine(error.name || 'Error', 60);
  return `${message.startsWith(name) ? message : `${name}: ${message}`}${framesOf(error)}`;
}

const DISK_FULL_CODES: readonly string[] = ['ENOSPC', 'EDQUOT', '53100'];

/**
 * True for an error that says the disk (or the quota) is full, from Node or from PostgreSQL. The
 * statement wrapper's message is not read: its parameters are whatever the user typed.
 */
export function isDiskFullError(error: unknown): boolean {
  for (const current of causeChain(error)) {
    if (current instanceof DiskFullError) return true;
    const code = codeOf(current);
    if (code !== null && DISK_FULL_CODES.includes(code)) return true;
    if (isStatementWrapper(current)) continue;
    const message = current instanceof Error ? current.message : String(current);
    if (/no space left on device|disk quota exceeded|could not extend file|disk full/i.test(message)) return true;
  }
  return false;
}
