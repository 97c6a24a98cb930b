/**
 * An Idempotency-Key claim left "in flight" by a process that died (kill -9, power loss) must not
 * hold up the retry after the restart: it is released at start, or once its lease runs out.
 * docs/security.md, "Idempotency after a crash".
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/shared/contract';
import { idempotentRequests } from '../../src/server/db/schema';
import { LEASE_SECONDS, releaseAbandonedClaims, runIdempotent, scopedKey } from '../../src/server/http/idempotency';
import { catalogueApp } from './support/catalogue-app';
import { insertProduct, type CatalogueFixture } from './support/product-fixtures';
import type { TestApp } from './support/test-app';

let t: TestApp;
let auth: Record<string, string>;
let f: CatalogueFixture;

beforeAll(async () => {
  ({ t, f, admin: auth } = await catalogueApp());
});
afterAll(async () => {
  await t.close();
});

const ROUTE = 'PUT /product';

/** What a process that died in the middle of the save leaves behind: a pending claim. */
async function leaveClaimInFlight(key: string, ageSeconds: number): Promise<string> {
  const stored = scopedKey(1, ROUTE, key);
  await t.database.db.insert(idempotentRequests).values({
    key: stored,
    userId: 1,
    route: ROUTE,
    status: 0,
    body: { fingerprint: 'whatever the dead process was sending' },
    createdAt: sql`now() - make_interval(secs => ${ageSeconds})`,
  });
  return stored;
}

async function productToSave(): Promise<Product> {
  const productId = await insertProduct(t.database.db, { supplierId: f.supplierIds.shoes, title: 'Before the crash' });
  const response = await t.app.request(`/api/v1/product/${productId}`, { headers: auth });
  expect(response.status).toBe(200);
  return (await response.json()) as Product;
}

function save(product: Product, key: string) {
  return t.app.request('/api/v1/product', {
    method: 'PUT',
    headers: { ...auth, 'Content-Type': 'application/json', 'Idempotency-Key': key, 'If-Match': `"${product.version}"` },
    body: JSON.stringify({ ...product, title: 'Saved after the restart' }),
  });
}

describe('an Idempotency-Key claim left in flight by a crashed process', () => {
  it('is released at start, so the retry after the restart succeeds at once', async () => {
    const product = await productToSave();
    const stored = await leaveClaimInFlight('outbox-entry-crash-1', 0);

    // The embedded database's start-up releases every claim: only this process uses it.
    expect(await releaseAbandonedClaims(t.database.db, true)).toBeGreaterThanOrEqual(1);

    const started = performance.now();
    const retry = await save(product, 'outbox-entry-crash-1');
    const elapsed = performance.now() - started;
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as Product).title).toBe('Saved after the restart');
    expect(elapsed).toBeLessThan(1_000);
    const [row] = await t.database.db.select().from(idempotentRequests).where(eq(idempotentRequests.key, stored));
    expect(row?.status).toBe(200);
  });

  it(`is taken over by the retry once its ${LEASE_SECONDS} s lease has run out (PostgreSQL shared by several processes)`, async () => {
    const product = await productToSave();
    await leaveClaimInFlight('outbox-entry-crash-2', LEASE_SECONDS + 1);
    const fresh = await leaveClaimInFlight('someone-else-still-working', 0);

    // A start on a shared PostgreSQL only releases claims whose lease ran out.
    expect(await releaseAbandonedClaims(t.database.db, false)).toBe(1);
    expect(await t.database.db.select().from(idempotentRequests).where(eq(idempotentRequests.key, fresh))).toHaveLength(1);

    await leaveClaimInFlight('outbox-entry-crash-3', LEASE_SECONDS + 1);
    const started = performance.now();
    const retry = await save(product, 'outbox-entry-crash-3');
    expect(retry.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('stays claimed while a live process is still working on it (the lease is renewed)', async () => {
    const stored = scopedKey(1, 'POST /test/slow', 'slow-one');
    let finish: () => void = () => {};
    const done = new Promise<void>((resolve) => (finish = resolve));
    const running = runIdempotent(
      t.database.db,
      { key: 'slow-one', userId: 1, route: 'POST /test/slow', fingerprint: 'f' },
      async () => {
        await done;
        return { status: 200, body: { ok: true } };
      },
    );
    const claimedAt = async () => {
      const [row] = await t.database.db
        .select({ at: sql<string>`${idempotentRequests.createdAt}::text` })
        .from(idempotentRequests)
        .where(eq(idempotentRequests.key, stored));
      return row?.at;
    };
    await new Promise((resolve) => setTimeout(resolve, 100));
    const first = await claimedAt();
    expect(first).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    const renewed = await claimedAt();
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(first);
    finish();
    expect((await running).status).toBe(200);
  });
});
