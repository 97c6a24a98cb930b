/**
 * Touch targets (docs/ui-touch.md): on a tablet held either way, with touch emulated, every visible
 * interactive element on every screen offers at least 44×44 px where a tap lands on it.
 */
import { describe, expect, it } from 'vitest';
import { measureTouchTargets, TABLET_SIZES, useTabletBrowser, visitTabletScreens } from './support/tablet-screens';

const MIN_TOUCH = 44;

/**
 * Deliberate exceptions, each with its reason (WCAG 2.5.8 exempts inline links in a sentence).
 * Matched against the measured element's description.
 */
const EXCEPTIONS: { pattern: RegExp; reason: string }[] = [
  {
    pattern: /^a\.rt-Text\.rt-reset "change the filters in the product list"$/,
    reason: 'a link inside a sentence on the export screen (WCAG 2.5.8 inline exception); the top bar also leads to the list',
  },
  {
    pattern: /^a\.de-link /,
    reason: "a link inside the product description's text, as the supplier wrote it (WCAG 2.5.8 inline exception)",
  },
];

const browser = useTabletBrowser();

describe('touch targets on a tablet', () => {
  for (const size of TABLET_SIZES) {
    it(`every interactive element is at least ${MIN_TOUCH}×${MIN_TOUCH} px at ${size.width}x${size.height}`, async () => {
      const small: string[] = [];
      let smallest = Infinity;
      let measured = 0;
      await visitTabletScreens(browser(), size, async (page, screen) => {
        expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
        const targets = await measureTouchTargets(page);
        measured += targets.length;
        for (const target of targets) {
          const side = Math.min(target.width, target.height);
          if (EXCEPTIONS.some((exception) => exception.pattern.test(target.label))) continue;
          smallest = Math.min(smallest, side);
          if (side < MIN_TOUCH) small.push(`${screen.name}: ${target.label} ${target.width}×${target.height}`);
        }
      });
      console.log(`touch targets ${size.name}: ${measured} measured, smallest side ${smallest} px, ${small.length} under ${MIN_TOUCH}`);
      expect(small).toEqual([]);
    }, 240_000);
  }
});
