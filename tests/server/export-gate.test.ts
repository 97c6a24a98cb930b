/**
 * Several product exports at once (src/server/catalogue/export-gate.ts, docs/reports-and-export.md
 * "Several exports at once"): only so many read the catalogue at once (on PostgreSQL each holds a
 * connection of the pool until its file ends), the next few wait for a place, one more is refused
 * at once with its reason and when to try again; a place is given back when a file ends and when a
 * download is cancelled, so nobody's export waits for ever.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORTS_BUSY_RETRY_AFTER_SECONDS, ExportGate } from '../../src/server/catalogue/export-gate';
import { suppliers } from '../../src/server/db/schema';
import { insertProduct } from './support/product-fixtures';
import { createTestApp, jsonPost, type TestApp } from './support/test-app';

const gate = new ExportGate({ concurrent: 1, maxWaiting: 1 });
let t: TestApp;
let auth: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ deps: { exportGate: gate } });
  auth = { Authorization: `Bearer ${await t.token()}` };
  const [supplier] = await t.database.db.insert(suppliers).values({ supplierName: 'Gate Supplier' }).returning({ id: suppliers.supplierId });
  for (let n = 0; n < 3; n += 1) await insertProduct(t.database.db, { supplierId: supplier?.id ?? 0, title: `Gate product ${n}` });
});
afterAll(async () => {
  await t.close();
});

const exportPost = async (): Promise<Response> => t.app.request('/api/v1/export/products', jsonPost({ format: 'csv', columns: ['productId', 'title'], filter: {} }, auth));

/** Resolves once `check` holds (the gate's state changes as requests move on). */
async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; !check(); tries += 1) {
    if (tries > 200) throw new Error('the gate never reached the state asked for');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('several product exports at once', () => {
  it('lets one more wait for a place, refuses the next with its reason, and hands the place on when a file ends', async () => {
    const first = await exportPost();
    expect(first.status).toBe(200);
    expect(gate.state).toEqual({ running: 1, waiting: 0 });

    // The second waits: no answer until the first file has ended.
    let secondAnswered = false;
    const second = exportPost().then((response) => {
      secondAnswered = true;
      return response;
    });
    await until(() => gate.state.waiting === 1);

    const third = await exportPost();
    expect(third.status).toBe(429);
    expect(third.headers.get('Retry-After')).toBe(String(EXPORTS_BUSY_RETRY_AFTER_SECONDS));
    expect(await third.json()).toEqual({
      message: 'Too many exports are running right now; try again in a few seconds',
      messageId: 'server.exportsBusy',
      messageArgs: [],
    });
    expect(secondAnswered).toBe(false);

    // The first file read to its end: the place goes to the second, whose file is whole.
    expect((await first.text()).split('\r\n')).toHaveLength(5);
    const secondResponse = await second;
    expect(secondResponse.status).toBe(200);
    expect(gate.state).toEqual({ running: 1, waiting: 0 });
    expect((await secondResponse.text()).split('\r\n')).toEqual(['Product ID,Title', expect.stringMatching(/,Gate product 0$/), expect.stringMatching(/,Gate product 1$/), expect.stringMatching(/,Gate product 2$/), '']);
    expect(gate.state).toEqual({ running: 0, waiting: 0 });
  });

  it('gives the place back when a download is cancelled, before or after its first rows', async () => {
    const cancelledAtOnce = await exportPost();
    expect(gate.state.running).toBe(1);
    await cancelledAtOnce.body?.cancel();
    expect(gate.state).toEqual({ running: 0, waiting: 0 });

    const cancelledLater = await exportPost();
    const reader = cancelledLater.body?.getReader();
    await reader?.read();
    expect(gate.state.running).toBe(1);
    await reader?.cancel();
    expect(gate.state).toEqual({ running: 0, waiting: 0 });
    // Nothing left behind: the next export has its place at once.
    const next = await exportPost();
    expect(next.status).toBe(200);
    await next.text();
    expect(gate.state).toEqual({ running: 0, waiting: 0 });
  });
});
