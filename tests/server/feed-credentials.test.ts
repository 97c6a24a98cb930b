/**
 * A supplier's stored feed login goes only where it was entered for (docs/security.md, "Feed
 * credentials"), over real HTTP: a "supplier" server and an "elsewhere" server on 127.0.0.1 (two
 * ports, so two origins), both let through by OUTBOUND_ALLOW, record the login headers every
 * request brings. The stored password or token reaches the origin it was entered for; Test feed
 * and a saved supplier pointed at another origin send nothing stored there; a redirect to another
 * origin drops it; and a status text that echoes the login never reaches a message, the history
 * or an answer.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FeedRunReport } from '../../src/shared/contract';
import type { SupplierDetails, SupplierInput } from '../../src/shared/suppliers';
import { suppliers } from '../../src/server/db/schema';
import { parseAllowList } from '../../src/server/feeds/outbound-addresses';
import { createTestApp, type TestApp } from './support/test-app';

const USERNAME = 'feeds';
const PASSWORD = 'pa55-Stored-For-Supplier-Only';
const BASIC = `Basic ${Buffer.from(`${USERNAME}:${PASSWORD}`).toString('base64')}`;
const TOKEN_HEADER = 'X-Feed-Token';
const TOKEN = 'tok-7c1e-Stored-For-Supplier-Only';
const FEED = ['ean;sku;title;price;stock', '8710103974307;C-1;Credential chair;10,00;5', '4006381333931;C-2;Credential table;20,00;2'].join('\n');

interface Seen {
  server: 'supplier' | 'elsewhere';
  path: string;
  authorization: string | undefined;
  token: string | undefined;
}

const seen: Seen[] = [];
let supplierServer: Server;
let elsewhereServer: Server;
let supplierOrigin = '';
let elsewhereOrigin = '';
let t: TestApp;

/** A web server on 127.0.0.1 that records the login headers of every request before answering. */
function recordingServer(name: Seen['server'], answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  const server = createServer((req, res) => {
    const token = req.headers[TOKEN_HEADER.toLowerCase()];
    seen.push({ server: name, path: req.url ?? '/', authorization: req.headers.authorization, token: Array.isArray(token) ? token.join(',') : token });
    answer(req, res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function serveFeed(req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? '/';
  if (path === '/to-elsewhere') {
    res.writeHead(302, { Location: `${elsewhereOrigin}/feed.csv` });
    res.end();
  } else if (path === '/echo-status') {
    // A server that repeats the request's login headers in its status text.
    const echoed = [req.headers.authorization ? `Authorization: ${req.headers.authorization}` : '', req.headers['x-feed-token'] ? `${TOKEN_HEADER}: ${String(req.headers['x-feed-token'])}` : '']
      .filter(Boolean)
      .join('; ');
    res.writeHead(503, `Unavailable, you sent ${echoed}`);
    res.end();
  } else if (path.endsWith('.csv')) {
    res.writeHead(200, { 'Content-Type': 'text/csv' });
    res.end(FEED);
  } else {
    res.writeHead(404);
    res.end();
  }
}

beforeAll(async () => {
  supplierServer = await recordingServer('supplier', serveFeed);
  elsewhereServer = await recordingServer('elsewhere', serveFeed);
  const supplierPort = (supplierServer.address() as AddressInfo).port;
  const elsewherePort = (elsewhereServer.address() as AddressInfo).port;
  supplierOrigin = `http://127.0.0.1:${supplierPort}`;
  elsewhereOrigin = `http://127.0.0.1:${elsewherePort}`;
  t = await createTestApp({
    deps: { selfOrigin: 'http://127.0.0.1:1', outbound: { allow: parseAllowList(`127.0.0.1:${supplierPort},127.0.0.1:${elsewherePort}`), maxFeedBytes: 1024 * 1024 } },
  });
});

afterAll(async () => {
  await new Promise((resolve) => supplierServer.close(resolve));
  await new Promise((resolve) => elsewhereServer.close(resolve));
  await t.close();
});

beforeEach(() => {
  seen.length = 0;
});

async function call(method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { Authorization: `Bearer ${await t.token()}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await t.app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, text, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

let counter = 0;
async function addSupplier(input: Partial<SupplierInput>): Promise<SupplierDetails> {
  counter += 1;
  const { status, body, text } = await call('POST', '/api/v1/suppliers', { supplierName: `Login supplier ${counter}`, ...input });
  expect(status, text).toBe(201);
  return body as SupplierDetails;
}

const basicLogin = { kind: 'basic', username: USERNAME, password: PASSWORD } as const;
const tokenLogin = { kind: 'header', headerName: TOKEN_HEADER, value: TOKEN } as const;

async function run(id: number) {
  const { status, text, body } = await call('POST', `/api/v1/feed/parse/${id}?wait=true`);
  return { status, text, report: body as FeedRunReport & { message?: string } };
}

/** Every login header a server received. */
const loginsAt = (server: Seen['server']) => seen.filter((s) => s.server === server).flatMap((s) => [s.authorization, s.token].filter((v): v is string => v !== undefined));

/** The text holds no part of the stored login: neither the password, the token, nor the Basic value. */
function expectNoLogin(text: string) {
  expect(text).not.toContain(PASSWORD);
  expect(text).not.toContain(TOKEN);
  expect(text).not.toContain(BASIC.slice('Basic '.length));
}

describe('stored feed credentials are bound to the origin they were entered for', () => {
  it('reach that origin on Run and on Test feed (the same origin, another path)', async () => {
    const withPassword = await addSupplier({ supplierUrlFeed: `${supplierOrigin}/feed.csv`, credentials: basicLogin });
    const ran = await run(withPassword.supplierId);
    expect(ran.status, ran.text).toBe(200);
    expect(ran.report.entries[0]).toMatchObject({ status: 'success', created: 2 });
    const preview = await call('POST', '/api/v1/suppliers/test-feed', { supplierId: withPassword.supplierId, supplierUrlFeed: `${supplierOrigin}/other.csv` });
    expect(preview.status, preview.text).toBe(200);

    const withToken = await addSupplier({ supplierUrlFeed: `${supplierOrigin}/feed.csv`, credentials: tokenLogin });
    expect((await run(withToken.supplierId)).status).toBe(200);
    expect(loginsAt('supplier')).toEqual([BASIC, BASIC, TOKEN]);
  });

  it('Test feed with the stored login and an address on another origin is refused (422) and sends it nowhere', async () => {
    for (const login of [basicLogin, tokenLogin]) {
      const supplier = await addSupplier({ supplierUrlFeed: `${supplierOrigin}/feed.csv`, credentials: login });
      for (const credentials of [undefined, { kind: 'keep' }]) {
        const preview = await call('POST', '/api/v1/suppliers/test-feed', { supplierId: supplier.supplierId, supplierUrlFeed: `${elsewhereOrigin}/feed.csv`, ...(credentials ? { credentials } : {}) });
        expect(preview.status, preview.text).toBe(422);
        expect((preview.body as { message: string }).message).toBe(
          `credentials: Enter the feed login again for the new address ${elsewhereOrigin}; the stored one is only sent to ${supplierOrigin}`,
        );
      }
      // Without the stored login the other address is tested as it is.
      const without = await call('POST', '/api/v1/suppliers/test-feed', { supplierId: supplier.supplierId, supplierUrlFeed: `${elsewhereOrigin}/feed.csv`, credentials: { kind: 'none' } });
      expect(without.status, without.text).toBe(200);
    }
    expect(seen.filter((s) => s.server === 'elsewhere')).toHaveLength(2);
    expect(loginsAt('elsewhere')).toEqual([]);
  });

  it('a save that moves the address to another origin cannot keep the login; a Run afterwards sends none to the new host', async () => {
    const supplier = await addSupplier({ supplierUrlFeed: `${supplierOrigin}/feed.csv`, credentials: basicLogin });
    const moved = { supplierName: supplier.supplierName, supplierUrlFeed: `${elsewhereOrigin}/feed.csv` };
    for (const credentials of [undefined, { kind: 'keep' }]) {
      const saved = await call('PUT', `/api/v1/suppliers/${supplier.supplierId}`, { ...moved, ...(credentials ? { credentials } : {}) });
      expect(saved.status, saved.text).toBe(400);
      expect((saved.body as { message: string }).message).toBe(
        `credentials: Enter the feed login again for the new address ${elsewhereOrigin}; the stored one is only sent to ${supplierOrigin}`,
      );
    }
    const [unchanged] = await t.database.db.select().from(suppliers).where(eq(suppliers.supplierId, supplier.supplierId));
    expect(unchanged?.supplierUrlFeed).toBe(`${supplierOrigin}/feed.csv`);

    // Another path on the same origin keeps it.
    const samePlace = await call('PUT', `/api/v1/suppliers/${supplier.supplierId}`, { ...moved, supplierUrlFeed: `${supplierOrigin}/renamed.csv` });
    expect(samePlace.status, samePlace.text).toBe(200);
    expect(samePlace.body).toMatchObject({ credentials: { kind: 'basic', passwordSet: true, origin: supplierOrigin } });

    // Moving without a login is saved, and its Run sends nothing to the new host.
    const withoutLogin = await call('PUT', `/api/v1/suppliers/${supplier.supplierId}`, { ...moved, credentials: { kind: 'none' } });
    expect(withoutLogin.status, withoutLogin.text).toBe(200);
    expect((await run(supplier.supplierId)).status).toBe(200);
    expect(seen.filter((s) => s.server === 'elsewhere')).toHaveLength(1);
    expect(loginsAt('elsewhere')).toEqual([]);

    // A login typed for the new address is sent there.
    const newLogin = await call('PUT', `/api/v1/suppliers/${supplier.supplierId}`, { ...moved, credentials: tokenLogin });
    expect(newLogin.body).toMatchObject({ credentials: { kind: 'header', origin: elsewhereOrigin } });
    expect((await run(supplier.supplierId)).status).toBe(200);
    expect(loginsAt('elsewhere')).toEqual([TOKEN]);
  });

  it('a stored address changed behind the API still gets no login: the binding is checked when it is sent', async () => {
    const supplier = await addSupplier({ supplierUrlFeed: `${supplierOrigin}/feed.csv`, credentials: basicLogin });
    await t.database.db.update(suppliers).set({ supplierUrlFeed: `${elsewhereOrigin}/feed.csv` }).where(eq(suppliers.supplierId, supplier.supplierId));
    expect((await run(supplier.supplierId)).status).toBe(200);
    expect(seen.filter((s) => s.server === 'elsewhere')).toHaveLength(1);
    expect(loginsAt('elsewhere')).toEqual([]);
  });

  it('a login stored before origins were kept is bound to the origin of the address stored with it', async () => {
    const supplier = await addSupplier({ supplierUrlFeed: `${supplierOrigin}/feed.csv` });
    await t.database.db.update(suppliers).set({ feedCredentials: { kind: 'basic', username: USERNAME, password: PASSWORD } }).where(eq(suppliers.supplierId, supplier.supplierId));
    expect((await run(supplier.supplierId)).status).toBe(200);
    expect(loginsAt('supplier')).toEqual([BASIC]);
    const moved = await call('PUT', `/api/v1/suppliers/${supplier.supplierId}`, { supplierName: supplier.supplierName, supplierUrlFeed: `${elsewhereOrigin}/feed.csv` });
    expect(moved.status, moved.text).toBe(400);
    const preview = await call('POST', '/api/v1/suppliers/test-feed', { supplierId: supplier.supplierId, supplierUrlFeed: `${elsewhereOrigin}/feed.csv` });
    expect(preview.status, preview.text).toBe(422);
    expect(loginsAt('elsewhere')).toEqual([]);
  });

  it('a redirect to another origin drops the login (Run and Test feed)', async () => {
    const supplier = await addSupplier({ supplierUrlFeed: `${supplierOrigin}/to-elsewhere`, credentials: basicLogin });
    expect((await run(supplier.supplierId)).status).toBe(200);
    const preview = await call('POST', '/api/v1/suppliers/test-feed', { supplierId: supplier.supplierId, supplierUrlFeed: `${supplierOrigin}/to-elsewhere` });
    expect(preview.status, preview.text).toBe(200);
    expect(loginsAt('supplier')).toEqual([BASIC, BASIC]);
    expect(seen.filter((s) => s.server === 'elsewhere')).toHaveLength(2);
    expect(loginsAt('elsewhere')).toEqual([]);
  });
});

describe("a supplier server's status text", () => {
  it('that echoes the login leaves no trace of it in the answer, the job, the parsing history or the supplier list', async () => {
    for (const login of [basicLogin, tokenLogin]) {
      const supplier = await addSupplier({ supplierUrlFeed: `${supplierOrigin}/echo-status`, credentials: login });
      const ran = await run(supplier.supplierId);
      expect(ran.status).toBe(502);
      expect(ran.report.message).toMatch(/answered HTTP 503 Unavailable, you sent /);
      const preview = await call('POST', '/api/v1/suppliers/test-feed', { supplierId: supplier.supplierId, supplierUrlFeed: `${supplierOrigin}/echo-status` });
      expect(preview.status).toBe(502);
      expect((preview.body as { message: string }).message).toMatch(/answered HTTP 503 Unavailable, you sent /);
      const jobs = await call('GET', `/api/v1/jobs?supplierId=${supplier.supplierId}`);
      const history = await call('GET', '/api/v1/history/feed?size=100');
      const list = await call('GET', '/api/v1/suppliers');
      expect(jobs.text).toMatch(/answered HTTP 503/);
      expect(history.text).toMatch(/answered HTTP 503/);
      for (const text of [ran.text, preview.text, jobs.text, history.text, list.text]) expectNoLogin(text);
    }
    // The server did get the login: the status text would have carried it.
    expect(loginsAt('supplier')).toEqual([BASIC, BASIC, TOKEN, TOKEN]);
  });
});
