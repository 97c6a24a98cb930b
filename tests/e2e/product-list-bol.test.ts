/**
 * The list's catalogue-wide Bol actions against the real server and its bol simulator (no
 * stand-ins): the offers bol holds are imported and counted, and the content report arrives as a
 * real spreadsheet with the server's file name.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useFreshPage } from './support/browser';
import { signedInStart } from './support/signed-in-start';
import { productList } from './support/product-list';

const freshPage = useFreshPage({ width: 1280, height: 800 }, { serviceWorker: false }); // never offline (support/browser.ts)
let page: Page;
beforeEach(() => {
  page = freshPage();
});

const bar = () => page.getByRole('region', { name: 'Bulk actions' });
const outcome = () => page.getByTestId('bulk-outcome');

describe('Product list bol actions against the simulator', () => {
  // Runs late in the suite on a catalogue every other test has added to (9 s alone).
  it('re-imports the offers bol holds and downloads the content report spreadsheet', { timeout: 90_000 }, async () => {
    await signedInStart(page);
    await productList(page).openFullList();

    await bar().getByRole('button', { name: 'Re-import offers' }).click();
    // Other tests in the suite delete products bol still holds offers for, so the outcome may carry
    // the warning marker for "offer(s) without a product here"; either way it must count the offers.
    await expect.poll(() => outcome().textContent(), { timeout: 60_000 }).toMatch(/^(⚠ )?Re-import offers: .*offers [\d,]+/);
    const offers = Number(/offers ([\d,]+)/.exec((await outcome().textContent()) ?? '')?.[1]?.replace(/,/g, ''));
    expect(offers).toBeGreaterThan(0);

    const download = page.waitForEvent('download');
    await bar().getByRole('button', { name: 'Export content report' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^bol-product-content-\d{4}-\d{2}-\d{2}\.xlsx$/);
    // An .xlsx is a zip: it starts with PK.
    expect(readFileSync(await file.path()).subarray(0, 2).toString('latin1')).toBe('PK');
  });
});
