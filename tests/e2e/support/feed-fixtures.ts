/**
 * The Parser's browser tests on the feed fixtures of tests/fixtures/feeds/: a supplier web server
 * handler that serves them by path, and a new supplier form filled with one and tested.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';

/** Serves each path's fixture with its Content-Type; anything else is 404. */
export function fixtureFeedHandler(feeds: Record<string, { file: string; type: string }>): (req: IncomingMessage, res: ServerResponse) => void {
  const bytes = new Map(Object.entries(feeds).map(([path, feed]) => [path, { bytes: readFileSync(new URL(`../../fixtures/feeds/${feed.file}`, import.meta.url)), type: feed.type }]));
  return (req, res) => {
    const feed = bytes.get(req.url ?? '');
    if (!feed) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'Content-Type': feed.type });
    res.end(feed.bytes);
  };
}

/** Opens a new supplier form, fills its name, feed address and format, and presses Test feed. */
export async function testNewSupplierFeed(page: Page, app: { url: () => string; feedUrl: (path: string) => string }, name: string, path: string, format: 'CSV' | 'XML'): Promise<void> {
  await page.goto(`${app.url()}/parser`);
  await page.getByRole('button', { name: 'Add supplier' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Feed address').fill(app.feedUrl(path));
  if (format === 'XML') {
    await page.getByRole('combobox', { name: 'Format' }).click();
    await page.getByRole('option', { name: 'XML', exact: true }).click();
  }
  await page.getByRole('button', { name: 'Test feed' }).click();
}
