/**
 * No clipped content on a tablet held either way (docs/ui-touch.md): on every screen, no visible
 * element reaches past the right edge of the box that holds it (nor the page's).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TABLET_SIZES, useTabletBrowser, visitTabletScreens } from './support/tablet-screens';

/** Elements whose right edge passes their container's (or the viewport's) by more than 1 px. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const describe = (el: Element) => {
      const cls = (el.getAttribute('class') || '').split(' ').filter((c) => c && !c.startsWith('rt-r-')).slice(0, 2).join('.');
      const text = ((el as HTMLElement).innerText || '').trim().replace(/\s+/g, ' ').slice(0, 30);
      return `${el.tagName.toLowerCase()}${cls ? '.' + cls : ''} "${text}"`;
    };
    // The page itself must not scroll sideways.
    if (document.documentElement.scrollWidth > innerWidth + 1) out.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${innerWidth}`);
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const html = el as HTMLElement;
      if (!html.offsetParent && getComputedStyle(html).position !== 'fixed') continue;
      const style = getComputedStyle(html);
      if (style.visibility === 'hidden') continue;
      const rect = html.getBoundingClientRect();
      // Zero-sized, or visually hidden for screen readers only (a 1 px clipped box): nothing to see.
      if (rect.width <= 1 || rect.height <= 1) continue;
      // A box that scrolls on purpose (a wide table in its scroller) holds its overflow.
      const parent = html.parentElement;
      if (!parent) continue;
      const parentStyle = getComputedStyle(parent);
      // Only a parent that clips (or is the page) hides what passes it.
      const clips = /(hidden|clip)/.test(parentStyle.overflowX);
      const scrolls = /(auto|scroll)/.test(parentStyle.overflowX);
      if (scrolls) continue;
      const parentRect = parent.getBoundingClientRect();
      if (clips && rect.right > parentRect.right + 1 && html.scrollWidth > 0) {
        out.push(`${describe(html)} passes its clipping container by ${Math.round(rect.right - parentRect.right)} px`);
      } else if (rect.right > innerWidth + 1 && !html.closest('[data-scroll-x]')) {
        let scroller: HTMLElement | null = parent;
        while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
        if (!scroller || scroller === document.documentElement || scroller === document.body) out.push(`${describe(html)} passes the screen by ${Math.round(rect.right - innerWidth)} px`);
      }
      // Text cut inside its own box (ellipsis or clipping) where the text is wider than the box.
      if (/(hidden|clip)/.test(style.overflowX) && html.scrollWidth > html.clientWidth + 1 && html.children.length === 0) {
        out.push(`${describe(html)} cuts its text (${html.scrollWidth} > ${html.clientWidth})`);
      }
    }
    return out;
  });
}

/** A folder to keep a screenshot of every screen at both sizes in (for a person to look at), when set. */
const SHOTS = process.env.TABLET_SHOTS;

const browser = useTabletBrowser();

describe('nothing overflows on a tablet', () => {
  for (const size of TABLET_SIZES) {
    it(`no element passes its container at ${size.width}x${size.height}`, async () => {
      const found: string[] = [];
      await visitTabletScreens(browser(), size, async (page, screen) => {
        for (const line of await overflowing(page)) found.push(`${screen.name}: ${line}`);
        if (screen.name === 'products' && size.width >= 1280) {
          // Landscape: every column of the list fits, nothing to scroll sideways for (Last update was cut).
          const sideways = await page.evaluate(() => {
            const scroller = document.querySelector('.product-table-scroll');
            return scroller ? scroller.scrollWidth - scroller.clientWidth : 0;
          });
          if (sideways > 1) found.push(`products: the table needs ${sideways} px of sideways scrolling`);
        }
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/tablet-${screen.name}-${size.width}x${size.height}.png`, fullPage: screen.name !== 'sync-panel' });
      });
      console.log(`overflow ${size.name}: ${found.length} found`);
      expect(found).toEqual([]);
    }, 240_000);
  }
});
