/**
 * Exports with variants on the Parser screen (docs/feeds.md, "Variants and parent rows"), on two
 * tablets: a Shopify product CSV and a WooCommerce export (tests/fixtures/feeds/, served on
 * 127.0.0.1 and let through by OUTBOUND_ALLOW for that port only). Test feed guesses the group
 * column, the fill-down and the row filter; the preview counts the skipped rows and shows each
 * variant's family; the run's report says how many rows the filter skipped; the other tablet
 * opens the saved supplier with the same rules and changes the filter.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fixtureFeedHandler, testNewSupplierFeed } from './support/feed-fixtures';
import { useParserServer } from './support/parser-server';
import { SHOTS } from './support/screenshots';

const ADMIN = { username: 'admin', password: 'parser-variants-e2e-password' };
const app = useParserServer(
  ADMIN,
  fixtureFeedHandler({
    '/products_export.csv': { file: 'shopify-variants.csv', type: 'text/csv' },
    '/wc-product-export.csv': { file: 'woocommerce-variable.csv', type: 'text/csv' },
  }),
);

const newSupplierTested = (page: Page, name: string, path: string) => testNewSupplierFeed(page, app, name, path, 'CSV');

/** An element's top below the sticky top bar (and `above` pixels more), for a screenshot. */
async function scrollToTop(target: Locator, above: number): Promise<void> {
  await target.evaluate((element, gap) => {
    element.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -gap);
  }, above);
}

describe('Parser: exports with variants', () => {
  it('guesses the group and the row filter of a Shopify export, imports its variants and counts the skipped row; the second tablet opens the saved rules', async () => {
    const landscape = await app.signedInPage({ width: 1280, height: 800 });
    await newSupplierTested(landscape, 'Harbor Shopify', '/products_export.csv');
    // The guess fills the group column and the filter, and tests again with them: no row refused.
    await landscape.getByText('6 would be imported, 0 refused, 1 skipped by the row filter. Nothing was saved.').waitFor({ timeout: 30_000 });
    expect(await landscape.getByLabel('Group column', { exact: true }).inputValue()).toBe('Handle');
    expect(await landscape.getByLabel("Fill empty cells of these columns from the group's first row", { exact: true }).inputValue()).toBe('Title, Body (HTML), Vendor, Product Category, Type, Tags');
    expect(await landscape.getByLabel("Gather the values of the group's rows", { exact: true }).inputValue()).toBe('Image Src');
    const rule = landscape.getByTestId('skip-rule');
    expect(await rule.count()).toBe(1);
    expect(await rule.getByLabel('Column of rule 1').inputValue()).toBe('Variant Price');
    expect(await rule.getByRole('combobox', { name: 'Condition of rule 1' }).textContent()).toBe('is empty');
    const preview = landscape.getByRole('table', { name: 'Test feed preview' });
    expect(await preview.locator('tbody tr[data-skipped="true"]').textContent()).toMatch(/^5.*Skipped by the row filter/);
    // Every variant of the shirt has its product's title, its family and its four images (the large one its own fifth).
    const rows = await preview.locator('tbody tr:not([data-skipped])').evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
    expect(rows.slice(0, 3)).toEqual([
      expect.stringMatching(/^2.*LS-SLinen shirtlinen-shirt.*4OK$/),
      expect.stringMatching(/^3.*LS-MLinen shirtlinen-shirt.*4OK$/),
      expect.stringMatching(/^4.*LS-LLinen shirtlinen-shirt.*5OK$/),
    ]);
    await scrollToTop(landscape.getByRole('heading', { name: 'Variants and parent rows' }), 90);
    await landscape.screenshot({ path: `${SHOTS}/parser-variants-rules-1280x800.png` });
    await scrollToTop(preview, 160);
    await landscape.screenshot({ path: `${SHOTS}/parser-variants-preview-1280x800.png` });

    await landscape.getByRole('button', { name: 'Save', exact: true }).click();
    await landscape.getByText('Saved Harbor Shopify.').waitFor();
    await landscape.getByRole('button', { name: 'Run', exact: true }).click();
    await landscape.getByText(/Import of Harbor Shopify: Read 7 rows: 6 new, 0 updated, 0 unchanged, 0 refused, 1 skipped by the row filter/).waitFor({ timeout: 30_000 });

    // The second tablet sees the saved rules, then tests a WooCommerce export and keeps its external product.
    const portrait = await app.signedInPage({ width: 800, height: 1280 });
    await portrait.goto(`${app.url()}/parser`);
    await portrait.getByRole('button', { name: 'Edit Harbor Shopify' }).click();
    expect(await portrait.getByLabel('Group column', { exact: true }).inputValue()).toBe('Handle');
    expect(await portrait.getByTestId('skip-rule').getByLabel('Column of rule 1').inputValue()).toBe('Variant Price');
    await landscape.context().close();
    await portrait.context().close();
  }, 150_000);

  it('a WooCommerce export on a portrait tablet: variable, grouped and external rows skipped, then external products kept by editing the filter', async () => {
    const portrait = await app.signedInPage({ width: 800, height: 1280 });
    await newSupplierTested(portrait, 'Northfield Woo', '/wc-product-export.csv');
    await portrait.getByText('4 would be imported, 0 refused, 4 skipped by the row filter. Nothing was saved.').waitFor({ timeout: 30_000 });
    expect(await portrait.getByLabel('Group column', { exact: true }).inputValue()).toBe('Parent');
    expect(await portrait.getByLabel('A parent row is also named by', { exact: true }).inputValue()).toBe('SKU, ID');
    const wooRule = portrait.getByTestId('skip-rule');
    expect(await wooRule.getByLabel('Values of rule 1').inputValue()).toBe('variable, grouped, external');
    const wooPreview = portrait.getByRole('table', { name: 'Test feed preview' });
    expect(await wooPreview.locator('tbody tr', { hasText: 'BEANIE-GREY' }).textContent()).toMatch(/Knitted beanie - Greyid:210/);
    await scrollToTop(portrait.getByRole('heading', { name: 'Variants and parent rows' }), 90);
    await portrait.screenshot({ path: `${SHOTS}/parser-variants-rules-800x1280.png` });

    // External products are kept from now on: the row is imported, the mapping is the person's.
    await wooRule.getByLabel('Values of rule 1').fill('variable, grouped');
    await portrait.getByRole('button', { name: 'Test feed' }).click();
    await portrait.getByText('5 would be imported, 0 refused, 3 skipped by the row filter. Nothing was saved.').waitFor({ timeout: 30_000 });
    expect(await wooPreview.locator('tbody tr', { hasText: 'GIFT-PARTNER' }).textContent()).toMatch(/Partner gift card.*OK$/);
    expect(await wooRule.getByLabel('Values of rule 1').inputValue()).toBe('variable, grouped');
    await scrollToTop(wooPreview, 160);
    await portrait.screenshot({ path: `${SHOTS}/parser-variants-preview-800x1280.png` });

    // Every control of the card is at least 44 px high for a finger.
    const small = await portrait
      .locator('.parser-skip-rule button, .parser-skip-rule input, .parser-skip-rule [role="combobox"]')
      .evaluateAll((nodes) => nodes.filter((node) => node.getBoundingClientRect().height < 44).length);
    expect(small).toBe(0);
    await portrait.context().close();
  }, 150_000);
});
