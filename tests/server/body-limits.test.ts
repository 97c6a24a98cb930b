/**
 * Request body limits on every route, enforced while the body is read and before sign-in is
 * checked; the HTTP server's own time limits. docs/security.md, "Limits".
 * Found by a probe: eight 450 MB bodies to /auth/login took the process to 5.4 GB.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitFor, JSON_BODY_LIMIT_BYTES, LOGIN_BODY_LIMIT_BYTES } from '../../src/server/http/body-limits';
import { httpServerOptions, SERVER_LIMITS } from '../../src/server/http/server-limits';
import { LINGER, lingerBeforeClosing } from '../../src/server/http/lingering-close';
import { BODY_LIMITS } from '../../src/server/app';
import { createTestApp, TEST_USER, type TestApp } from './support/test-app';
import { sendAllThenRead } from './support/late-reader';

let t: TestApp;
let auth: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  auth = { Authorization: `Bearer ${await t.token()}` };
});
afterAll(async () => {
  await t.close();
});

const message = async (response: Response) => ((await response.json()) as { message: string }).message;

/** A body of `bytes` bytes sent as a stream without a Content-Length (chunked). */
function streamOf(bytes: number, fill = 0x61): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(64 * 1024).fill(fill);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const part = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
      sent += part.length;
      controller.enqueue(part);
    },
  });
}

describe('which limit a path has', () => {
  it('is small for sign-in, the upload limit for uploads, 1 MB for everything else', () => {
    expect(bodyLimitFor('/auth/login', BODY_LIMITS).maxBytes).toBe(16 * 1024);
    expect(bodyLimitFor('/api/v1/ean', BODY_LIMITS).maxBytes).toBeGreaterThan(5 * 1024 * 1024);
    expect(bodyLimitFor('/api/v1/media/save/image', BODY_LIMITS).maxBytes).toBeGreaterThan(10 * 1024 * 1024);
    expect(bodyLimitFor('/api/v1/product', BODY_LIMITS).maxBytes).toBe(JSON_BODY_LIMIT_BYTES);
    expect(bodyLimitFor('/api/v1/ean/other', BODY_LIMITS).maxBytes).toBe(JSON_BODY_LIMIT_BYTES);
    expect(bodyLimitFor('/anything/else', BODY_LIMITS).maxBytes).toBe(JSON_BODY_LIMIT_BYTES);
  });
});

describe('a body over the limit', () => {
  it('to /auth/login is 413 with a message, with and without Content-Length', async () => {
    const declared = await t.app.request('/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(20 * 1024) },
      body: JSON.stringify({ username: TEST_USER.username, password: 'x'.repeat(20 * 1024) }).slice(0, 20 * 1024),
    });
    expect(declared.status).toBe(413);
    expect(await message(declared)).toBe('The request body is larger than 16 KB');

    const streamed = await t.app.request('/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: streamOf(LOGIN_BODY_LIMIT_BYTES + 1),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(streamed.headers.get('Connection')).toBe('close');
  });

  it('to an API call is 413 before the token is looked at, and with a token too', async () => {
    const body = () => streamOf(JSON_BODY_LIMIT_BYTES + 1);
    const init = (headers: Record<string, string>) => ({ method: 'PUT', headers: { 'Content-Type': 'application/json', ...headers }, body: body(), duplex: 'half' }) as RequestInit;
    const anonymous = await t.app.request('/api/v1/product', init({}));
    expect(anonymous.status).toBe(413);
    expect(await message(anonymous)).toBe('The request body is larger than 1 MB');
    const signedIn = await t.app.request('/api/v1/product', init(auth));
    expect(signedIn.status).toBe(413);

    // Under the limit the call goes on to the token check as before.
    const small = await t.app.request('/api/v1/product', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(small.status).toBe(401);
  });

  it('to the EAN upload keeps the upload limit and its message', async () => {
    const over = await t.app.request('/api/v1/ean', { method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, body: streamOf(6 * 1024 * 1024), duplex: 'half' } as RequestInit);
    expect(over.status).toBe(413);
    expect(await message(over)).toBe('The file is larger than 5 MB');
    // 2 MB is over the JSON limit but within the upload's: the token is asked for.
    const within = await t.app.request('/api/v1/ean', { method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, body: streamOf(2 * 1024 * 1024), duplex: 'half' } as RequestInit);
    expect(within.status).toBe(401);
  });
});

describe('on a real HTTP server', () => {
  let server: ServerType;
  let port: number;

  beforeAll(async () => {
    // The real limits, except that the head timeout is checked sooner so the test is quick.
    const options = httpServerOptions({ ...SERVER_LIMITS, headersTimeoutMs: 1_000, checkIntervalMs: 200 });
    server = await new Promise<ServerType>((resolve) => {
      const started: ServerType = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1', serverOptions: options }, () => resolve(started));
    });
    lingerBeforeClosing(server); // as src/server/main.ts does
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const BIG = 450 * 1024 * 1024;

  /** Offers a 450 MB body; stops writing once the server has answered. */
  function offerHugeBody(withLength: boolean): Promise<{ status: number; ms: number; sentBytes: number; body: string }> {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const chunk = Buffer.alloc(256 * 1024, 0x61);
      let sent = 0;
      let answered = false;
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/auth/login',
        headers: { 'Content-Type': 'application/json', ...(withLength ? { 'Content-Length': String(BIG) } : {}) },
      });
      req.on('response', (response: IncomingMessage) => {
        answered = true;
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (part: string) => (body += part));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, sentBytes: sent, body });
          req.destroy();
        });
      });
      req.on('error', (error) => {
        if (!answered) reject(error);
      });
      const write = () => {
        while (!answered && sent < BIG) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', write);
        }
        if (!answered) req.end();
      };
      write();
    });
  }

  it('answers eight parallel 450 MB sign-in bodies with 413 quickly, memory stays bounded, and it keeps answering', async () => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const results = await Promise.all([true, false, true, false, true, false, true, false].map((withLength) => offerHugeBody(withLength)));
    clearInterval(sampler);
    const growthMb = (peak - before) / 1024 / 1024;
    console.log(
      `[body-limits] 8 × 450 MB to /auth/login: statuses ${results.map((r) => r.status).join(',')}; slowest answer ${Math.max(...results.map((r) => r.ms)).toFixed(0)} ms; ` +
        `most sent before the answer ${(Math.max(...results.map((r) => r.sentBytes)) / 1024 / 1024).toFixed(1)} MB; RSS ${(before / 1024 / 1024).toFixed(0)} → peak ${(peak / 1024 / 1024).toFixed(0)} MB (+${growthMb.toFixed(0)} MB)`,
    );
    for (const result of results) {
      expect(result.status).toBe(413);
      expect(JSON.parse(result.body)).toEqual({ message: 'The request body is larger than 16 KB', messageId: 'server.bodyTooLarge', messageArgs: ['16 KB'] });
      expect(result.ms).toBeLessThan(5_000);
    }
    expect(growthMb).toBeLessThan(150);

    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    const signIn = await fetch(`http://127.0.0.1:${port}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(TEST_USER) });
    expect(signIn.status).toBe(200);
  });

  it('lets a client that reads only after sending its whole 8 MB body read the 413, then closes the connection', async () => {
    const body = new Uint8Array(8 * 1024 * 1024).fill(0x61);
    expect(body.byteLength).toBeLessThan(LINGER.maxBytes);
    const head = `POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.byteLength}\r\n\r\n`;
    const started = performance.now();
    const reading = await sendAllThenRead(`http://127.0.0.1:${port}`, head, body);
    const ms = performance.now() - started;
    // Closed without lingering, the unread body made the connection reset: EPIPE, and no answer at all.
    expect(reading.error).toBeNull();
    expect(reading.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(reading.answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(reading.answer).toContain('"messageId":"server.bodyTooLarge"');
    // The server ended the connection once the body was read, not after its time limit.
    expect(ms).toBeLessThan(LINGER.maxMs);
  });

  it('stops reading a refused body after LINGER.maxBytes and drops the connection', async () => {
    const body = new Uint8Array(LINGER.maxBytes * 3).fill(0x61);
    const head = `POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.byteLength}\r\n\r\n`;
    const reading = await sendAllThenRead(`http://127.0.0.1:${port}`, head, body, 0);
    expect(reading.error).toMatch(/ECONNRESET|EPIPE/);
  });

  it('closes a connection whose request head does not arrive in time (slowloris)', async () => {
    const started = performance.now();
    const outcome = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '));
      let answer = '';
      socket.on('data', (data) => (answer += data.toString('latin1')));
      socket.on('close', () => resolve(answer));
      socket.on('error', () => resolve(answer));
    });
    expect(outcome).toMatch(/^HTTP\/1\.1 408/);
    expect(performance.now() - started).toBeLessThan(4_000);
  });
});
