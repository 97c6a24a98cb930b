/**
 * The Parser screen's browser tests: a supplier web server of the test's own on 127.0.0.1 (let
 * through by OUTBOUND_ALLOW for its port only), a server of their own with an empty catalogue (a
 * migrated empty database, global-setup.ts) and Chromium. `signedInPage` opens a tablet of its
 * own (a browser context) signed in as the admin.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { startServerProcess, type RunningServer } from '../../../scripts/lib/server-process';
import { launchBrowser, serviceWorkersOf, type ContextOptions } from './browser';

export interface ParserServer {
  /** The app's origin. */
  url: () => string;
  /** An address on the supplier web server. */
  feedUrl: (path: string) => string;
  signedInPage: (viewport: { width: number; height: number }) => Promise<Page>;
}

export function useParserServer(
  admin: { username: string; password: string },
  serve: (req: IncomingMessage, res: ServerResponse) => void,
  options: ContextOptions = {},
): ParserServer {
  let feedServer: Server;
  let feedPort = 0;
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    feedServer = createServer(serve);
    await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
    feedPort = (feedServer.address() as AddressInfo).port;
    server = await startServerProcess(
      { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password, DEMO_CATALOGUE: '0', OUTBOUND_ALLOW: `127.0.0.1:${feedPort}` },
      // A migrated empty database (global-setup.ts) instead of PGlite's first start.
      { copyDataFrom: inject('migratedDataDir') },
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => feedServer.close(resolve));
  });
  return {
    url: () => server.url,
    feedUrl: (path) => `http://127.0.0.1:${feedPort}${path}`,
    async signedInPage(viewport) {
      const context = await browser.newContext({ viewport, hasTouch: true, timezoneId: 'Europe/Amsterdam', serviceWorkers: serviceWorkersOf(options) });
      const page = await context.newPage();
      await page.goto(`${server.url}/login`);
      await page.getByLabel('User Name').fill(admin.username);
      await page.getByLabel('Password').fill(admin.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(`${server.url}/dashboard`);
      return page;
    },
  };
}
