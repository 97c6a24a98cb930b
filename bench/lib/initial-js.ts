/**
 * What a first visit downloads: every JavaScript file a page loads until the network is idle,
 * measured as gzip would send it.
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export const INITIAL_JS_BUDGET_KB = 180;

export interface InitialJs {
  files: string[];
  rawKb: number;
  gzipKb: number;
}

export async function measureInitialJs(browser: Browser, url: string): Promise<InitialJs> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js') && response.request().resourceType() === 'script') bodies.set(path, response.body());
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const files = [...bodies.keys()].sort();
  const contents = await Promise.all([...bodies.values()]);
  await context.close();
  const raw = contents.reduce((sum, body) => sum + body.length, 0);
  const gzip = contents.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
  return { files, rawKb: raw / 1024, gzipKb: gzip / 1024 };
}
