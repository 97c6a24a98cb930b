/**
 * Answers kept until the next write (docs/products.md "Totals kept until the next write"): the
 * product list's count is asked once while nothing is written, and again after any write, so
 * paging a list reuses it and a save is never hidden behind a kept total.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptUntilWrite, writePosition } from '../../src/server/db/kept-until-write';
import { insertCatalogueBasics, insertProduct, type CatalogueFixture } from './support/product-fixtures';
import { productReads } from './support/product-reads';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let auth: { Authorization: string };
let fixture: CatalogueFixture;

beforeAll(async () => {
  t = await createTestApp();
  auth = { Authorization: `Bearer ${await t.token()}` };
  fixture = await insertCatalogueBasics(t.database.db);
  for (let i = 1; i <= 12; i += 1) await insertProduct(t.database.db, { supplierId: fixture.supplierIds.shoes, title: `Trail runner ${i}`, ean: `87000000001${10 + i}` });
  await t.database.db.execute(sql`create table kept_probe (n int)`);
}, 60_000);

afterAll(async () => {
  await t.close();
});

const { filterPage: filter } = productReads(() => t, () => auth);

/** A counter that `keptUntilWrite` computes through, to see when it asks again. */
function counter() {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    compute: async () => {
      calls += 1;
      return calls;
    },
  };
}

describe('answers kept until the next write', () => {
  it('computes once while nothing is written, whatever is read in between', async () => {
    const db = t.database.db;
    // On a shared PostgreSQL server other sessions write too: tried until a moment when nothing
    // else wrote (on the embedded database, the first).
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const c = counter();
      const key = `quiet-${attempt}`;
      const before = await writePosition(db);
      const first = await keptUntilWrite(db, key, c.compute);
      await db.execute(sql`select count(*) from kept_probe`);
      const second = await keptUntilWrite(db, key, c.compute);
      const other = await keptUntilWrite(db, `${key}-other`, c.compute); // another key is another answer
      if ((await writePosition(db)) !== before) continue;
      expect([first, second, other, c.calls]).toEqual([1, 1, 2, 2]);
      return;
    }
    throw new Error('the database never went unwritten for the length of the test');
  });

  it('computes again after a write, and after a write that was rolled back', async () => {
    const db = t.database.db;
    const c = counter();
    await keptUntilWrite(db, 'k2', c.compute);
    await db.execute(sql`insert into kept_probe values (1)`);
    expect(await keptUntilWrite(db, 'k2', c.compute)).toBe(2);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into kept_probe values (2)`);
      tx.rollback();
    }).catch(() => undefined);
    expect(await keptUntilWrite(db, 'k2', c.compute)).toBe(3);
  });

  it('does not keep an answer when a write lands while it is computed', async () => {
    const db = t.database.db;
    const c = counter();
    const computeWhileWriting = async () => {
      await db.execute(sql`insert into kept_probe values (3)`);
      return c.compute();
    };
    expect(await keptUntilWrite(db, 'k3', computeWhileWriting)).toBe(1);
    expect(await keptUntilWrite(db, 'k3', c.compute)).toBe(2);
  });

  it('moves the write position with every insert', async () => {
    const db = t.database.db;
    const before = await writePosition(db);
    await db.execute(sql`insert into kept_probe values (4)`);
    expect(await writePosition(db)).not.toBe(before);
  });

  it('shows a product saved between two pages of a list in the second page\'s total', async () => {
    expect(await filter('keyword=trail&size=5')).toMatchObject({ totalElements: 12, totalPages: 3 });
    expect(await filter('keyword=trail&size=5&page=1')).toMatchObject({ totalElements: 12, totalPages: 3 });
    await insertProduct(t.database.db, { supplierId: fixture.supplierIds.shoes, title: 'Trail runner 13', ean: '8700000000199' });
    expect(await filter('keyword=trail&size=5&page=1')).toMatchObject({ totalElements: 13, totalPages: 3 });
    expect(await filter('keyword=trail&size=4&sort=title,asc')).toMatchObject({ totalElements: 13, totalPages: 4 });
  });
});
