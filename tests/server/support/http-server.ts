/** A test app served on a real loopback HTTP server, for tests that must go over the wire. */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { TestApp } from './test-app';

export interface ServedApp {
  origin: string;
  close(): Promise<void>;
}

export async function serveOverHttp(t: TestApp): Promise<ServedApp> {
  const server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
