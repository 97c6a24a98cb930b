/**
 * The product editor (General tab) in real Chromium against the real server and the demo
 * catalogue: required fields, saving through the outbox, Save & Exit, the description editor,
 * main product and inheritance, images. Editing offline: offline-edit-sync.test.ts. No test here
 * goes offline: no service worker (support/browser.ts, ContextOptions).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '../../src/shared/contract';
import { baseUrl, useFreshPage } from './support/browser';
import { signedInStart } from './support/signed-in-start';
import { apiJson, demoProduct, serverProduct, storedImageBytes } from './support/catalogue-api';

const freshPage = useFreshPage({ width: 1280, height: 800 }, { serviceWorker: false });
let page: Page;
let context: BrowserContext;
beforeEach(() => {
  page = freshPage();
  context = page.context();
});

/** Products of one supplier, a different one per test, so tests never edit the same product. */
const VOLT = 'supplierName=Volt%20Electronics';

async function openEditor(product: Product, tab = ''): Promise<void> {
  await page.goto(`${baseUrl()}/products/${product.productId}${tab}`);
  // Attached, not visible: the General tab stays mounted (hidden) while another tab shows.
  await page.getByTestId('description-editor').waitFor({ state: 'attached' });
}

const titleInput = () => page.getByRole('textbox', { name: 'Title' });

/**
 * Counts the reads of one product (GET /api/v1/product/{id}) the page makes from now on; the
 * test's own reads go after the count is taken. The open form's freshness check every 3 s is a
 * conditional read (If-None-Match, docs/offline.md "Open forms stay fresh") and is not counted: on
 * a busy machine one falls inside the window.
 */
function countProductReads(productId: number): () => number {
  let reads = 0;
  page.on('request', (request) => {
    const conditional = request.headers()['if-none-match'] !== undefined;
    if (request.method() === 'GET' && !conditional && new URL(request.url()).pathname === `/api/v1/product/${productId}`) reads += 1;
  });
  return () => reads;
}
const toast = (text: string) => page.locator('[role="status"]').filter({ hasText: text });

describe('product edit: General tab', () => {
  it('marks missing required fields, shows the General tab and keeps edits across a tab switch', async () => {
    await signedInStart(page);
    const product = await demoProduct(page, VOLT, 3);
    await openEditor(product, '?tab=2');
    await page.getByRole('tab', { name: 'General' }).click();
    expect(new URL(page.url()).searchParams.get('tab')).toBeNull();

    await titleInput().fill('');
    await page.getByRole('textbox', { name: /Selling Price/ }).fill('');
    // Switching tabs keeps what was typed.
    await page.getByRole('tab', { name: 'Bol Model' }).click();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('2');
    await page.getByRole('tab', { name: 'General' }).click();
    expect(await titleInput().inputValue()).toBe('');

    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Please fill all required fields.' }).waitFor();
    expect(await page.getByText('This field is required.').count()).toBe(2);
    expect(await titleInput().getAttribute('aria-invalid')).toBe('true');
    // Nothing was sent.
    expect((await serverProduct(page, product.productId)).title).toBe(product.title);

    // The message goes as soon as every marked field is valid again.
    await titleInput().fill(product.title);
    expect(await page.getByRole('alert').filter({ hasText: 'Please fill all required fields.' }).count()).toBe(1);
    await page.getByRole('textbox', { name: /Selling Price/ }).fill('42,50');
    await page.getByRole('alert').filter({ hasText: 'Please fill all required fields.' }).waitFor({ state: 'detached' });
  });

  it('saves through the outbox: the toast shows and the server has the new values (comma price)', async () => {
    await signedInStart(page);
    const product = await demoProduct(page, VOLT, 4);
    await openEditor(product);
    const title = `${product.title} (edited ${Date.now()})`;
    await titleInput().fill(title);
    await page.getByRole('textbox', { name: /Selling Price/ }).fill('12,95');
    await page.getByRole('textbox', { name: 'Price from Supplier' }).fill('');
    const productReads = countProductReads(product.productId);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await toast('Product successfully updated!').waitFor();

    // The form shows the saved product (a fresh form on the new version, nothing unsaved): the
    // server's answer as the drainer stored it on the device, without reading the product again.
    await expect.poll(() => page.getByRole('textbox', { name: 'Version' }).inputValue()).toBe(String(product.version + 1));
    expect(await page.getByText('Unsaved changes').count()).toBe(0);
    await page.waitForTimeout(1_000);
    expect(productReads()).toBe(0);
    const saved = await serverProduct(page, product.productId);
    expect(saved).toMatchObject({ title, sellingPrice: 12.95, priceSupplier: 0, version: product.version + 1 });
    // One number format (docs/formats.md): the inputs show "12,95" and "0,00", and take a point too.
    expect(await page.getByRole('textbox', { name: /Selling Price/ }).inputValue()).toBe('12,95');
    expect(await page.getByRole('textbox', { name: 'Price from Supplier' }).inputValue()).toBe('0,00');
    await page.getByRole('textbox', { name: 'Price from Supplier' }).fill('7.5');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Version' }).inputValue()).toBe(String(product.version + 2));
    expect((await serverProduct(page, product.productId)).priceSupplier).toBe(7.5);
    await expect.poll(() => page.getByRole('textbox', { name: 'Price from Supplier' }).inputValue()).toBe('7,50');
  });

  it('a slow save shows a spinner on Apply, and the page stays where it was scrolled', async () => {
    await signedInStart(page);
    const product = await demoProduct(page, VOLT, 6);
    await openEditor(product);
    // The server answers the save 3 s late (slow Wi-Fi).
    await context.route('**/api/v1/product**', async (route) => {
      if (['PUT', 'PATCH'].includes(route.request().method())) await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.fallback();
    });
    await titleInput().fill(`${product.title} (slow ${Date.now()})`);
    const apply = page.getByRole('button', { name: 'Apply', exact: true });
    // A short window, so the action bar is below the fold and the page must scroll to it.
    await page.setViewportSize({ width: 1280, height: 480 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await apply.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await apply.click();
    await page.getByTestId('apply-spinner').waitFor();
    expect(await apply.getAttribute('aria-busy')).toBe('true');
    await toast('Product successfully updated!').waitFor({ timeout: 20_000 });
    await page.getByTestId('apply-spinner').waitFor({ state: 'detached' });
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(50);
  });

  it('Save & Exit saves and goes back to the list it came from', async () => {
    await signedInStart(page);
    const product = await demoProduct(page, VOLT, 5);
    await page.goto(`${baseUrl()}/products?supplier=${encodeURIComponent('Volt Electronics')}`);
    await page.goto(`${baseUrl()}/products/${product.productId}`);
    await page.getByTestId('description-editor').waitFor();
    await page.getByRole('textbox', { name: 'SKU' }).fill(`EXIT-${product.productId}`);
    await page.getByRole('button', { name: 'Save & Exit' }).last().click();
    await page.waitForURL((url) => url.pathname === '/products');
    expect((await serverProduct(page, product.productId)).sku).toBe(`EXIT-${product.productId}`);
  });

  it('asks before leaving with unsaved changes', async () => {
    await signedInStart(page);
    const product = await demoProduct(page, VOLT, 6);
    await openEditor(product);
    await titleInput().fill('Not saved');
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByRole('alertdialog').getByText('Leave without saving?').waitFor();
    await page.getByRole('button', { name: 'Stay' }).click();
    expect(new URL(page.url()).pathname).toBe(`/products/${product.productId}`);
    expect(await titleInput().inputValue()).toBe('Not saved');
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(`${baseUrl()}/dashboard`);
  });

  it('round-trips a formatted description, refuses a javascript: link and accepts an https one', async () => {
    await signedInStart(page);
    const product = await demoProduct(page, VOLT, 7);
    await openEditor(product);
    const editor = page.getByTestId('description-editor');
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type('Plain ');
    await page.getByRole('button', { name: 'Bold', exact: true }).click();
    await page.keyboard.type('strong');
    await page.getByRole('button', { name: 'Bold', exact: true }).click();
    await page.keyboard.type(' and ');
    await page.getByRole('button', { name: 'Underline' }).click();
    await page.keyboard.type('under');
    await page.getByRole('button', { name: 'Underline' }).click();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: '• List' }).click();
    await page.keyboard.type('first point');
    await page.keyboard.press('Enter');
    await page.keyboard.type('shop');
    // Select the word "shop" and try to link it.
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Shift+ArrowLeft');
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    await page.getByLabel(/Link address/).fill('javascript:alert(document.cookie)');
    await page.getByRole('button', { name: 'Apply link' }).click();
    await page.getByText('Only http, https, mailto and tel links are accepted.').waitFor();
    await page.getByLabel(/Link address/).fill('https://shop.example.com/page');
    await page.getByRole('button', { name: 'Apply link' }).click();
    await editor.locator('a[href="https://shop.example.com/page"]').waitFor();

    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await toast('Product successfully updated!').waitFor();
    const saved = (await serverProduct(page, product.productId)).description;
    expect(saved).toMatch(/<(b|strong)[^>]*>strong<\/(b|strong)>/);
    expect(saved).toMatch(/<u[^>]*>(<span[^>]*>)?under(<\/span>)?<\/u>/);
    expect(saved).toMatch(/<ul[^>]*><li[^>]*>(<span[^>]*>)?first point/);
    expect(saved).toContain('href="https://shop.example.com/page"');
    expect(saved).not.toContain('javascript:');

    // Reopened, the editor shows the same formatting.
    await page.reload();
    await page.getByTestId('description-editor').waitFor();
    expect(await editor.locator('strong, b').first().textContent()).toBe('strong');
    expect(await editor.locator('u, .de-underline').first().textContent()).toBe('under');
    expect(await editor.locator('li').first().textContent()).toBe('first point');
    expect(await editor.locator('a').getAttribute('href')).toBe('https://shop.example.com/page');
  });

  it('a main product passes its family fields to a member with Inherit Product and names it', async () => {
    await signedInStart(page);
    const shoe = await demoProduct(page, 'supplierName=Stride%20Shoes%20US&isMainProduct=false', 40);
    const familyKey = shoe.familyKey ?? '';
    expect(familyKey).not.toBe('');
    const family = (await apiJson<{ content: Product[] }>(page, `/api/v1/bol/product/filter?size=50&familyKey=${encodeURIComponent(familyKey)}`)).body.content;
    const member = family.find((candidate) => candidate.productId !== shoe.productId)!;
    expect(member).toBeDefined();

    await openEditor(shoe);
    expect(await page.getByRole('button', { name: 'Inherit Product' }).count()).toBe(0);
    const material = `Recycled canvas ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Material' }).fill(material);
    await page.getByRole('switch', { name: 'Is main product' }).click();
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await toast('Product successfully updated!').waitFor();

    // Saved as main: the switch is gone and Inherit Product is offered.
    // It asks first, naming how many other family members it will change.
    const familySize = (await apiJson<{ totalElements: number }>(page, `/api/v1/bol/product/filter?size=1&familyKey=${encodeURIComponent(familyKey)}`)).body.totalElements;
    await page.getByRole('button', { name: 'Inherit Product' }).click();
    const question = page.getByRole('alertdialog', { name: 'Inherit Product' });
    await question.waitFor();
    expect(await question.textContent()).toContain(`This copies this product's data to ${familySize - 1} other products of family ${familyKey}. Continue?`);
    await question.getByRole('button', { name: 'Inherit Product' }).click();
    await toast('Product inheritance successful!').waitFor();
    const named = page.getByTestId('inherited-members');
    await named.getByRole('link', { name: member.title }).waitFor();
    expect(await page.getByRole('switch', { name: 'Is main product' }).count()).toBe(0);
    expect((await serverProduct(page, member.productId)).material).toBe(material);
  });

  it('refuses the main flag without a family key', async () => {
    await signedInStart(page);
    // Not a main product: a main product shows Inherit instead of the switch (the demo import makes one main per family).
    const product = await demoProduct(page, `${VOLT}&isMainProduct=false`, 8);
    await openEditor(product);
    await page.getByRole('textbox', { name: 'Family Key' }).fill('');
    await page.getByRole('switch', { name: 'Is main product' }).click();
    await toast('To select a product as main, you need to specify the Family Key.').waitFor();
    expect(await page.getByRole('switch', { name: 'Is main product' }).getAttribute('aria-checked')).toBe('false');
  });

  it('adds two images, reorders them, sets alt text and deletes one after confirming', async () => {
    await signedInStart(page);
    const source = await demoProduct(page, 'numberOfImages=2', 0);
    const [first, second] = await Promise.all(source.productImages.map((image) => storedImageBytes(page, image.filePath)));
    // A product without images (another session removes them first).
    const withImages = await demoProduct(page, VOLT, 10);
    const cleared = await apiJson<Product>(page, '/api/v1/product', { method: 'PUT', body: { ...withImages, productImages: [] } });
    expect(cleared.status).toBe(200);
    const product = cleared.body;
    await openEditor(product);
    await page.getByText('Image not available').waitFor();

    await page.getByTestId('image-picker').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: first! },
      { name: 'side.png', mimeType: 'image/png', buffer: second! },
    ]);
    await page.getByRole('button', { name: '2 images added' }).waitFor();
    await page.getByRole('list', { name: 'Chosen files' }).getByText('side.png').waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast('Product successfully updated!').waitFor();
    let saved = await serverProduct(page, product.productId);
    expect(saved.productImages.map((image) => image.filePath.startsWith('/media/'))).toEqual([true, true]);
    const [frontId, sideId] = saved.productImages.map((image) => image.id);

    // Move the second to position 1 and describe it.
    await page.getByRole('combobox', { name: 'Position of image 2' }).click();
    await page.getByRole('option', { name: 'Position 1' }).click();
    await page.getByRole('textbox', { name: 'Alt Image of image 1' }).fill('Side view');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // (The first save's toast may still be showing: follow the server instead.)
    await expect.poll(async () => (await serverProduct(page, product.productId)).productImages.map((image) => image.id)).toEqual([sideId, frontId]);
    saved = await serverProduct(page, product.productId);
    expect(saved.productImages[0]!.altImage).toBe('Side view');

    // Delete the first, after the confirmation (Cancel first: nothing happens).
    await page.getByRole('button', { name: 'Delete image 1' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Are you sure you want to delete this image?').waitFor();
    expect(await dialog.getByText('Confirm Deletion').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByTestId('product-image').count()).toBe(2);
    await page.getByRole('button', { name: 'Delete image 1' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await serverProduct(page, product.productId)).productImages.map((image) => image.id), { timeout: 15_000 }).toEqual([frontId]);
    expect(await page.getByTestId('product-image').count()).toBe(1);
  });
});
