/**
 * What a first visit downloads: every JavaScript and CSS file a page loads until the network is
 * idle, measured as gzip would send it. The budgets are the targets for /login (docs/benchmarks.md).
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export const INITIAL_JS_BUDGET_KB = 120;
export const INITIAL_CSS_BUDGET_KB = 30;

export interface Download {
  files: string[];
  rawKb: number;
  gzipKb: number;
}

export interface FirstVisit {
  js: Download;
  css: Download;
}

async function sizes(entries: Array<[string, Promise<Buffer>]>): Promise<Download> {
  const contents = await Promise.all(entries.map(([, body]) => body));
  return {
    files: entries.map(([file]) => file).sort(),
    rawKb: contents.reduce((sum, body) => sum + body.length, 0) / 1024,
    gzipKb: contents.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024,
  };
}

export async function measureFirstVisit(browser: Browser, url: string): Promise<FirstVisit> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const js = new Map<string, Promise<Buffer>>();
  const css = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    const type = response.request().resourceType();
    if (path.endsWith('.js') && type === 'script') js.set(path, response.body());
    if (path.endsWith('.css') && type === 'stylesheet') css.set(path, response.body());
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const result = { js: await sizes([...js]), css: await sizes([...css]) };
  await context.close();
  return result;
}
