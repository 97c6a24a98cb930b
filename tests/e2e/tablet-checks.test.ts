/**
 * The tablet checks (docs/ui-touch.md) on every screen, on a tablet held either way with touch
 * emulated:
 * - nothing is clipped: no visible element reaches past the right edge of the box that holds it
 *   (nor the page's);
 * - touch targets: every visible interactive element offers at least 44×44 px where a tap lands;
 * - accessibility: axe-core, a real checker, finds no serious or critical violation.
 * One visit of every screen serves the three checks at both sizes (opening and settling a screen is
 * what takes the time): each screen is read as it opened, then with the tablet turned. At each size
 * the screen is read for overflow and by axe first, and only then are its touch targets measured:
 * their hit-testing scrolls every control into view (and the screen is scrolled back before the turn).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { overflowing, seriousViolations } from './support/tablet-checks';
import { measureTouchTargets, TABLET_SIZES, useTabletBrowser, visitTabletScreens, type TabletScreen, type TabletSize } from './support/tablet-screens';

const MIN_TOUCH = 44;

/**
 * Deliberate exceptions to the touch target size, each with its reason (WCAG 2.5.8 exempts inline
 * links in a sentence). Matched against the measured element's description.
 */
const EXCEPTIONS: { pattern: RegExp; reason: string }[] = [
  {
    pattern: /^a\.rt-Text\.rt-reset "(change the filters in the product list|wijzig de filters in de productlijst)"$/,
    reason: 'a link inside a sentence on the export screen (WCAG 2.5.8 inline exception); the top bar also leads to the list',
  },
  {
    pattern: /^a\.de-link /,
    reason: "a link inside the product description's text, as the supplier wrote it (WCAG 2.5.8 inline exception)",
  },
];

/** A folder to keep a screenshot of every screen at both sizes in (for a person to look at), when set. */
const SHOTS = process.env.TABLET_SHOTS;

/** What one visit of every screen at one size found, for each check. */
interface Findings {
  overflow: string[];
  touch: { small: string[]; notCoarse: string[]; measured: number; smallest: number };
  violations: string[];
}

async function readOverflow(page: Page, screen: TabletScreen, size: TabletSize, found: string[]): Promise<void> {
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
}

async function readTouchTargets(page: Page, screen: TabletScreen, touch: Findings['touch']): Promise<void> {
  if (!(await page.evaluate(() => matchMedia('(pointer: coarse)').matches))) touch.notCoarse.push(screen.name);
  const targets = await measureTouchTargets(page);
  touch.measured += targets.length;
  for (const target of targets) {
    const side = Math.min(target.width, target.height);
    if (EXCEPTIONS.some((exception) => exception.pattern.test(target.label))) continue;
    touch.smallest = Math.min(touch.smallest, side);
    if (side < MIN_TOUCH) touch.small.push(`${screen.name}: ${target.label} ${target.width}×${target.height}`);
  }
}

async function readViolations(page: Page, screen: TabletScreen, found: string[]): Promise<void> {
  for (const violation of await seriousViolations(page)) {
    found.push(`${screen.name}: ${violation.impact} ${violation.id} (${violation.help}) at ${violation.targets.join(' | ')}`);
  }
}

const browser = useTabletBrowser();
let visit: Promise<Map<string, Findings>> | undefined;

/**
 * The findings at one size. The first test that asks visits every screen, each at both sizes (one
 * opening serves both: support/tablet-screens.ts, visitTabletScreens); the others wait for that visit.
 */
async function findingsAt(size: TabletSize): Promise<Findings> {
  visit ??= (async () => {
    const bySize = new Map<string, Findings>(TABLET_SIZES.map((each) => [each.name, { overflow: [], touch: { small: [], notCoarse: [], measured: 0, smallest: Infinity }, violations: [] }]));
    await visitTabletScreens(browser(), async (page, screen, at) => {
      const findings = bySize.get(at.name) as Findings;
      await readOverflow(page, screen, at, findings.overflow);
      await readViolations(page, screen, findings.violations);
      await readTouchTargets(page, screen, findings.touch);
    });
    return bySize;
  })();
  return (await visit).get(size.name) as Findings;
}

describe('nothing overflows on a tablet', () => {
  for (const size of TABLET_SIZES) {
    it(`no element passes its container at ${size.width}x${size.height}`, async () => {
      const { overflow } = await findingsAt(size);
      console.log(`overflow ${size.name}: ${overflow.length} found`);
      expect(overflow).toEqual([]);
    }, 420_000);
  }
});

describe('touch targets on a tablet', () => {
  for (const size of TABLET_SIZES) {
    it(`every interactive element is at least ${MIN_TOUCH}×${MIN_TOUCH} px at ${size.width}x${size.height}`, async () => {
      const { touch } = await findingsAt(size);
      console.log(`touch targets ${size.name}: ${touch.measured} measured, smallest side ${touch.smallest} px, ${touch.small.length} under ${MIN_TOUCH}`);
      // Touch emulated: every screen answers (pointer: coarse), so the app's touch sizes apply.
      expect(touch.notCoarse).toEqual([]);
      expect(touch.small).toEqual([]);
    }, 420_000);
  }
});

describe('accessibility (axe-core)', () => {
  for (const size of TABLET_SIZES) {
    it(`no serious or critical violation on any screen at ${size.width}x${size.height}`, async () => {
      const { violations } = await findingsAt(size);
      console.log(`axe ${size.name}: ${violations.length} serious/critical violations`);
      expect(violations).toEqual([]);
    }, 420_000);
  }
});
