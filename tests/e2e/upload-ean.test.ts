import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '../../src/shared/rules/ean';
import { baseUrl, useFreshPage } from './support/browser';
import { signedInStart } from './support/signed-in-start';
import { apiJson, demoProduct, serverProduct } from './support/catalogue-api';
import type { Product } from '../../src/shared/contract';

const freshPage = useFreshPage({ width: 1280, height: 900 });
let page: Page;
beforeEach(() => {
  page = freshPage();
});

const ean = (twelve: string) => `${twelve}${gtinCheckDigit(twelve)}`;

async function xlsxBuffer(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('EAN');
  for (const values of rows) sheet.addRow(values);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A product of the running catalogue (the demo data), when the product list answers one. */
async function someProduct(): Promise<{ productId: number; supplierEan: string } | null> {
  return page.evaluate(async () => {
    const response = await fetch('/api/v1/bol/product/filter?page=0&size=5', {
      headers: { Authorization: `Bearer ${localStorage.getItem('jwt') ?? ''}` },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { content?: { productId: number; supplierEan: string }[] };
    return body.content?.find((product) => /^\d{13}$/.test(product.supplierEan)) ?? null;
  });
}

describe('Upload EAN', () => {
  it('asks for a file, uploads the chosen .xlsx and shows which rows were applied and refused', async () => {
    await signedInStart(page);
    await page.goto(`${baseUrl()}/uploadEan`);
    const chooser = page.getByRole('button', { name: 'Choose File' });
    await chooser.waitFor();
    expect(await page.locator('input[type=file]').getAttribute('accept')).toContain('.xlsx');

    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('Please select a file first').waitFor();

    const product = await someProduct();
    const badCheckDigit = `${ean('871000000001').slice(0, -1)}${(Number(ean('871000000001').at(-1)) + 1) % 10}`;
    const rows: unknown[][] = [
      ['Supplier EAN', 'New EAN'],
      [ean('871999000001'), ean('871999000002')],
      [badCheckDigit, ean('871999000003')],
    ];
    if (product) rows.push([product.supplierEan, ean('871999000004')]);
    await page.locator('input[type=file]').setInputFiles({
      name: 'ean-changes.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await xlsxBuffer(rows),
    });
    await page.getByRole('button', { name: 'ean-changes.xlsx' }).waitFor();

    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    // Rows were refused: a warning, not the plain success.
    await page.getByText(product ? /^File uploaded with warnings: 1 applied, 2 rows refused\./ : /^File uploaded, but no row was applied: 2 rows refused\./).waitFor();
    expect(await page.getByText('File uploaded successfully').count()).toBe(0);
    const report = page.getByTestId('ean-report');
    await report.waitFor();
    const refused = page.getByRole('table', { name: 'Rows refused' });
    const refusedRows = await refused.locator('tbody tr').allTextContents();
    expect(refusedRows).toContain(`2No product has the supplier EAN ${ean('871999000001')}`);
    expect(refusedRows.find((text) => text.startsWith('3'))).toMatch(/^3Supplier EAN '\d{13}' has a wrong check digit \(expected \d\)$/);
    if (product) {
      const applied = await page.getByRole('table', { name: 'Rows applied' }).locator('tbody tr').allTextContents();
      expect(applied[0]).toContain(ean('871999000004'));
    }
    expect(await report.getByText(`${rows.length - 1} rows read`).count()).toBe(1);

    // Let the toast finish its entrance before the picture.
    await page.waitForTimeout(400);
    await page.screenshot({ path: '/tmp/upload-ean.png', fullPage: true });
  });

  it('half the rows refused: a warning naming both counts, never the green "File uploaded successfully"', async () => {
    await signedInStart(page);
    // A product of the demo catalogue gets a supplier EAN of this run, so one row surely applies.
    const product = await demoProduct(page, '', 3);
    const stamp = String(Date.now()).slice(-5);
    const supplierEan = ean(`8719970${stamp}`);
    const newEan = ean(`8719971${stamp}`);
    const put = await apiJson<Product>(page, '/api/v1/product', {
      method: 'PUT',
      body: { ...product, supplierEan, isChangeEan: true },
      headers: { 'If-Match': `"${product.version}"` },
    });
    expect(put.status).toBe(200);

    await page.goto(`${baseUrl()}/uploadEan`);
    await page.locator('input[type=file]').setInputFiles({
      name: 'half-refused.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await xlsxBuffer([
        ['Supplier EAN', 'New EAN'],
        [supplierEan, newEan],
        [ean(`8719972${stamp}`), ean(`8719973${stamp}`)],
      ]),
    });
    await page.getByRole('button', { name: 'half-refused.xlsx' }).waitFor();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();

    const warning = page.getByRole('status').filter({ hasText: 'File uploaded with warnings' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain('File uploaded with warnings: 1 applied, 1 row refused. See the report for the reasons.');
    // The warning's sign, not the success tick; and the success text nowhere.
    expect(await page.locator('[role=status]', { hasText: 'File uploaded with warnings' }).locator('xpath=..').textContent()).toContain('⚠️');
    expect(await page.getByText('File uploaded successfully').count()).toBe(0);
    expect(await page.getByTestId('ean-report').getByText('2 rows read').count()).toBe(1);
    expect((await serverProduct(page, product.productId)).ean).toBe(newEan);
  });

  it('offline, Upload is disabled and says the sheet needs a connection; back online it is enabled again', async () => {
    await signedInStart(page);
    await page.goto(`${baseUrl()}/uploadEan`);
    const upload = page.getByRole('button', { name: 'Upload', exact: true });
    expect(await upload.isEnabled()).toBe(true);
    await page.context().setOffline(true);
    await page.getByText('Uploading an EAN sheet needs a connection').waitFor();
    expect(await upload.isDisabled()).toBe(true);
    await page.context().setOffline(false);
    await expect.poll(() => upload.isEnabled()).toBe(true);
  });
});
