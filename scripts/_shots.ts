import { chromium } from 'playwright-core';
import { startServerProcess } from './lib/server-process';
import { CHROMIUM_ARGS, findChromium } from './lib/chromium';
const out = process.argv[2] ?? '/tmp/shots';
const server = await startServerProcess({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'admin-password-1' });
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
for (const [w, h] of [[1280, 800], [800, 1280]] as const) {
  const page = await (await browser.newContext({ viewport: { width: w, height: h }, serviceWorkers: 'block' })).newPage();
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  await page.goto(`${server.url}/products`);
  await page.waitForSelector('#login-username');
  console.log('url before sign-in', page.url());
  await page.screenshot({ path: `${out}-login-${w}.png` });
  await page.fill('#login-username', 'admin');
  await page.fill('#login-password', 'admin-password-1');
  await page.click('button[type=submit]');
  await page.waitForURL('**/dashboard');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${out}-dashboard-${w}.png` });
  await page.goto(`${server.url}/products`);
  await page.waitForTimeout(4000);
  await page.screenshot({ path: `${out}-products-${w}.png` });
  if (w === 800) { await page.click('button[aria-label="Open navigation"]'); await page.waitForTimeout(800); await page.screenshot({ path: `${out}-drawer-${w}.png` }); }
}
await browser.close(); await server.stop();
