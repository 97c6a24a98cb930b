/**
 * Accessibility (docs/ui-touch.md): axe-core, a real checker, runs on every screen at both tablet
 * sizes; no serious or critical violation is allowed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TABLET_SIZES, useTabletBrowser, visitTabletScreens } from './support/tablet-screens';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

async function seriousViolations(page: Page): Promise<Violation[]> {
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

const browser = useTabletBrowser();

describe('accessibility (axe-core)', () => {
  for (const size of TABLET_SIZES) {
    it(`no serious or critical violation on any screen at ${size.width}x${size.height}`, async () => {
      const found: string[] = [];
      await visitTabletScreens(browser(), size, async (page, screen) => {
        for (const violation of await seriousViolations(page)) {
          found.push(`${screen.name}: ${violation.impact} ${violation.id} (${violation.help}) at ${violation.targets.join(' | ')}`);
        }
      });
      console.log(`axe ${size.name}: ${found.length} serious/critical violations`);
      expect(found).toEqual([]);
    }, 240_000);
  }
});
