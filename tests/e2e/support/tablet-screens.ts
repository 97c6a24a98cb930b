/**
 * The screens a tablet user reaches, each opened and settled, for the tablet checks (touch
 * targets, accessibility, overflow): one list, so every check visits the same screens.
 */
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { baseUrl, launchBrowser, signIn } from './browser';
import { apiJson, demoProduct } from './catalogue-api';
import { uploadAndRunFeed } from './feed-upload';
import { E2E_ADMIN } from './global-setup';

export const TABLET_SIZES = [
  { name: 'landscape', width: 1280, height: 800 },
  { name: 'portrait', width: 800, height: 1280 },
] as const;

export type TabletSize = (typeof TABLET_SIZES)[number];

/**
 * A tablet: touch emulated. `hasTouch` is what makes Chromium answer `(pointer: coarse)`;
 * `isMobile` is left off (it would apply the meta viewport and overlay scrollbars of a phone).
 */
export function tabletContext(browser: Browser, size: TabletSize): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: size.width, height: size.height }, hasTouch: true });
}

export interface TabletScreen {
  name: string;
  /** Opens the screen from a signed-in page (except login) and waits until it has settled. */
  open(page: Page): Promise<void>;
  signedIn: boolean;
  /** Leaves the screen before the next one opens (closes a dialog), when it needs to. */
  leave?(page: Page): Promise<void>;
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(300);
}

async function visit(page: Page, path: string, ready: (page: Page) => Promise<unknown>): Promise<void> {
  await page.goto(`${baseUrl()}${path}`);
  await ready(page);
  await settle(page);
}

/** Opens a screen in Dutch: the language kept on this tablet, read when the page loads (the account is left as it is). */
async function inDutch(page: Page, open: () => Promise<void>): Promise<void> {
  await page.evaluate(() => localStorage.setItem('language', 'nl'));
  await open();
  await page.locator('html[lang="nl"]').waitFor({ state: 'attached' });
}

async function backToEnglish(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.removeItem('language'));
}

/** The editor's tabs and the Bol category field as each language names them. */
const EDITOR_NAMES = {
  en: { 'Bol Model': 'Bol Model', History: 'History', category: 'Choose Bol category' },
  nl: { 'Bol Model': 'Bol-model', History: 'Geschiedenis', category: 'Kies een Bol-categorie' },
};

async function openEditor(page: Page, tab: 'General' | 'Bol Model' | 'History', index = 7, language: keyof typeof EDITOR_NAMES = 'en'): Promise<void> {
  const product = await demoProduct(page, 'supplierName=Volt%20Electronics', index);
  await visit(page, `/products/${product.productId}`, (p) => p.getByTestId('description-editor').waitFor({ state: 'attached' }));
  if (tab !== 'General') {
    const names = EDITOR_NAMES[language];
    await page.getByRole('tab', { name: names[tab] }).click();
    // The Bol Model tab loads its model first ("Loading..."): wait for its category field.
    if (tab === 'Bol Model') await page.getByRole('combobox', { name: names.category }).waitFor({ timeout: 20_000 });
    await settle(page);
  }
}

/**
 * The History tab's product: one no other test edits, its price changed so the tab has an entry
 * with a value and a Restore button to check.
 */
const HISTORY_PRODUCT = 14;

async function changePrice(page: Page): Promise<void> {
  const product = await demoProduct(page, 'supplierName=Volt%20Electronics', HISTORY_PRODUCT);
  const fields = { sellingPrice: { base: product.sellingPrice, value: Math.round(product.sellingPrice * 100 + 100) / 100 } };
  const { status } = await apiJson(page, `/api/v1/product/${product.productId}`, {
    method: 'PATCH',
    body: { fields, images: { added: [], deleted: [], edited: [] }, madeAt: Date.now(), offline: false },
  });
  if (status !== 200) throw new Error(`changing the price for the history screen answered ${status}`);
}

/** Requests to the server (the API and the health probe) that get no answer. */
const toServer = (url: URL) => url.pathname.startsWith('/api/') || url.pathname.startsWith('/healthz');
const noAnswer = (route: Route) => route.abort('connectionrefused');

/** The product page open, then the server stops answering while the browser stays online: the top bar says so. */
async function openEditorUnreachable(page: Page): Promise<void> {
  await openEditor(page, 'General');
  await page.route(toServer, noAnswer);
  await page.getByTestId('sync-indicator').filter({ hasText: "Can't reach the server" }).waitFor({ timeout: 20_000 });
}

/** The server answers again: the top bar says Online (the probe heard it). */
async function serverAnswersAgain(page: Page): Promise<void> {
  await page.unroute(toServer, noAnswer);
  await page.getByTestId('sync-indicator').filter({ hasText: 'Online' }).waitFor({ timeout: 45_000 });
}

/**
 * A product whose supplier feed value was held back (docs/feeds.md, "Held-back values"): a supplier
 * of its own with an uploaded feed, imported, its product's title changed by a person, imported
 * again with a new title; then its page, with "The supplier now says" under the title.
 */
async function openHeldBack(page: Page): Promise<void> {
  const name = `Held ${Date.now() % 1_000_000}`;
  const { body: supplier } = await apiJson<{ supplierId: number }>(page, '/api/v1/suppliers', { method: 'POST', body: { supplierName: name, feedSource: 'upload', feedFormat: 'csv' } });
  const run = async (title: string) => {
    const csv = `ean;sku;title;price;retailPrice;deliveryCode;stock\n8710103974307;TB-1;${title};10,00;24,95;1-2d;5\n`;
    await uploadAndRunFeed(page, supplier.supplierId, csv);
  };
  await run('Tablet lamp');
  const product = await demoProduct(page, `supplierName=${encodeURIComponent(name)}`);
  const change = { fields: { title: { base: 'Tablet lamp', value: 'Tablet lamp, ours' } }, images: { added: [], deleted: [], edited: [] }, madeAt: Date.now(), offline: false };
  await apiJson(page, `/api/v1/product/${product.productId}`, { method: 'PATCH', body: change });
  await run('Tablet lamp with a much longer supplier title that has to wrap on a portrait tablet');
  await visit(page, `/products/${product.productId}`, (p) => p.getByTestId('held-back-title').waitFor({ timeout: 20_000 }));
}

/**
 * A product whose supplier feed category and image list were held back (docs/product-edit.md "The
 * supplier now says"): moved to another category and its feed image deleted by a person, then
 * imported again with a new category and two images; its page shows both notes.
 */
async function openHeldBackParts(page: Page): Promise<void> {
  const name = `Held parts ${Date.now() % 1_000_000}`;
  const origin = new URL(page.url()).origin;
  const { body: supplier } = await apiJson<{ supplierId: number }>(page, '/api/v1/suppliers', { method: 'POST', body: { supplierName: name, feedSource: 'upload', feedFormat: 'csv' } });
  const run = async (category: string, images: string) => {
    const csv = `ean;sku;title;category;price;retailPrice;deliveryCode;stock;images\n8710103974307;TP-1;Tablet floor lamp;${category};10,00;24,95;1-2d;5;${images}\n`;
    await uploadAndRunFeed(page, supplier.supplierId, csv);
  };
  await run('Lamps', `${origin}/icons/icon-192.png`);
  const product = await demoProduct(page, `supplierName=${encodeURIComponent(name)}`);
  const { body: categories } = await apiJson<{ categoryId: number }[]>(page, '/api/v1/categories');
  const other = categories.find((category) => category.categoryId !== product.categoryId);
  const change = { fields: { categoryId: { base: product.categoryId, value: other?.categoryId ?? null } }, images: { added: [], deleted: [], edited: [] }, madeAt: Date.now(), offline: false };
  await apiJson(page, `/api/v1/product/${product.productId}`, { method: 'PATCH', body: change });
  for (const image of product.productImages) await apiJson(page, `/api/v1/image/${image.id}`, { method: 'DELETE' });
  await run('Lamps for reading and for the living room', `${origin}/icons/icon-512.png|${origin}/icons/maskable-512.png`);
  await visit(page, `/products/${product.productId}`, (p) => p.getByTestId('held-back-images').waitFor({ timeout: 20_000 }));
}

export const TABLET_SCREENS: TabletScreen[] = [
  { name: 'login', signedIn: false, open: (page) => visit(page, '/login', (p) => p.getByLabel('User Name').waitFor()) },
  { name: 'dashboard', signedIn: true, open: (page) => visit(page, '/dashboard', (p) => p.getByTestId('page-title').waitFor()) },
  {
    // With the folded filters opened and "More filters" (docs/product-list.md, "A list that shows the list").
    name: 'products',
    signedIn: true,
    open: async (page) => {
      await visit(page, '/products', (p) => p.locator('.product-table-area[aria-busy="false"]').waitFor({ timeout: 20_000 }));
      await page.getByTestId('filter-toggle').click();
      await page.getByRole('button', { name: 'More filters' }).click();
    },
  },
  {
    // A scan's answer under the search box, and the camera's dialog (this Chromium has no camera:
    // it says so); docs/product-list.md, "Scanning an EAN" and "Scanning with the camera".
    name: 'products-scan',
    signedIn: true,
    open: async (page) => {
      await visit(page, '/products', (p) => p.locator('.product-table-area[aria-busy="false"]').waitFor({ timeout: 20_000 }));
      await page.getByTestId('search-field').fill('4006381333931');
      await page.getByTestId('search-field').press('Enter');
      await page.getByTestId('scan-message').waitFor({ timeout: 20_000 });
      await page.getByTestId('search-camera').click();
      await page.getByRole('dialog', { name: 'Scan with the camera' }).getByTestId('camera-refusal').waitFor({ timeout: 20_000 });
      await settle(page);
    },
    leave: (page) => page.keyboard.press('Escape'),
  },
  { name: 'edit-general', signedIn: true, open: (page) => openEditor(page, 'General') },
  // Dutch words are longer (docs/languages.md): the list and the editor in Dutch, chosen on this tablet only.
  {
    name: 'products-nl',
    signedIn: true,
    open: (page) => inDutch(page, () => visit(page, '/products', (p) => p.locator('.product-table-area[aria-busy="false"]').waitFor({ timeout: 20_000 }))),
    leave: backToEnglish,
  },
  { name: 'edit-general-nl', signedIn: true, open: (page) => inDutch(page, () => openEditor(page, 'General')), leave: backToEnglish },
  // The list's surroundings and the status surfaces in Dutch: the filters opened with "More filters", the sync panel, orders and Upload EAN.
  {
    name: 'products-filters-nl',
    signedIn: true,
    open: (page) =>
      inDutch(page, async () => {
        await visit(page, '/products', (p) => p.locator('.product-table-area[aria-busy="false"]').waitFor({ timeout: 20_000 }));
        await page.getByTestId('filter-toggle').click();
        await page.getByRole('button', { name: 'Meer filters' }).click();
      }),
    leave: backToEnglish,
  },
  {
    name: 'sync-panel-nl',
    signedIn: true,
    open: (page) =>
      inDutch(page, async () => {
        await visit(page, '/dashboard', (p) => p.getByTestId('sync-indicator').waitFor());
        await page.getByTestId('sync-indicator').click();
        await page.getByRole('dialog', { name: 'Synchronisatie' }).waitFor();
        await settle(page);
      }),
    leave: async (page) => {
      await page.keyboard.press('Escape');
      await backToEnglish(page);
    },
  },
  { name: 'orders-nl', signedIn: true, open: (page) => inDutch(page, () => visit(page, '/orders', (p) => p.getByTestId('page-title').waitFor())), leave: backToEnglish },
  { name: 'upload-ean-nl', signedIn: true, open: (page) => inDutch(page, () => visit(page, '/uploadEan', (p) => p.getByTestId('page-title').waitFor())), leave: backToEnglish },
  { name: 'edit-bol', signedIn: true, open: (page) => openEditor(page, 'Bol Model') },
  { name: 'edit-bol-nl', signedIn: true, open: (page) => inDutch(page, () => openEditor(page, 'Bol Model', 7, 'nl')), leave: backToEnglish },
  { name: 'edit-held-back', signedIn: true, open: openHeldBack },
  { name: 'edit-held-back-parts', signedIn: true, open: openHeldBackParts },
  {
    // An image conflict on the General tab (docs/product-edit.md "Conflicts"): an alt text typed
    // for image 2 while the image is deleted on the server (the call an older app sends).
    name: 'edit-image-conflict',
    signedIn: true,
    open: async (page) => {
      const product = await demoProduct(page, 'numberOfImages=3', 5);
      await visit(page, `/products/${product.productId}`, (p) => p.getByTestId('description-editor').waitFor({ state: 'attached' }));
      await page.getByRole('textbox', { name: 'Alt Image of image 2' }).fill('Side view');
      await apiJson(page, `/api/v1/image/${encodeURIComponent(product.productImages[1]?.id ?? '')}`, { method: 'DELETE' });
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      await page.getByTestId('save-conflict').waitFor({ timeout: 30_000 });
      await settle(page);
    },
    // Nothing left waiting for the screens after it.
    leave: async (page) => {
      await page.getByRole('button', { name: 'Take all theirs' }).click();
      await page.getByTestId('save-conflict').waitFor({ state: 'detached', timeout: 15_000 });
    },
  },
  {
    name: 'edit-history',
    signedIn: true,
    open: async (page) => {
      await changePrice(page);
      await openEditor(page, 'History', HISTORY_PRODUCT);
      await page.getByTestId('history-entry').first().waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'edit-history-nl',
    signedIn: true,
    open: (page) =>
      inDutch(page, async () => {
        await openEditor(page, 'History', HISTORY_PRODUCT, 'nl');
        await page.getByTestId('history-entry').first().waitFor({ timeout: 20_000 });
      }),
    leave: backToEnglish,
  },
  { name: 'orders', signedIn: true, open: (page) => visit(page, '/orders', (p) => p.getByTestId('page-title').waitFor()) },
  { name: 'upload-ean', signedIn: true, open: (page) => visit(page, '/uploadEan', (p) => p.getByTestId('page-title').waitFor()) },
  { name: 'reports', signedIn: true, open: (page) => visit(page, '/report', (p) => p.getByTestId('page-title').waitFor()) },
  { name: 'export', signedIn: true, open: (page) => visit(page, '/export', (p) => p.getByTestId('page-title').waitFor()) },
  { name: 'users', signedIn: true, open: (page) => visit(page, '/users', (p) => p.locator('.users-row').first().waitFor({ timeout: 20_000 })) },
  { name: 'offer-settings', signedIn: true, open: (page) => visit(page, '/offer-settings', (p) => p.getByTestId('offer-settings-save').waitFor({ timeout: 20_000 })) },
  {
    // The same screen after a save with wrong values: each field's sentence in red, nothing saved.
    name: 'offer-settings-problems',
    signedIn: true,
    open: async (page) => {
      await visit(page, '/offer-settings', (p) => p.getByTestId('offer-settings-save').waitFor({ timeout: 20_000 }));
      await page.getByTestId('offer-settings-price-change').fill('0');
      await page.getByTestId('offer-settings-zero-stock').fill('250');
      await page.getByTestId('offer-settings-save').click();
      await page.getByTestId('offer-settings-zero-stock-problem').waitFor();
      await settle(page);
    },
  },
  { name: 'parser', signedIn: true, open: (page) => visit(page, '/parser', (p) => p.getByRole('button', { name: 'Edit Volt Electronics' }).waitFor({ timeout: 20_000 })) },
  {
    name: 'parser-form',
    signedIn: true,
    open: async (page) => {
      await visit(page, '/parser', (p) => p.getByRole('button', { name: 'Edit Volt Electronics' }).waitFor({ timeout: 20_000 }));
      await page.getByRole('button', { name: 'Edit Volt Electronics' }).click();
      await page.getByRole('table', { name: 'Column mapping' }).waitFor();
      await settle(page);
    },
  },
  {
    // After Test feed: what it found about the values above the mapping, the preview below.
    name: 'parser-form-tested',
    signedIn: true,
    open: async (page) => {
      await visit(page, '/parser', (p) => p.getByRole('button', { name: 'Edit Volt Electronics' }).waitFor({ timeout: 20_000 }));
      await page.getByRole('button', { name: 'Edit Volt Electronics' }).click();
      await page.getByRole('button', { name: 'Test feed' }).click();
      await page.getByTestId('feed-value-format').waitFor({ timeout: 30_000 });
      await page.getByRole('table', { name: 'Test feed preview' }).waitFor();
      await settle(page);
    },
  },
  {
    name: 'logs',
    signedIn: true,
    open: async (page) => {
      // At least one ended job with a refused line, so its details (refused lines, the CSV download) are checked too.
      const { body } = await apiJson<{ content: { status: string }[] }>(page, '/api/v1/jobs?outcome=partial&size=1');
      if (body.content.length === 0) {
        const supplier = await apiJson<{ supplierId: number; supplierName: string }[]>(page, '/api/v1/supplier');
        const green = supplier.body.find((entry) => entry.supplierName === 'Green Garden Supplies');
        if (green) await apiJson(page, `/api/v1/feed/parse/${green.supplierId}?wait=true`, { method: 'POST' });
      }
      await visit(page, '/logs?outcome=partial', (p) => p.getByRole('button', { name: 'Details' }).first().waitFor({ timeout: 30_000 }));
      await page.getByRole('button', { name: 'Details' }).first().click();
      await page.getByTestId('job-refusals').waitFor({ timeout: 20_000 });
      await settle(page);
    },
  },
  // The seller's back-office screens in Dutch (docs/languages.md): longer words, chosen on this tablet only.
  {
    name: 'parser-form-tested-nl',
    signedIn: true,
    open: (page) =>
      inDutch(page, async () => {
        await visit(page, '/parser', (p) => p.getByRole('button', { name: 'Volt Electronics bewerken' }).waitFor({ timeout: 20_000 }));
        await page.getByRole('button', { name: 'Volt Electronics bewerken' }).click();
        await page.getByRole('button', { name: 'Feed testen' }).click();
        await page.getByTestId('feed-value-format').waitFor({ timeout: 30_000 });
        await page.getByRole('table', { name: 'Voorbeeld van Feed testen' }).waitFor();
        await settle(page);
      }),
    leave: backToEnglish,
  },
  {
    name: 'logs-nl',
    signedIn: true,
    open: (page) =>
      inDutch(page, async () => {
        await visit(page, '/logs?outcome=partial', (p) => p.getByRole('button', { name: 'Details' }).first().waitFor({ timeout: 30_000 }));
        await page.getByRole('button', { name: 'Details' }).first().click();
        await page.getByTestId('job-refusals').waitFor({ timeout: 20_000 });
        await settle(page);
      }),
    leave: backToEnglish,
  },
  { name: 'reports-nl', signedIn: true, open: (page) => inDutch(page, () => visit(page, '/report', (p) => p.locator('[data-tile="declined"]').waitFor({ timeout: 30_000 }))), leave: backToEnglish },
  { name: 'export-nl', signedIn: true, open: (page) => inDutch(page, () => visit(page, '/export', (p) => p.getByTestId('export-start').waitFor())), leave: backToEnglish },
  { name: 'users-nl', signedIn: true, open: (page) => inDutch(page, () => visit(page, '/users', (p) => p.locator('.users-row').first().waitFor({ timeout: 20_000 }))), leave: backToEnglish },
  {
    name: 'offer-settings-nl',
    signedIn: true,
    open: (page) => inDutch(page, () => visit(page, '/offer-settings', (p) => p.getByTestId('offer-settings-save').waitFor({ timeout: 20_000 }))),
    leave: backToEnglish,
  },
  {
    // The browser online but the server not answering: the top bar says so in words, the page shows its device copy.
    name: 'edit-unreachable',
    signedIn: true,
    open: async (page) => {
      await openEditorUnreachable(page);
      await page.getByTestId('device-copy-note').waitFor();
      await page.waitForTimeout(300);
    },
    leave: serverAnswersAgain,
  },
  {
    // The sync panel while the server does not answer: its summary and amber note say so in words.
    name: 'sync-panel-unreachable',
    signedIn: true,
    open: async (page) => {
      await openEditorUnreachable(page);
      await page.getByTestId('sync-indicator').click();
      await page.getByRole('dialog', { name: 'Sync status' }).getByTestId('sync-no-server').waitFor();
      await settle(page);
    },
    leave: async (page) => {
      await page.keyboard.press('Escape');
      await serverAnswersAgain(page);
    },
  },
  {
    name: 'sync-panel',
    signedIn: true,
    open: async (page) => {
      await visit(page, '/dashboard', (p) => p.getByTestId('sync-indicator').waitFor());
      await page.getByTestId('sync-indicator').click();
      await page.getByRole('dialog', { name: 'Sync status' }).waitFor();
      await settle(page);
    },
    leave: (page) => page.keyboard.press('Escape'),
  },
  {
    // The panel with a product that waits for my decision at its top ("Needs you").
    name: 'sync-panel-needs-you',
    signedIn: true,
    open: async (page) => {
      const product = await demoProduct(page, 'supplierName=Volt%20Electronics', 8);
      await visit(page, '/dashboard', (p) => p.getByTestId('sync-indicator').waitFor());
      await putConflict(page, product, E2E_ADMIN.username);
      // Written beside the app's database layer: the app reads it when it starts again.
      await visit(page, '/dashboard', (p) => p.getByTestId('sync-indicator').waitFor());
      await page.getByTestId('sync-indicator').click();
      await page.getByTestId('needs-you').waitFor({ timeout: 20_000 });
      await settle(page);
    },
    leave: async (page) => {
      await page.keyboard.press('Escape');
      await writeOutbox(page, { remove: NEEDS_YOU_ENTRY });
    },
  },
];

const NEEDS_YOU_ENTRY = 'tablet-checks-needs-you';

/** A conflicting change of mine to `product` in the device's outbox, as the drainer records one (a title that waits). */
async function putConflict(page: Page, product: { productId: number; title: string }, author: string): Promise<void> {
  const now = Date.now();
  const conflict = { field: 'title', label: 'Title', base: product.title, mine: `${product.title} (mine)`, theirs: product.title, changedBy: 'anna', changedAt: null };
  await writeOutbox(page, {
    put: {
      id: NEEDS_YOU_ENTRY,
      kind: 'product-change',
      protocol: 2,
      entityKey: `product:${product.productId}`,
      seq: 1_000_000,
      baseVersion: null,
      author,
      status: 'conflict',
      attempts: 1,
      nextAttemptAt: 0,
      lastAttemptAt: now,
      lastError: 'Someone else changed some of these fields meanwhile.',
      createdAt: now,
      updatedAt: now,
      dependsOn: [],
      payload: { productId: product.productId, changes: { fields: { title: { base: product.title, value: conflict.mine } }, images: { added: [], deleted: [], edited: [] }, madeAt: now, offline: true } },
      serverCopy: { message: 'Someone else changed some of these fields meanwhile.', conflicts: [conflict], product, written: [] },
    },
  });
}

/** Puts or removes one entry of the device database's outbox, from the page. */
function writeOutbox(page: Page, change: { put: Record<string, unknown> } | { remove: string }): Promise<void> {
  return page.evaluate(
    (change) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('backoffice');
        request.onerror = () => reject(request.error ?? new Error('the device database did not open'));
        request.onsuccess = () => {
          const transaction = request.result.transaction('outbox', 'readwrite');
          const store = transaction.objectStore('outbox');
          if ('put' in change) store.put(change.put);
          else store.delete(change.remove);
          transaction.oncomplete = () => {
            request.result.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error ?? new Error('writing the outbox failed'));
        };
      }),
    change,
  );
}

/** Signs in once per context when a screen needs it. */
export async function openScreen(page: Page, screen: TabletScreen, signedInAlready: boolean): Promise<void> {
  if (screen.signedIn && !signedInAlready) await signIn(page);
  await screen.open(page);
}

/** One Chromium for a tablet test file: launched before its tests, closed after them. */
export function useTabletBrowser(): () => Browser {
  let browser: Browser | null = null;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the tablet browser is not running');
    return browser;
  };
}

/**
 * A touch-emulated tablet opens every screen of TABLET_SCREENS in turn, signing in once, and
 * `check` looks at each screen at both sizes: as it opened, then turned to the other size (the
 * tablet rotated). Every other screen opens in portrait, so half of them are read as loaded at
 * each size and the other half after a rotation, as a person turns the tablet with a screen open.
 * Opening a screen (a page load, its data, the settle) is most of the checks' time: one opening
 * serves both sizes. The tablet is closed afterwards, also when a check throws.
 */
export async function visitTabletScreens(browser: Browser, check: (page: Page, screen: TabletScreen, size: TabletSize) => Promise<void>): Promise<void> {
  const context = await tabletContext(browser, TABLET_SIZES[0]);
  try {
    const page = await context.newPage();
    let signedIn = false;
    for (const [index, screen] of TABLET_SCREENS.entries()) {
      const [opened, turned] = index % 2 === 0 ? TABLET_SIZES : ([TABLET_SIZES[1], TABLET_SIZES[0]] as const);
      await page.setViewportSize({ width: opened.width, height: opened.height });
      await openScreen(page, screen, signedIn);
      signedIn ||= screen.signedIn;
      await check(page, screen, opened);
      await page.setViewportSize({ width: turned.width, height: turned.height });
      await settle(page);
      await check(page, screen, turned);
      await screen.leave?.(page);
    }
  } finally {
    await context.close();
  }
}

/** What a visible interactive element offers a finger: its hit area, measured by hit-testing. */
export interface TouchTarget {
  label: string;
  width: number;
  height: number;
}

/**
 * Every visible interactive element with the extent (through its centre, both ways) where a tap
 * lands on it: its own box, padding, a label that activates it, or a pseudo-element that widens it.
 * Runs in the page, and leaves it scrolled as it found it (the next check reads the same screen).
 */
export function measureTouchTargets(page: Page): Promise<TouchTarget[]> {
  return page.evaluate(() => {
    const SELECTOR = [
      'a[href]', 'button', 'input:not([type="hidden"])', 'select', 'textarea', 'summary',
      '[role="button"]', '[role="checkbox"]', '[role="switch"]', '[role="tab"]', '[role="combobox"]',
      '[role="menuitem"]', '[role="option"]', '[role="radio"]', '[role="link"]', '[contenteditable="true"]',
    ].join(',');
    const seen = new Set<Element>();
    const out: { label: string; width: number; height: number }[] = [];
    const scrolled = (el: Element) => el.scrollTop !== 0 || el.scrollLeft !== 0;
    const found = new Map(Array.from(document.querySelectorAll('*')).filter(scrolled).map((el) => [el, [el.scrollLeft, el.scrollTop] as const]));
    const foundPage = [scrollX, scrollY] as const;
    const nameOf = (el: Element) => {
      const text = (el.getAttribute('aria-label') || el.getAttribute('title') || (el as HTMLElement).innerText || el.getAttribute('placeholder') || el.getAttribute('name') || '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const cls = (el.getAttribute('class') || '').split(' ').filter((c) => c && !c.startsWith('rt-r-')).slice(0, 2).join('.');
      return `${el.tagName.toLowerCase()}${cls ? '.' + cls : ''} "${text}"`;
    };
    const activates = (el: Element, hit: Element | null): boolean => {
      if (!hit) return false;
      if (hit === el || el.contains(hit)) return true;
      const label = hit.closest('label');
      if (label && (label.control === el || label.contains(el))) return true;
      return false;
    };
    for (const el of Array.from(document.querySelectorAll(SELECTOR))) {
      if (seen.has(el)) continue;
      // A control inside another counted control (e.g. an input in a clickable row) is measured on its own.
      seen.add(el);
      const html = el as HTMLElement;
      if (html.closest('[aria-hidden="true"], [hidden], [inert]')) continue;
      if ((el as HTMLInputElement).disabled && el.tagName === 'INPUT' && (el as HTMLInputElement).type === 'file') continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) continue;
      html.scrollIntoView({ block: 'center', inline: 'center' });
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const cx = Math.round(rect.left + rect.width / 2);
      const cy = Math.round(rect.top + rect.height / 2);
      if (cx < 0 || cy < 0 || cx >= innerWidth || cy >= innerHeight) continue;
      // Covered at its centre (by a dialog's overlay, say): not tappable now, not measured.
      if (!activates(el, document.elementFromPoint(cx, cy))) continue;
      const extent = (dx: number, dy: number) => {
        let n = 0;
        for (let step = 1; step <= 120; step += 1) {
          const x = cx + dx * step;
          const y = cy + dy * step;
          if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) break;
          if (!activates(el, document.elementFromPoint(x, y))) break;
          n = step;
        }
        return n;
      };
      out.push({ label: nameOf(el), width: extent(-1, 0) + extent(1, 0) + 1, height: extent(0, -1) + extent(0, 1) + 1 });
    }
    for (const el of Array.from(document.querySelectorAll('*')).filter(scrolled)) el.scrollTo(...(found.get(el) ?? [0, 0]));
    window.scrollTo(...foundPage);
    return out;
  });
}
