/**
 * Imports as background jobs in Chromium (docs/jobs.md): the product list's "Run feed import"
 * answers at once and shows a live progress bar that runs to its end, the refused line is listed
 * with its reason, and the Logs screen shows the job with who started it, its counts and the
 * refused line (with its CSV download), at both tablet sizes.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, useFreshPage, waitForServiceWorkerControl } from './support/browser';
import { signedInStart } from './support/signed-in-start';
import { SHOTS } from './support/screenshots';

const POLL = { timeout: 30_000 };
const SUPPLIER = 'Green Garden Supplies';
const freshPage = useFreshPage({ width: 1280, height: 800 });
let page: Page;
beforeEach(() => {
  page = freshPage();
});

describe('Imports as jobs, and the Logs screen', () => {
  it('shows the import progress bar until its end, then the refused line in Logs', async () => {
    await signedInStart(page);
    await page.goto(`${baseUrl()}/products?supplier=${encodeURIComponent(SUPPLIER)}`);
    // Every state the progress bar shows, recorded in the page (the demo feed imports in about a second).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[data-testid="job-progress"]');
        if (!bar) return;
        const entry = `${bar.getAttribute('data-status')} ${document.querySelector('[data-testid="job-progress-text"]')?.textContent ?? ''}`;
        if (seen.at(-1) !== entry) seen.push(entry);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    const run = page.getByRole('button', { name: 'Run feed import' });
    await expect.poll(() => run.isEnabled(), POLL).toBe(true);
    await run.click();

    const outcome = page.getByTestId('feed-outcome').locator(':scope > span').first();
    await expect.poll(() => outcome.textContent(), POLL).toMatch(/^⚠ Green Garden Supplies: Read 901 rows: 0 new, \d+ updated, \d+ unchanged, 1 refused(; \d+ supplier values? held back because people changed them)?$/);
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    // The bar was there while the job was queued or running, and ended with every row read.
    expect(seen.some((entry) => /^(queued|running) /.test(entry))).toBe(true);
    expect(seen.at(-1)).toMatch(/^partial Green Garden Supplies: Partly succeeded: 901 read, 900 written, 1 refused$/);
    expect(await page.getByTestId('feed-problems').locator('li').allTextContents()).toEqual([
      expect.stringMatching(/^Green Garden Supplies, line \d+: EAN '\d{13}' has a wrong check digit \(expected \d\)$/),
    ]);
    // The bar stays, full, with the final counts; Cancel is gone and the buttons are back.
    const bar = page.getByTestId('job-progress');
    expect(await bar.getAttribute('data-status')).toBe('partial');
    expect(await bar.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(await bar.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    await expect.poll(() => run.isEnabled(), POLL).toBe(true);

    await page.goto(`${baseUrl()}/logs?kind=feed-import`);
    const newest = page.getByTestId('job-row').first();
    await expect.poll(() => newest.getAttribute('data-status'), POLL).toBe('partial');
    const text = (await newest.textContent()) ?? '';
    expect(text).toContain('Feed import');
    expect(text).toContain(SUPPLIER);
    expect(text).toContain('Partly succeeded');
    expect(text).toContain('901 read, 900 written, 1 refused');
    expect(text).toContain('admin');
    await newest.getByRole('button', { name: 'Details' }).click();
    const refused = page.getByTestId('job-refusals').locator('li');
    await expect.poll(() => refused.allTextContents(), POLL).toEqual([expect.stringMatching(/^Line \d+: EAN '\d{13}' has a wrong check digit \(expected \d\)$/)]);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download refused lines (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^job-\d+-refused\.csv$/);
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const csv = Buffer.concat(chunks).toString('utf8');
    expect(csv).toMatch(/^\uFEFFline;product;order;reason\r\n\d+;;;EAN '\d{13}' has a wrong check digit \(expected \d\)\r\n$/);
    await page.screenshot({ path: `${SHOTS}/logs-1280x800.png` });

    await page.setViewportSize({ width: 800, height: 1280 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/logs-800x1280.png` });
  }, 120_000);

  it('filters by outcome, shows the last fetched list offline, and the parsing history lists the refused line', async () => {
    await signedInStart(page);
    await page.goto(`${baseUrl()}/logs?outcome=success`);
    await expect.poll(() => page.getByTestId('logs-table').isVisible(), POLL).toBe(true);
    await page.waitForTimeout(500);
    const statuses = await page.getByTestId('job-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status')));
    expect(statuses.every((status) => status === 'success')).toBe(true);

    // Offline: the list last fetched for these filters, marked with its time.
    await page.goto(`${baseUrl()}/logs?kind=feed-import`);
    await expect.poll(() => page.getByTestId('job-row').count(), POLL).toBeGreaterThan(0);
    const online = await page.getByTestId('job-row').count();
    await waitForServiceWorkerControl(page);
    await page.context().setOffline(true);
    await page.reload().catch(() => undefined);
    await page.getByTestId('logs-offline').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('logs-offline').textContent()).toMatch(/^Offline data, fetched at \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
    expect(await page.getByTestId('job-row').count()).toBe(online);
    await page.context().setOffline(false);

    await page.goto(`${baseUrl()}/products?supplier=${encodeURIComponent(SUPPLIER)}`);
    await page.getByRole('button', { name: 'Parsing history' }).click();
    const history = page.getByTestId('parsing-history');
    const newestImport = history.locator('tbody tr', { hasText: SUPPLIER }).filter({ hasText: 'Feed import' }).first();
    await expect.poll(() => newestImport.textContent(), POLL).toContain('1 refused');
    expect(await newestImport.textContent()).not.toContain('Running');
    await newestImport.getByRole('button', { name: 'Refused lines (1)' }).click();
    await expect
      .poll(() => page.getByTestId('history-problems').first().locator('li').allTextContents(), POLL)
      .toEqual([expect.stringMatching(/^Line \d+: EAN '\d{13}' has a wrong check digit \(expected \d\)$/)]);
  }, 120_000);
});
