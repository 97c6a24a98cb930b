/**
 * Screenshots of a screen in another language at both tablet sizes (docs/languages.md), into the
 * folder LANGUAGE_SHOTS names (docs/screenshots/ for the docs); nothing when it is not set.
 */
import type { Page } from 'playwright-core';

export const TABLET_SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 1280 },
] as const;

/** The whole page at each tablet size as `languages-<name>-nl-<width>x<height>.png`, then back at the first size. */
export async function shootInDutch(page: Page, name: string): Promise<void> {
  const folder = process.env.LANGUAGE_SHOTS;
  if (!folder) return;
  for (const size of TABLET_SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${folder}/languages-${name}-nl-${size.width}x${size.height}.png`, fullPage: true });
  }
  await page.setViewportSize(TABLET_SIZES[0]);
}
