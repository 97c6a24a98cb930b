/**
 * A "supplier" web server on 127.0.0.1 that serves the feed fixtures of tests/fixtures/feeds/
 * (their README says which documented format each follows), and a test app whose outbound rules
 * let that one port through. A route may name the Content-Type (with its charset) and send the
 * bytes in pieces without a length, as a streaming server does (the import then parses in its worker).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseAllowList } from '../../../src/server/feeds/outbound-addresses';
import { createTestApp, type TestApp } from './test-app';

export const FEED_FIXTURES = new URL('../../fixtures/feeds/', import.meta.url);

export function fixtureBytes(name: string): Buffer {
  return readFileSync(new URL(name, FEED_FIXTURES));
}

export interface FixtureRoute {
  file: string;
  contentType: string;
  /** Sent in pieces without a Content-Length. */
  streamed?: boolean;
}

export interface FeedFixtureServer {
  t: TestApp;
  url(path: string): string;
  close(): Promise<void>;
}

export async function startFeedFixtureServer(routes: Record<string, FixtureRoute>): Promise<FeedFixtureServer> {
  const server: Server = createServer((req, res) => {
    const route = routes[req.url ?? ''];
    if (!route) {
      res.writeHead(404);
      res.end();
      return;
    }
    const bytes = fixtureBytes(route.file);
    if (!route.streamed) {
      res.writeHead(200, { 'Content-Type': route.contentType, 'Content-Length': String(bytes.length) });
      res.end(bytes);
      return;
    }
    res.writeHead(200, { 'Content-Type': route.contentType });
    // Pieces of 7 bytes: a character of more than one byte is cut between two of them.
    for (let at = 0; at < bytes.length; at += 7) res.write(bytes.subarray(at, at + 7));
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const t = await createTestApp({ deps: { selfOrigin: 'http://127.0.0.1:1', outbound: { allow: parseAllowList(`127.0.0.1:${port}`), maxFeedBytes: 1024 * 1024 } } });
  return {
    t,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    },
  };
}

/** An authorised JSON call to the app. */
export async function callApp(t: TestApp, method: string, path: string, body?: unknown): Promise<{ status: number; text: string; body: unknown }> {
  const headers: Record<string, string> = { Authorization: `Bearer ${await t.token()}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await t.app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, text, body: text === '' ? null : (JSON.parse(text) as unknown) };
}
