/**
 * Graceful shutdown on SIGTERM, with the real server in a child process: running requests finish,
 * new requests get 503, the database is closed, and it all ends within the grace time.
 * /healthz/live and /healthz/ready tell a load balancer what it needs to know.
 */
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ServerLifecycle } from '../../src/server/http/lifecycle';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { createTestApp } from './support/test-app';

const running: ServerProcess[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.kill();
});

/** A multipart image upload whose body is sent in two halves: the request runs until finish() is called. */
function slowUpload(origin: string, token: string) {
  const boundary = 'slow-upload-boundary';
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2_000)]);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="multipartFile"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const url = new URL('/api/v1/media/save/image', origin);
  let resolveAnswer: (value: { status: number; body: string }) => void = () => undefined;
  let rejectAnswer: (error: Error) => void = () => undefined;
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    resolveAnswer = resolve;
    rejectAnswer = reject;
  });
  const req = request(
    url,
    { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': body.length } },
    (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolveAnswer({ status: res.statusCode ?? 0, body: text }));
    },
  );
  req.on('error', (error) => rejectAnswer(error));
  req.write(body.subarray(0, 500));
  return { answer, finish: () => req.end(body.subarray(500)) };
}

const waitFor = async (condition: () => boolean, what: string, output: () => string, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('SIGTERM', () => {
  it('lets a running upload finish, answers new requests 503 and not ready, closes the database and exits 0', async () => {
    const server = await startServerProcess({ SHUTDOWN_GRACE_SECONDS: '20' });
    running.push(server);
    expect((await fetch(`${server.origin}/healthz/live`)).status).toBe(200);
    expect((await fetch(`${server.origin}/healthz/ready`)).status).toBe(200);
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);

    const upload = slowUpload(server.origin, await server.signIn());
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    await waitFor(() => server.output().includes('SIGTERM: shutting down, 1 request(s) running'), 'the shutdown to start', server.output);
    const ready = await fetch(`${server.origin}/healthz/ready`);
    expect(ready.status).toBe(503);
    expect((await fetch(`${server.origin}/healthz/live`)).status).toBe(200);
    const refused = await fetch(`${server.origin}/api/v1/supplier`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('Connection')).toBe('close');

    upload.finish();
    const answer = await upload.answer.catch((error: unknown) => {
      throw new Error(`the upload failed (${String(error)}):\n${server.output()}`);
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('database closed; stopped');
    expect(server.output()).not.toContain('cut off');
  }, 90_000);

  it('cuts off a request that does not finish within SHUTDOWN_GRACE_SECONDS and still closes the database', async () => {
    const server = await startServerProcess({ SHUTDOWN_GRACE_SECONDS: '1' });
    running.push(server);
    const upload = slowUpload(server.origin, await server.signIn());
    void upload.answer.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const tookMs = Date.now() - signalled;
    expect(tookMs).toBeGreaterThanOrEqual(900);
    expect(tookMs).toBeLessThan(8_000);
    expect(server.output()).toContain('1 request(s) still running after 1 s: cut off');
    expect(server.output()).toContain('database closed; stopped');
  }, 90_000);
});

describe('/healthz/ready while draining', () => {
  it('answers 503 once draining, while /healthz/live and /healthz stay 200 and other calls get 503', async () => {
    const lifecycle = new ServerLifecycle();
    const t = await createTestApp({ deps: { lifecycle } });
    try {
      expect((await t.app.request('/healthz/ready')).status).toBe(200);
      lifecycle.startDraining();
      const ready = await t.app.request('/healthz/ready');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'shutting down' });
      expect((await t.app.request('/healthz/live')).status).toBe(200);
      expect((await t.app.request('/healthz')).status).toBe(200);
      const refused = await t.app.request('/auth/login', { method: 'POST', body: '{}' });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('Retry-After')).toBe('1');
    } finally {
      await t.close();
    }
  });
});
