/**
 * The one-line description of a caught error the server logs (docs/security.md, "Errors in the
 * log"): SQLSTATE and the driver's message, never drizzle's statement and parameters.
 */
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeError, errorMessageOf, isDiskFullError, MAX_DESCRIBED_MESSAGE_CHARS, sqlStateOf } from '../../src/server/lib/caught-errors';

const PASSWORD = 'feed-password-that-must-not-be-logged';

/** A driver's error as pg and PGlite throw it: SQLSTATE in `code`; PGlite adds the statement and parameters. */
function driverError(code: string, message: string): Error {
  return Object.assign(new Error(message), {
    code,
    severity: 'ERROR',
    detail: `Key (supplier_name)=(Acme ${PASSWORD}) already exists.`,
    query: 'insert into "suppliers" ("supplier_name", "feed_credentials") values ($1, $2)',
    params: ['Acme', { kind: 'basic', username: 'feeds', password: PASSWORD }],
  });
}

/** What drizzle throws for a failed statement: "Failed query: … params: …" around the driver's error. */
function failedInsert(code: string, message: string): DrizzleQueryError {
  return new DrizzleQueryError(
    'insert into "suppliers" ("supplier_name", "feed_credentials") values ($1, $2) returning "supplier_id"',
    ['Acme', JSON.stringify({ kind: 'basic', username: 'feeds', password: PASSWORD })],
    driverError(code, message),
  );
}

describe('describeError', () => {
  it('gives a failed statement as its SQLSTATE and the driver message, without the statement or its parameters', () => {
    const error = failedInsert('23505', 'duplicate key value violates unique constraint "suppliers_supplier_name_unique"');
    expect(error.message).toContain(PASSWORD); // the message console.error(error) printed before
    const line = describeError(error);
    expect(line).toBe('SQLSTATE 23505: duplicate key value violates unique constraint "suppliers_supplier_name_unique"');
    expect(line).not.toContain(PASSWORD);
    expect(line).not.toMatch(/insert into|params|Failed query/i);
  });

  it('gives a full database disk as 53100 and the driver message', () => {
    const line = describeError(failedInsert('53100', 'could not extend file "base/16384/16385": No space left on device'));
    expect(line).toBe('SQLSTATE 53100: could not extend file "base/16384/16385": No space left on device');
  });

  it('works on a message that drizzle wrapped without a driver error class (message prefix only)', () => {
    const wrapped = new Error(`Failed query: update "suppliers" set "feed_credentials" = $1\nparams: {"password":"${PASSWORD}"}`, {
      cause: new Error('Connection terminated unexpectedly'),
    });
    const line = describeError(wrapped);
    expect(line).toBe('database statement failed: Connection terminated unexpectedly');
    expect(line).not.toContain(PASSWORD);
  });

  it('keeps a long driver message on one bounded line', () => {
    const line = describeError(failedInsert('XX000', `first line\nsecond line ${'x'.repeat(5_000)}`));
    expect(line).not.toContain('\n');
    expect(line.length).toBeLessThanOrEqual('SQLSTATE XX000: '.length + MAX_DESCRIBED_MESSAGE_CHARS);
    expect(line.startsWith('SQLSTATE XX000: first line second line xxx')).toBe(true);
  });

  it('gives a Node system error as its code and message', () => {
    const error = Object.assign(new Error("ENOSPC: no space left on device, write '/data/media/spool/upload-1'"), { code: 'ENOSPC', syscall: 'write' });
    expect(describeError(error)).toBe("ENOSPC: no space left on device, write '/data/media/spool/upload-1'");
    // EPIPE looks like a SQLSTATE (five capitals) but is not one.
    expect(sqlStateOf(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBeNull();
    expect(describeError(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBe('EPIPE: write EPIPE');
  });

  it('gives a programming error its name, message and where it was thrown', () => {
    let thrown: unknown;
    try {
      JSON.parse('{ not json');
    } catch (error) {
      thrown = error;
    }
    expect(describeError(thrown)).toMatch(/^SyntaxError: .*JSON.* \(at JSON\.parse \(<anonymous>\) < .*caught-errors\.test\.ts:\d+:\d+/);
  });

  it('masks credentials in an address and describes thrown values that are not errors', () => {
    expect(describeError(new TypeError('Request cannot be constructed from a URL that includes credentials: https://feeds:s3cret@example.com/feed.csv'))).not.toContain('s3cret');
    expect(describeError('plain text')).toBe('a thrown string: plain text');
    expect(describeError(undefined)).toBe('a thrown undefined: no message');
  });

  it('gives the messages of the cause chain without the statement where a reason is stored (errorMessageOf)', () => {
    expect(errorMessageOf(failedInsert('53100', 'could not write block 7 of temporary file: No space left on device'))).toBe(
      'could not write block 7 of temporary file: No space left on device',
    );
    expect(errorMessageOf(new Error('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') }))).toBe('fetch failed: connect ECONNREFUSED 127.0.0.1:9');
  });
});

describe('isDiskFullError', () => {
  it('knows a full disk by SQLSTATE 53100, ENOSPC or EDQUOT anywhere in the cause chain', () => {
    expect(isDiskFullError(failedInsert('53100', 'could not extend file'))).toBe(true);
    expect(isDiskFullError(new Error('storing failed', { cause: Object.assign(new Error('no space'), { code: 'ENOSPC' }) }))).toBe(true);
    expect(isDiskFullError(Object.assign(new Error('quota'), { code: 'EDQUOT' }))).toBe(true);
  });

  it('does not read the parameters of a failed statement: a supplier named "Disk full" is not a full disk', () => {
    const error = new DrizzleQueryError('insert into "suppliers" ("supplier_name") values ($1)', ['Disk full of shoes'], driverError('23505', 'duplicate key value'));
    expect(isDiskFullError(error)).toBe(false);
  });
});
