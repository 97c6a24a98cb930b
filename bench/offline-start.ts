/**
 * Offline cold start bench: with 20,000 (then 100,000) products kept on the device (downloaded by the app's own
 * "Make available offline"), the browser is started again with the network off and /products is
 * opened: the time from the navigation's start (the service worker serves the shell) to the first
 * product row painted (the first task after the frame that followed the row; the browser's first
 * contentful paint, which also counts rasterising that frame, is printed beside it). Two cases: the view last seen online (its page is kept), and a view never
 * opened (answered by filtering the kept products on the device).
 * Real server (child process, seeded products), built PWA, headless Chromium with a
 * persistent profile so IndexedDB, the service worker and the session survive the restart.
 * Standalone: `npx tsx bench/offline-start.ts`; OFFLINE_START_PROFILE=folder keeps a CPU profile of
 * each start's page there.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { buildIfNeeded } from '../scripts/lib/build';
import { CHROMIUM_ARGS, chromiumVersion, findChromium } from '../scripts/lib/chromium';
import { startServerProcess } from '../scripts/lib/server-process';
import { LIST_SNAPSHOT_KEY } from '../src/app/boot/list-snapshot-rules';
import { isValidGtin } from '../src/shared/rules/ean';
import { openDatabase } from '../src/server/db/connection';
import { keptProductCount, keptProductsOnDevice } from '../tests/e2e/support/device-store';
import { medianOf } from './lib/figures';
import { seedCatalogue, settleSeededOffers } from './product-filter';

/**
 * Products on the device, and the targets for each (ms to the first product row); `unseenMarginMs`:
 * the stricter one of the million-products work for a view never opened (docs/benchmarks.md).
 */
const SIZES = [
  { products: 20_000, keptTargetMs: 400, unseenTargetMs: 400, unseenMarginMs: 280, downloadTargetS: null, refreshTargetS: null },
  { products: 100_000, keptTargetMs: 800, unseenTargetMs: 800, unseenMarginMs: null, downloadTargetS: 30, refreshTargetS: 3 },
] as const;
type Size = (typeof SIZES)[number];
const RUNS = Number(process.env.OFFLINE_START_RUNS ?? 5);
const ADMIN = { username: 'bench', password: 'bench-password-1' };
/** A view never opened online: every boot, by title. */
const UNSEEN_VIEW = '/products?keyword=boot&sort=title%2Casc';

/**
 * How the probe tells the bench: a console message. Polling the page (waitForFunction) would run
 * the bench's own scripts in the page while it starts: Playwright's injected script, compiled at the
 * first poll (~20 ms of the main thread, profiled), and a poll every 50 ms, each in the start it measures.
 */
const FIRST_ROW_MESSAGE = '[bench] first row ';

/** In the page, from the navigation's start: when the first product row was painted. Plain JavaScript (see list-paint.ts). */
const FIRST_ROW_PROBE = `(() => {
  // Chromium's emulated offline state reaches a document that exists when it is set, not one
  // that a navigation makes afterwards: without this the page would believe it is online (and
  // take the path of a connection that fails) where a device without a network knows it is not.
  Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
  // When the first row was in the page, and the first task after the next frame (a frame's task is
  // not its paint: whatever the page runs right after it counts too; see firstRowPaint).
  const observer = new MutationObserver(() => {
    if (window.__firstRow || !document.querySelector('table tbody tr')) return;
    window.__firstRow = { shownAt: performance.now(), onLine: navigator.onLine };
    observer.disconnect();
    requestAnimationFrame(() =>
      setTimeout(() => {
        window.__firstRow.frameAt = performance.now();
        console.debug(${JSON.stringify(FIRST_ROW_MESSAGE)} + JSON.stringify(window.__firstRow));
      }, 0),
    );
  });
  observer.observe(document, { subtree: true, childList: true });
})();`;

/**
 * With OFFLINE_START_DOWNLOAD_PROFILE=folder, samples the page's CPU until `stop()` and writes
 * `<name>-<time>.cpuprofile` there (open it in Chromium's DevTools); without it, does nothing.
 */
async function profilePage(context: BrowserContext, page: Page, name: string): Promise<{ stop(): Promise<void> }> {
  const profileDir = process.env.OFFLINE_START_DOWNLOAD_PROFILE;
  if (!profileDir) return { stop: async () => undefined };
  const cdp = await context.newCDPSession(page);
  // OFFLINE_START_TIMELINE=1 with it: a DevTools timeline trace instead (every process's tasks: IndexedDB's too).
  if (process.env.OFFLINE_START_TIMELINE === '1') {
    const events: unknown[] = [];
    cdp.on('Tracing.dataCollected', (event: { value: unknown[] }) => void events.push(...event.value));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8,blink,IndexedDB,toplevel,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
    return {
      async stop() {
        const ended = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
        await cdp.send('Tracing.end');
        await ended;
        writeFileSync(path.join(profileDir, `${name}-${Date.now()}.trace.json`), JSON.stringify(events));
      },
    };
  }
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  return {
    async stop() {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(path.join(profileDir, `${name}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
    },
  };
}

/**
 * The browser's first-contentful-paint time: the presentation of the first frame with text, after
 * it was rasterised (nothing with text paints before the rows on these starts: the app waits for
 * them). Printed beside the target figure, which is the first task after the frame that followed
 * the row (the method of the issue's figures); on this machine the presentation comes 40-120 ms
 * after that task (headless Chromium rasterises in software). Null when none was recorded within
 * a second, or when it came before the row was in the page.
 */
async function firstContentfulPaint(page: Page, shownAt: number): Promise<number | null> {
  const paint = await page
    .waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null, undefined, { timeout: 1_000, polling: 20 })
    .then((found) => found.jsonValue() as Promise<number>)
    .catch(() => null);
  return paint !== null && paint >= shownAt ? paint : null;
}

/** OFFLINE_START_TRACE=1: print where each start's time went (navigation, scripts, the app's boot marks). */
const TRACE = process.env.OFFLINE_START_TRACE === '1';
const START_TRACE = `(() => {
  const ms = (t) => Math.round(t);
  const nav = performance.getEntriesByType('navigation')[0];
  const parts = ['response ' + ms(nav.responseEnd), 'domInteractive ' + ms(nav.domInteractive)];
  for (const r of performance.getEntriesByType('resource')) {
    if (r.initiatorType === 'script' || r.name.endsWith('.js') || r.name.endsWith('.css')) parts.push(r.name.split('/').pop() + ' ' + ms(r.startTime) + '→' + ms(r.responseEnd));
  }
  for (const m of performance.getEntriesByType('mark')) parts.push(m.name + ' ' + ms(m.startTime));
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  parts.push('row ' + ms(window.__firstRow.shownAt) + ', next task after its frame ' + ms(window.__firstRow.frameAt) + ', first contentful paint ' + (paint ? ms(paint.startTime) : 'none'));
  return parts.join(', ');
})()`;


function launch(profile: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    // The seeded images point at images.example.com: fail those at once instead of waiting for DNS.
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP images.example.com ~NOTFOUND'],
    headless: true,
    viewport: { width: 1280, height: 800 },
  });
}

/** A figure in seconds beside its target (none: printed for the record). */
function secondsLine(seconds: number, target: number | null): string {
  return target === null ? `${seconds.toFixed(1)} s (no target at this size)` : `${seconds.toFixed(1)} s; target ≤ ${target} s ${seconds <= target ? 'pass' : 'FAIL'}`;
}

/**
 * A colleague changes `count` products on the server (their titles, through the batch call the
 * outbox uses, 50 a request), as the next refresh of the device must fetch. Gives the new titles by id.
 */
async function changeOnServer(url: string, count: number): Promise<Map<number, string>> {
  const login = await fetch(`${url}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' };
  // A save checks the whole product: the seeded EANs are not all valid GTINs, so take those that are.
  const chosen: { productId: number; title: string }[] = [];
  for (let cursor: string | null = null; chosen.length < count; ) {
    const page = (await (await fetch(`${url}/api/v1/product/changes?limit=1000${cursor ? `&cursor=${cursor}` : ''}`, { headers })).json()) as {
      products: { productId: number; title: string; ean: string }[];
      cursor: string | null;
      hasMore: boolean;
    };
    chosen.push(...page.products.filter((product) => isValidGtin(product.ean)).slice(0, count - chosen.length));
    if (!page.hasMore) break;
    cursor = page.cursor;
  }
  const titles = new Map<number, string>();
  for (let at = 0; at < chosen.length; at += 50) {
    const items = chosen.slice(at, at + 50).map((product) => {
      const title = `${product.title} (changed)`;
      titles.set(product.productId, title);
      return { productId: product.productId, key: `bench-refresh-${product.productId}`, changes: { fields: { title: { base: product.title, value: title } }, images: { added: [], deleted: [], edited: [] }, madeAt: Date.now(), offline: false } };
    });
    const answer = await fetch(`${url}/api/v1/product/batch`, { method: 'POST', headers, body: JSON.stringify({ items }) });
    const body = (await answer.json()) as { items?: { status: number; body: unknown }[] };
    const refused = body.items?.find((item) => item.status !== 200);
    if (!answer.ok || refused) throw new Error(`changing products on the server failed: ${answer.status} ${JSON.stringify(refused?.body ?? body)}`);
  }
  return titles;
}

/**
 * In the page: the kept record of the whole catalogue's download (offline-download.ts), the write
 * stamp of the list's columns (kept-columns-store.ts: the download ends by keeping them), and the
 * titles kept of `ids` (records or blocks, as the app reads them).
 */
async function keptOnDevice(page: Page, ids: readonly number[]): Promise<{ finishedAt: number | null; columnsBuiltAt: number | null; titles: (string | null)[] }> {
  const marks = await page.evaluate(
    () =>
      new Promise<{ finishedAt: number | null; columnsBuiltAt: number | null }>((resolve, reject) => {
        const request = indexedDB.open('backoffice');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const tx = request.result.transaction(['meta']);
          const record = tx.objectStore('meta').get('offlineDownload:All');
          const columns = tx.objectStore('meta').get('keptColumnsBuiltAt');
          tx.oncomplete = () => {
            request.result.close();
            resolve({
              finishedAt: (record.result as { value?: { finishedAt?: number | null } } | undefined)?.value?.finishedAt ?? null,
              columnsBuiltAt: (columns.result as { value?: number } | undefined)?.value ?? null,
            });
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
  if (ids.length === 0) return { ...marks, titles: [] };
  const titles = new Map((await keptProductsOnDevice(page, ids)).map((product) => [product.productId, product.title]));
  return { ...marks, titles: ids.map((id) => titles.get(id) ?? null) };
}

/**
 * Online, once: sign in, let the service worker take control, download the catalogue, see the
 * list. Gives the list snapshot it kept (the view last seen online).
 */
async function prepareDevice(profile: string, url: string, size: Size, log: (line: string) => void): Promise<string> {
  const products = size.products;
  const context = await launch(profile);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${url}/login`);
    await page.getByLabel('User Name').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${url}/dashboard`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return;
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    });

    // OFFLINE_START_DOWNLOAD_PROFILE=folder: a CPU profile of the page during the download.
    const downloadProfile = await profilePage(context, page, `offline-download-${products}`);
    const started = performance.now();
    await page.getByTestId('sync-indicator').click();
    const section = page.getByRole('dialog', { name: 'Sync status' }).getByRole('region', { name: 'Make available offline' });
    await section.getByRole('button', { name: 'Download' }).click();
    const finished = section.getByText(/^The whole catalogue is available offline/).waitFor({ timeout: 900_000 });
    // How many products were kept every 30 s: whether a page costs more as the device holds more.
    const kept: string[] = [];
    for (let done = false; !done; ) {
      done = await Promise.race([finished.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000))]);
      if (!done) kept.push(`${((performance.now() - started) / 1000).toFixed(0)} s: ${(await keptProductCount(page)).toLocaleString('en-US')}`);
    }
    const downloadSeconds = (performance.now() - started) / 1000;
    await downloadProfile.stop();
    const keptInAll = await keptProductCount(page);
    if (keptInAll < products) throw new Error(`only ${keptInAll} products were kept on the device`);
    const count = products.toLocaleString('en-US');
    log(`"Make available offline", ${count} products onto the tablet (Chromium, kept ${keptInAll.toLocaleString('en-US')}): ${secondsLine(downloadSeconds, size.downloadTargetS)}; machine load ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);
    if (kept.length > 0) log(`  (products kept after ${kept.join(', ')})`);

    await page.keyboard.press('Escape');

    await page.goto(`${url}/products`);
    await page.getByRole('table', { name: 'Products' }).locator('tbody tr').first().waitFor({ timeout: 30_000 });
    // The list keeps its snapshot once the view has stayed a moment (boot/list-snapshot-store.ts).
    const snapshot = await page
      .waitForFunction((key) => localStorage.getItem(key), LIST_SNAPSHOT_KEY, { timeout: 10_000, polling: 100 })
      .then((found) => found.jsonValue() as Promise<string>)
      .catch(() => null);
    if (snapshot === null) throw new Error('the list kept no snapshot of the view seen online');
    if (TRACE) {
      const { html } = JSON.parse(snapshot) as { html: string };
      log(`  the kept snapshot: ${(snapshot.length / 1024).toFixed(0)} KB, ${html.split('<tr').length - 1} table rows, ~${html.split('<').length - 1} tags`);
    }
    return snapshot;
  } finally {
    await context.close();
  }
}

/**
 * Online again, after the cold starts (a refresh changes what the kept view shows, so it comes
 * last): a colleague changes 1 % of the products on the server; the tablet's "Update now" fetches
 * only those. Timed from the tap to the refresh's end, every changed title checked on the device.
 */
async function measureRefresh(profile: string, url: string, size: Size, log: (line: string) => void): Promise<void> {
  const products = size.products;
  const count = products.toLocaleString('en-US');
  const context = await launch(profile);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${url}/dashboard`);
    await page.getByTestId('sync-indicator').click();
    const section = page.getByRole('dialog', { name: 'Sync status' }).getByRole('region', { name: 'Make available offline' });
    await section.getByRole('button', { name: 'Update now' }).waitFor({ timeout: 30_000 });
    const changed = await changeOnServer(url, Math.round(products / 100));
    const ids = [...changed.keys()];
    const before = await keptOnDevice(page, ids);
    // OFFLINE_START_DOWNLOAD_PROFILE=folder: a CPU profile of the page during the refresh too.
    const refreshProfile = await profilePage(context, page, `offline-refresh-${products}`);
    const refreshStarted = performance.now();
    await section.getByRole('button', { name: 'Update now' }).click();
    // The end: the download's record says finished and the list's columns hold what it wrote.
    for (const deadline = performance.now() + 300_000; ; await page.waitForTimeout(50)) {
      const now = await keptOnDevice(page, []);
      if ((now.finishedAt ?? 0) > (before.finishedAt ?? 0) && (now.columnsBuiltAt ?? 0) > (before.columnsBuiltAt ?? 0)) break;
      if (performance.now() > deadline) throw new Error('"Update now" did not finish within 300 s');
    }
    const refreshSeconds = (performance.now() - refreshStarted) / 1000;
    await refreshProfile.stop();
    const after = await keptOnDevice(page, ids);
    const arrived = after.titles.filter((title, i) => title === changed.get(ids[i] ?? 0)).length;
    if (arrived !== ids.length) throw new Error(`the refresh brought ${arrived} of the ${ids.length} changed products`);
    log(`"Update now" after a colleague changed 1 % (${ids.length.toLocaleString('en-US')} of ${count} products): ${secondsLine(refreshSeconds, size.refreshTargetS)}; machine load ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);
  } finally {
    await context.close();
  }
}

/**
 * After a start of the unseen view: the app keeps that view's snapshot once it is idle (the next
 * start would paint it, which is not the view never opened this figure is about), so once it has,
 * the kept snapshot of the view seen online is put back, before the browser closes. Done here and
 * not by a script at the next start's document start: that script (38 KB of text, compiled, and a
 * localStorage write) ran inside the very start it measured, which a device does not do.
 */
async function putBackKeptSnapshot(page: Page, keptSnapshot: string): Promise<void> {
  await page
    .waitForFunction(([key, kept]) => localStorage.getItem(key) !== kept, [LIST_SNAPSHOT_KEY, keptSnapshot] as const, { timeout: 5_000, polling: 100 })
    .catch(() => undefined);
  await page.evaluate(([key, kept]) => localStorage.setItem(key, kept), [LIST_SNAPSHOT_KEY, keptSnapshot] as const);
}

/**
 * A cold start with the network off: a new browser on the same profile opens `path`. With
 * `keptSnapshot`, the device holds that list snapshot (the view last seen online) when the next
 * start begins (putBackKeptSnapshot).
 */
async function coldOfflineStart(profile: string, url: string, pathname: string, keptSnapshot: string | null = null): Promise<{ paintedAt: number; contentfulPaintAt: number | null; onLine: boolean; note: string; marks: string[]; liveRowsAt: number }> {
  const context = await launch(profile);
  try {
    await context.setOffline(true);
    await context.addInitScript({ content: FIRST_ROW_PROBE });
    const page = context.pages()[0] ?? (await context.newPage());
    // OFFLINE_START_PROFILE=folder: a CPU profile of the page's start per run (open it in Chrome's DevTools).
    const profileDir = process.env.OFFLINE_START_PROFILE;
    const cdp = profileDir ? await context.newCDPSession(page) : null;
    // OFFLINE_START_TIMELINE=1 with it: a DevTools timeline trace instead (style, layout, compile, paint).
    const timeline: unknown[] = [];
    if (cdp && process.env.OFFLINE_START_TIMELINE === '1') {
      cdp.on('Tracing.dataCollected', (event: { value: unknown[] }) => void timeline.push(...event.value));
      await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8,blink,loading,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
    } else if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    const reported = page.waitForEvent('console', { predicate: (message) => message.text().startsWith(FIRST_ROW_MESSAGE), timeout: 60_000 });
    await page.goto(`${url}${pathname}`);
    const seen = JSON.parse((await reported).text().slice(FIRST_ROW_MESSAGE.length)) as { frameAt: number; shownAt: number; onLine: boolean };
    const probe = { onLine: seen.onLine, paintedAt: seen.frameAt, contentfulPaintAt: await firstContentfulPaint(page, seen.shownAt) };
    if (cdp && profileDir && process.env.OFFLINE_START_TIMELINE === '1') {
      const ended = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await ended;
      writeFileSync(path.join(profileDir, `offline-start-${pathname === '/products' ? 'kept' : 'unseen'}-${Date.now()}.trace.json`), JSON.stringify(timeline));
    } else if (cdp && profileDir) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(path.join(profileDir, `offline-start-${pathname === '/products' ? 'kept' : 'unseen'}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
    }
    if (TRACE) console.log(`  ${pathname}: ${await page.evaluate(START_TRACE)}`);
    const note = (await page.getByTestId('offline-note').textContent({ timeout: 5_000 }).catch(() => null)) ?? '(no offline note)';
    const marks = await page.evaluate(() => performance.getEntriesByType('mark').map((mark) => mark.name));
    // When the live list committed its first rows (it takes over from a snapshot or the early rows).
    const liveRowsAt = await page.evaluate(() => performance.getEntriesByName('boot:rows-commit')[0]?.startTime ?? NaN);
    if (keptSnapshot !== null) await putBackKeptSnapshot(page, keptSnapshot);
    return { ...probe, note, marks, liveRowsAt };
  } finally {
    await context.close();
  }
}

export async function benchOfflineStart(
  size: Size = SIZES[0],
  log: (line: string) => void = console.log,
): Promise<{ keptPageMs: number; unseenViewMs: number }> {
  const PRODUCTS = size.products;
  buildIfNeeded();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-offline-start-'));
  const profile = mkdtempSync(path.join(tmpdir(), 'backoffice-offline-profile-'));
  try {
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await seedCatalogue(handle.db, PRODUCTS);
      await settleSeededOffers(handle.db);
    } finally {
      await handle.close();
    }
    const server = await startServerProcess({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, DATA_DIR: dataDir, DEMO_CATALOGUE: '0' });
    try {
      const keptSnapshot = await prepareDevice(profile, server.url, size, log);
      // OFFLINE_START_DOWNLOAD_ONLY=1: only "Make available offline" and "Update now", no cold starts.
      if (process.env.OFFLINE_START_DOWNLOAD_ONLY === '1') {
        await measureRefresh(profile, server.url, size, log);
        return { keptPageMs: NaN, unseenViewMs: NaN };
      }
      const results: Record<'kept' | 'unseen', number[]> = { kept: [], unseen: [] };
      const liveRows: Record<'kept' | 'unseen', number[]> = { kept: [], unseen: [] };
      const contentful: Record<'kept' | 'unseen', number[]> = { kept: [], unseen: [] };
      // The kept view first: opening the unseen one makes it the view remembered on the device.
      for (const [kind, pathname] of [['kept', '/products'], ['unseen', UNSEEN_VIEW]] as const) {
        for (let run = 0; run < RUNS; run += 1) {
          const start = await coldOfflineStart(profile, server.url, pathname, kind === 'unseen' ? keptSnapshot : null);
          if (start.onLine) throw new Error('the page believed it was online');
          // The kept view paints its own snapshot; the unseen one never does (its rows are read on the device).
          if (kind === 'kept' && !start.marks.includes('boot:snapshot')) throw new Error('the kept view did not paint its snapshot');
          if (kind === 'unseen' && start.marks.includes('boot:snapshot')) throw new Error('the unseen view painted a snapshot of its own');
          results[kind].push(start.paintedAt);
          liveRows[kind].push(start.liveRowsAt);
          if (start.contentfulPaintAt !== null) contentful[kind].push(start.contentfulPaintAt);
          const expected = kind === 'kept' ? /^Offline data, fetched at / : /^Offline data, filtered from the products kept on this device$/;
          if (!expected.test(start.note)) throw new Error(`the ${kind} view did not say it shows offline data: ${start.note}`);
        }
      }
      await measureRefresh(profile, server.url, size, log);
      const keptPageMs = medianOf(results.kept);
      const unseenViewMs = medianOf(results.unseen);
      const count = PRODUCTS.toLocaleString('en-US');
      const mark = (ms: number, target: number) => `${ms.toFixed(0)} ms (median of ${RUNS}); target ≤ ${target} ms ${ms <= target ? 'pass' : 'FAIL'}`;
      log(`offline cold start to the first product row, ${count} products on the device, the view last seen online: ${mark(keptPageMs, size.keptTargetMs)}`);
      const margin = size.unseenMarginMs === null ? '' : `; with margin ≤ ${size.unseenMarginMs} ms ${unseenViewMs <= size.unseenMarginMs ? 'pass' : 'FAIL'}`;
      log(`offline cold start to the first product row, ${count} products on the device, a view never opened: ${mark(unseenViewMs, size.unseenTargetMs)}${margin}`);
      const live = (kind: 'kept' | 'unseen') => `${medianOf(liveRows[kind].filter((ms) => !Number.isNaN(ms))).toFixed(0)} ms`;
      log(`  (the live list's first rows, median: last view ${live('kept')}, view never opened ${live('unseen')}; machine load ${loadavg().map((load) => load.toFixed(2)).join(' ')}; Chromium ${chromiumVersion()})`);
      const shown = (kind: 'kept' | 'unseen') => (contentful[kind].length > 0 ? `${medianOf(contentful[kind]).toFixed(0)} ms (${contentful[kind].length} of ${RUNS} starts)` : 'not recorded');
      log(`  (the browser's first contentful paint, the rows' frame presented after rasterising, median: last view ${shown('kept')}, view never opened ${shown('unseen')})`);
      return { keptPageMs, unseenViewMs };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    // OFFLINE_START_KEEP_PROFILE=1 keeps the browser profile (its IndexedDB files) for a look afterwards.
    if (process.env.OFFLINE_START_KEEP_PROFILE === '1') console.log(`offline start bench: the browser profile is kept at ${profile}`);
    else rmSync(profile, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // OFFLINE_START_SIZES=20000 runs only that size.
  const only = process.env.OFFLINE_START_SIZES?.split(',').map(Number);
  for (const size of SIZES) if (!only || only.includes(size.products)) await benchOfflineStart(size);
}
