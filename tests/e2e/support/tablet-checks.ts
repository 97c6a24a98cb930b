/**
 * What the tablet checks read from a screen (docs/ui-touch.md, "Accessibility and layout checks"),
 * run in the page: the elements that pass their container, and axe-core's serious or critical
 * violations. The touch targets' hit-testing is measureTouchTargets in tablet-screens.ts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** Elements whose right edge passes their container's (or the viewport's) by more than 1 px. */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const describe = (el: Element) => {
      const cls = (el.getAttribute('class') || '').split(' ').filter((c) => c && !c.startsWith('rt-r-')).slice(0, 2).join('.');
      // A field shows its value, named by its id (an input has no inner text).
      const field = el instanceof HTMLInputElement ? `#${el.id} value ${JSON.stringify(el.value.slice(0, 30))} ` : '';
      const text = ((el as HTMLElement).innerText || '').trim().replace(/\s+/g, ' ').slice(0, 30);
      return `${el.tagName.toLowerCase()}${cls ? '.' + cls : ''} ${field}"${text}"`;
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

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

export async function seriousViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Node = { target: string[]; any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null }[] };
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: Node[] }[] }> } }).axe;
    // A contrast failure says which colours it measured, so the fix is plain.
    const where = (node: Node) => {
      const data = node.any[0]?.data;
      return data?.contrastRatio ? `${node.target.join(' ')} (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})` : node.target.join(' ');
    };
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.slice(0, 5).map(where) }));
  });
}
