/**
 * A statement sent to PGlite as one protocol message (src/server/db/pglite-one-message.ts): the
 * answers and errors are PGlite's query()'s, whether the statement is new, seen once or kept.
 */
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OneMessageQueries } from '../../src/server/db/pglite-one-message';

let db: PGlite;

beforeAll(async () => {
  db = await PGlite.create();
  await db.exec(`create table item (
    id int primary key, name text not null, price numeric(12,2), at timestamptz, doc jsonb, ok boolean, tags text[], counts int[]);
    insert into item values (1, 'one', 1.5, '2026-11-30T10:00:00Z', '{"a":1}', true, '{x,y}', '{1,2}')`);
});

afterAll(async () => {
  await db?.close();
});

const arrays: QueryOptions = { rowMode: 'array' };

/** The statements prepared under a name with this text, and how often each ran. */
async function preparedStatements(text: string) {
  const kept = await db.query<{ custom_plans: number; generic_plans: number }>(
    'select custom_plans::int, generic_plans::int from pg_prepared_statements where statement = $1',
    [text],
  );
  return kept.rows.map((row) => ({ ...row, runs: row.custom_plans + row.generic_plans }));
}

/** Counts how often the statement went through PGlite's query(), was described, or went as one message. */
function watched() {
  const query = vi.spyOn(db, 'query');
  const describe = vi.spyOn(db, 'describeQuery');
  const oneMessage = vi.spyOn(db, 'execProtocol');
  return {
    counts: () => ({ query: query.mock.calls.length, describe: describe.mock.calls.length, oneMessage: oneMessage.mock.calls.length }),
    restore: () => vi.restoreAllMocks(),
  };
}

describe('statements as one message', () => {
  it("answers as query() does for every kind of value, from the first time a statement comes to the third", async () => {
    const queries = new OneMessageQueries(db);
    const text = `select id, name, price, at, doc, ok, tags, counts from item
      where id = $1 and name <> $2 and price < $3 and at <= $4 and doc @> $5 and ok = $6 and tags && $7 and $8::int[] is not null and $9::text is null`;
    const params = [1, 'zero', 2.25, '2026-11-30T11:00:00.000Z', '{"a":1}', true, ['y'], [1, 2], null];
    const expected = await db.query(text, params, arrays);
    expect(expected.rows).toHaveLength(1);
    const watch = watched();
    try {
      const answers = [await queries.query(text, params, arrays), await queries.query(text, params, arrays), await queries.query(text, params, arrays)];
      for (const answer of answers) {
        expect(answer.rows).toEqual(expected.rows);
        expect(answer.fields).toEqual(expected.fields);
      }
      // New: query() answers; seen before: its parameter types are asked once, then one message each time.
      expect(watch.counts()).toEqual({ query: 1, describe: 1, oneMessage: 2 });
    } finally {
      watch.restore();
    }
  });

  it('writes the same values and counts the same rows as query()', async () => {
    const queries = new OneMessageQueries(db);
    const text = 'insert into item (id, name, price, at, doc, ok, tags) values ($1, $2, $3, $4, $5, $6, $7)';
    for (const id of [10, 11, 12]) {
      const written = await queries.query(text, [id, `item ${id}`, id / 8, new Date(Date.UTC(2026, 10, 30, id)), { id, nested: [id] }, id % 2 === 0, ['a', "b'c"]], arrays);
      expect(written.affectedRows).toBe(1);
    }
    const update = await queries.query('update item set price = price + $1 where id between $2 and $3', [1, 10, 12], arrays);
    expect(update.affectedRows).toBe(3);
    const back = await db.query<{ id: number; price: string; at: Date; doc: unknown; ok: boolean; tags: string[] }>('select id, price, at, doc, ok, tags from item where id >= 10 order by id');
    expect(back.rows).toEqual([10, 11, 12].map((id) => ({ id, price: (id / 8 + 1).toFixed(2), at: new Date(Date.UTC(2026, 10, 30, id)), doc: { id, nested: [id] }, ok: id % 2 === 0, tags: ['a', "b'c"] })));
  });

  it("gives the database's error with its code, constraint and statement, on every path", async () => {
    const queries = new OneMessageQueries(db);
    const text = 'insert into item (id, name) values ($1, $2)';
    for (let time = 0; time < 3; time++) {
      const error = await queries.query(text, [1, 'again'], arrays).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toMatchObject({ code: '23505', constraint: 'item_pkey', query: text });
    }
    // A statement the database cannot read cannot be described either: query() answers with its error.
    const broken = 'selec id from item where id = $1';
    for (let time = 0; time < 2; time++) await expect(queries.query(broken, [1], arrays)).rejects.toMatchObject({ code: '42601', query: broken });
    // The session goes on as before.
    expect((await queries.query('select count(*)::int as n from item where id = $1', [1], arrays)).rows).toEqual([[1]]);
  });

  it("keeps a transaction's rules: a rollback undoes one-message writes, an error aborts the rest", async () => {
    const queries = new OneMessageQueries(db);
    const text = 'insert into item (id, name) values ($1, $2)';
    await queries.query(text, [20, 'kept'], arrays);
    await db.exec('begin');
    await queries.query(text, [21, 'rolled back'], arrays);
    await queries.query(text, [22, 'rolled back'], arrays);
    await expect(queries.query(text, [20, 'twice'], arrays)).rejects.toMatchObject({ code: '23505' });
    await expect(queries.query(text, [23, 'after the error'], arrays)).rejects.toMatchObject({ code: '25P02' });
    await db.exec('rollback');
    expect((await db.query('select id from item where id between 20 and 23 order by id', [], arrays)).rows).toEqual([[20]]);
  });

  it('parses a statement that comes again once: from then on only its values are sent', async () => {
    const queries = new OneMessageQueries(db);
    const text = 'select name from item where id = $1 and $2::text is not null';
    const sent = vi.spyOn(db, 'execProtocol');
    try {
      for (const id of [1, 10, 11, 12]) expect((await queries.query(text, [id, 'x'], arrays)).rows).toEqual([[id === 1 ? 'one' : `item ${id}`]]);
      // The first time query() answers; the second the statement is parsed under a name (P), then only bound (B).
      const firsts = sent.mock.calls.map(([message]) => String.fromCharCode(message[0] ?? 0));
      expect(firsts).toEqual(['P', 'B', 'B']);
    } finally {
      vi.restoreAllMocks();
    }
    expect(await preparedStatements(text)).toEqual([{ custom_plans: expect.any(Number), generic_plans: expect.any(Number), runs: 3 }]);
  });

  it('plans a statement with its values each time when asked to, never keeping it prepared', async () => {
    const queries = new OneMessageQueries(db);
    const text = 'select count(*)::int as n from item where id >= $1';
    for (const from of [1, 10, 11, 12]) await queries.query(text, [from], arrays, { withValues: true });
    expect((await queries.query(text, [10], arrays, { withValues: true })).rows).toEqual((await db.query(text, [10], arrays)).rows);
    expect(await preparedStatements(text)).toEqual([]);
  });

  it('prepares anew a statement whose answer changed shape under it', async () => {
    const queries = new OneMessageQueries(db);
    await db.exec('create table shape (id int primary key, a text)');
    const read = 'select * from shape where id > $1';
    await queries.query(read, [0], arrays);
    await queries.query(read, [0], arrays); // now prepared
    await db.exec(`alter table shape add column b text; insert into shape values (1, 'a', 'b')`);
    // The prepared statement may no longer answer: the database says why, once.
    const changed = await queries.query(read, [0], arrays).then(() => null, (error: unknown) => error);
    expect(changed).toMatchObject({ code: '0A000', query: read });
    expect((await queries.query(read, [0], arrays)).rows).toEqual([[1, 'a', 'b']]);
    expect(await preparedStatements(read)).toHaveLength(1);
  });

  it('prepares a statement again after a first Parse the database refused', async () => {
    const queries = new OneMessageQueries(db, 10, 1);
    const insert = 'insert into item (name, id) values ($2, $1)';
    const other = 'select $1::int as other';
    for (const [id, name] of [[30, 'first'], [31, 'second']] as const) await queries.query(insert, [id, name], arrays); // now prepared
    for (let time = 0; time < 2; time++) await queries.query(other, [time], arrays); // prepared in its place: insert is closed
    await db.exec('begin');
    await expect(db.query('select 1 / 0')).rejects.toMatchObject({ code: '22012' });
    // Its Parse is refused in the failed transaction.
    await expect(queries.query(insert, [32, 'refused'], arrays)).rejects.toMatchObject({ code: '25P02', query: insert });
    await db.exec('rollback');
    expect((await queries.query(insert, [33, 'after'], arrays)).affectedRows).toBe(1);
    expect(await preparedStatements(insert)).toHaveLength(1);
    expect((await db.query('select id from item where id between 30 and 33 order by id', [], arrays)).rows).toEqual([[30], [31], [33]]);
  });

  it('keeps no more statements prepared than it may, closing the least recently used', async () => {
    const queries = new OneMessageQueries(db, 10, 1);
    const a = 'select $1::int + 1 as a';
    const b = 'select $1::int + 2 as b';
    for (const text of [a, a, b, b, a]) await queries.query(text, [1], arrays);
    // b's preparing closed a; a's preparing again closes b with its next message.
    expect(await preparedStatements(a)).toHaveLength(1);
    expect((await queries.query(a, [5], arrays)).rows).toEqual([[6]]);
    expect(await preparedStatements(b)).toEqual([]);
  });

  it('forgets the least recently used statement past the ones it keeps, which then starts over', async () => {
    const queries = new OneMessageQueries(db, 2);
    const a = 'select $1::int as a';
    const b = 'select $1::int as b';
    const c = 'select $1::int as c';
    const watch = watched();
    try {
      for (const text of [a, b]) for (let time = 0; time < 3; time++) await queries.query(text, [time], arrays);
      expect(watch.counts()).toEqual({ query: 2, describe: 2, oneMessage: 4 });
      await queries.query(a, [1], arrays); // used again: b is now the least recently used
      await queries.query(c, [1], arrays); // new: b is forgotten
      await queries.query(a, [1], arrays); // still kept: one message
      expect(watch.counts()).toEqual({ query: 3, describe: 2, oneMessage: 6 });
      await queries.query(b, [1], arrays); // new again: query() answers
      await queries.query(b, [1], arrays); // seen before: described, one message
      expect(watch.counts()).toEqual({ query: 4, describe: 3, oneMessage: 7 });
    } finally {
      watch.restore();
    }
  });
});
