/**
 * Supplier-controlled downloads stay outside (docs/security.md, "Outbound fetches and imports"):
 * real HTTP on loopback, no fake fetch. A "supplier" web server on 127.0.0.1 is let through by the
 * operator's allow-list (for that port only); an "internal" server on 127.0.0.1 stands for
 * everything inside (the API, the bol simulator): it must never be reached, and nothing it would
 * answer may show in the history.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedRunReport } from '../../src/shared/contract';
import { BolSimulator, SIMULATOR_CREDENTIALS } from '../../src/server/bol/simulator/bol-simulator';
import { productImages, products, suppliers } from '../../src/server/db/schema';
import { parseAllowList } from '../../src/server/feeds/outbound-addresses';
import { guardedLookup } from '../../src/server/feeds/outbound';
import { freePort } from '../../scripts/lib/server-process';
import { createTestApp, type TestApp } from './support/test-app';

const HEADER = 'ean;sku;title;price;stock;images';
const internalHits: string[] = [];
let supplierPort = 0;
let internalPort = 0;
let supplierServer: Server;
let internalServer: Server;
let self: ServerType;
let selfOrigin = '';
let simulator: { url: string; close: () => Promise<void> };
let t: TestApp;

function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  internalServer = await listen((req, res) => {
    internalHits.push(req.url ?? '');
    res.writeHead(418, { 'Content-Type': 'text/plain' });
    res.end('SECRET-INTERNAL-ANSWER');
  });
  internalPort = (internalServer.address() as AddressInfo).port;
  supplierServer = await listen((req, res) => {
    const url = req.url ?? '/';
    const internal = `http://127.0.0.1:${internalPort}`;
    const redirects: Record<string, string> = {
      '/to-loopback': `${internal}/api/v1/supplier`,
      '/to-localhost': `http://localhost:${internalPort}/secret`,
      '/to-v6-loopback': `http://[::1]:${internalPort}/secret`,
      '/to-mapped': `http://[::ffff:127.0.0.1]:${internalPort}/secret`,
      '/to-metadata': 'http://169.254.169.254/latest/meta-data/',
      '/to-file': 'file:///etc/passwd',
      '/relative': '/feed.csv',
    };
    const loop = /^\/loop\/(\d+)$/.exec(url);
    if (loop) {
      res.writeHead(302, { Location: `/loop/${Number(loop[1]) + 1}` });
      res.end();
    } else if (redirects[url]) {
      res.writeHead(302, { Location: redirects[url] });
      res.end();
    } else if (url === '/feed.csv') {
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.end(
        [
          HEADER,
          `8710103974307;G-1;Guarded chair;10,00;5;${internal}/img/1.png|http://[::1]:${internalPort}/img/2.png|http://[::ffff:127.0.0.1]:${internalPort}/img/3.png`,
          '4006381333931;G-2;Guarded table;20,00;2;',
        ].join('\n'),
      );
    } else if (url === '/huge.csv') {
      // More than the 1 MB feed limit of this test, without declaring a length.
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.write(`${HEADER}\n`);
      const line = `;SKU;${'x'.repeat(400)};1;1;\n`;
      let sent = 0;
      const more = () => {
        while (sent < 5_000) {
          sent += 1;
          if (!res.write(line)) return void res.once('drain', more);
        }
        res.end();
      };
      res.on('error', () => undefined);
      more();
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  supplierPort = (supplierServer.address() as AddressInfo).port;
  simulator = await new BolSimulator({ ...SIMULATOR_CREDENTIALS }).listen(0);

  const selfPort = await freePort();
  selfOrigin = `http://127.0.0.1:${selfPort}`;
  t = await createTestApp({
    deps: { selfOrigin, outbound: { allow: parseAllowList(`127.0.0.1:${supplierPort}`), maxFeedBytes: 1024 * 1024 } },
  });
  self = serve({ fetch: t.app.fetch, port: selfPort, hostname: '127.0.0.1' });
});

afterAll(async () => {
  await new Promise((resolve) => self.close(resolve));
  await simulator.close();
  await new Promise((resolve) => supplierServer.close(resolve));
  await new Promise((resolve) => internalServer.close(resolve));
  await t.close();
});

let supplierNumber = 0;
async function supplierWithFeed(url: string): Promise<number> {
  supplierNumber += 1;
  const [row] = await t.database.db
    .insert(suppliers)
    .values({ supplierName: `Guarded ${supplierNumber}`, supplierUrlFeed: url, feedFormat: 'csv' })
    .returning();
  if (!row) throw new Error('no supplier');
  return row.supplierId;
}

async function post(path: string) {
  const response = await t.app.request(path, { method: 'POST', headers: { Authorization: `Bearer ${await t.token()}` } });
  return { status: response.status, body: (await response.json()) as FeedRunReport & { message?: string } };
}

const REFUSED = /was not fetched: it leads to this server or to a private or otherwise non-public network address/;

function expectNothingLeaked(text: string) {
  expect(text).not.toMatch(/SECRET-INTERNAL-ANSWER|HTTP 418|teapot/i);
}

describe('feed downloads refuse targets inside', () => {
  const cases: [string, () => string][] = [
    ['a redirect to the API on loopback', () => `http://127.0.0.1:${supplierPort}/to-loopback`],
    ['a redirect to localhost', () => `http://127.0.0.1:${supplierPort}/to-localhost`],
    ['a redirect to IPv6 ::1', () => `http://127.0.0.1:${supplierPort}/to-v6-loopback`],
    ['a redirect to IPv4-mapped ::ffff:127.0.0.1', () => `http://127.0.0.1:${supplierPort}/to-mapped`],
    ['a redirect to the cloud metadata address', () => `http://127.0.0.1:${supplierPort}/to-metadata`],
    ['the bol simulator on loopback', () => `${simulator.url}/retailer/orders`],
    ['127.0.0.1 on another port', () => `http://127.0.0.1:${internalPort}/secret`],
    ['[::1]', () => `http://[::1]:${internalPort}/secret`],
    ['[::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${internalPort}/secret`],
    ['localhost', () => `http://localhost:${internalPort}/secret`],
    ['a private LAN address', () => 'http://192.168.1.1/feed.csv'],
    ['a path on this server outside the demo files', () => '/api/v1/supplier'],
  ];
  for (const [name, url] of cases) {
    it(`refuses ${name} with a generic reason`, async () => {
      internalHits.length = 0;
      const id = await supplierWithFeed(url());
      const { status, body } = await post(`/api/v1/feed/parse/${id}?wait=true`);
      expect(status).toBe(502);
      expect(body.entries[0]?.status).toBe('failed');
      expect(body.entries[0]?.message).toMatch(REFUSED);
      expectNothingLeaked(JSON.stringify(body));
      expect(internalHits).toEqual([]);
    });
  }

  it('refuses a redirect to a file: address', async () => {
    const id = await supplierWithFeed(`http://127.0.0.1:${supplierPort}/to-file`);
    const { status, body } = await post(`/api/v1/feed/parse/${id}?wait=true`);
    expect(status).toBe(502);
    expect(body.entries[0]?.message).toMatch(REFUSED);
  });

  it('stops after 5 redirects', async () => {
    const id = await supplierWithFeed(`http://127.0.0.1:${supplierPort}/loop/0`);
    const { status, body } = await post(`/api/v1/feed/parse/${id}?wait=true`);
    expect(status).toBe(502);
    expect(body.entries[0]?.message).toMatch(/redirected more than 5 times/);
  });

  it('stops a feed larger than the limit while it streams', async () => {
    const id = await supplierWithFeed(`http://127.0.0.1:${supplierPort}/huge.csv`);
    const { status, body } = await post(`/api/v1/feed/parse/${id}?wait=true`);
    expect(status).toBe(502);
    expect(body.entries[0]?.message).toMatch(/the feed is larger than 1 MB/);
  });
});

describe('what stays allowed', () => {
  it('the allow-list lets the listed supplier through (also after a relative redirect), and its loopback images are refused', async () => {
    internalHits.length = 0;
    const id = await supplierWithFeed(`http://127.0.0.1:${supplierPort}/relative`);
    const imported = await post(`/api/v1/feed/parse/${id}?wait=true`);
    expect(imported.status).toBe(200);
    expect(imported.body.entries[0]).toMatchObject({ status: 'success', created: 2 });

    const reexport = await post(`/api/v1/feed/reexport/images/${id}`);
    expect(reexport.status).toBe(200);
    const entry = reexport.body.entries[0];
    expect(entry).toMatchObject({ status: 'failed', created: 0, refused: 3 });
    for (const problem of entry?.problems ?? []) expect(problem.reason).toMatch(REFUSED);
    expectNothingLeaked(JSON.stringify(reexport.body));
    expect(internalHits).toEqual([]);
    const [chair] = await t.database.db.select().from(products).where(eq(products.sku, 'G-1'));
    const images = await t.database.db.select().from(productImages).where(eq(productImages.productId, chair?.productId ?? -1));
    expect(images.map((image) => image.filePath)).toEqual(['', '', '']);
  });

  it("this server's own demo feeds are fetched by path", async () => {
    const id = await supplierWithFeed('/demo/feeds/electronics.xml');
    await t.database.db.update(suppliers).set({ feedFormat: 'xml' }).where(eq(suppliers.supplierId, id));
    const { status, body } = await post(`/api/v1/feed/parse/${id}?wait=true`);
    expect(status).toBe(200);
    expect(body.entries[0]?.created).toBeGreaterThan(700);
  });
});

describe('the connection lookup', () => {
  const lookup = (host: string, allow = '') =>
    new Promise<string>((resolve, reject) =>
      guardedLookup(parseAllowList(allow), 80)(host, { all: false }, (error, address) => (error ? reject(error) : resolve(String(address)))),
    );

  it('refuses a host name that resolves to loopback', async () => {
    await expect(lookup('localhost')).rejects.toThrow(/refused/);
  });

  it('lets it through when its address range is allow-listed', async () => {
    await expect(lookup('localhost', '127.0.0.0/8 ::1')).resolves.toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});
