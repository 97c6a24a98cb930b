import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_COMPONENTS, themeSheets } from '../../scripts/lib/theme-css-plugin';
import { cssBlocks, halfOf, splitSheet } from '../../scripts/lib/theme-css-split';

describe('splitting Radix Themes for the first screen', () => {
  it('reads top-level rules, at-rules and statements, skipping comments and braces in strings', () => {
    const blocks = cssBlocks(`/* a { */ @layer x; .a { content: "}"; } @media (min-width: 520px) { .b { c: d } }`);
    expect(blocks.map((block) => block.prelude)).toEqual(['@layer x', '.a', '@media (min-width: 520px)']);
    expect(blocks[1]?.body.trim()).toBe('content: "}";');
  });

  it('puts a rule in the first sheet only when every component it names is a first-screen one', () => {
    expect(halfOf('.rt-Button:where(.rt-variant-solid)', ['Button'], false)).toBe('first');
    expect(halfOf('.rt-Button .rt-SelectTrigger', ['Button'], false)).toBe('rest');
    expect(halfOf('.rt-TextAreaRoot', ['Text'], false)).toBe('rest');
    expect(halfOf('.rt-r-mt-3', ['Button'], false)).toBe('first');
    expect(halfOf('.rt-r-mt-3', ['Button'], true)).toBe('rest');
  });

  it('keeps each rule exactly once across the two halves, media queries split by their rules', () => {
    const css = `.rt-Button{a:b}.rt-Dialog{c:d}@media (hover:hover){.rt-Button:hover{e:f}.rt-Dialog:hover{g:h}}@media (min-width: 768px){.rt-r-p-2{i:j}}`;
    const { first, rest } = splitSheet(css, ['Button']);
    expect(first).toBe('.rt-Button{a:b}\n@media (hover:hover){.rt-Button:hover{e:f}}');
    expect(rest).toBe('.rt-Dialog{c:d}\n@media (hover:hover){.rt-Dialog:hover{g:h}}\n@media (min-width: 768px){.rt-r-p-2{i:j}}');
  });

  it('splits the real package so nothing is lost: every component class lands in one of the halves', () => {
    const { first, rest } = themeSheets();
    expect(first.startsWith('@layer radix.tokens, radix.components, radix.utilities;')).toBe(true);
    for (const name of FIRST_SCREEN_COMPONENTS) expect(first).toContain(`.rt-${name}`);
    expect(first).not.toContain('.rt-SelectTrigger');
    expect(rest).toContain('.rt-SelectTrigger');
    expect(rest).toContain('.rt-BaseDialogContent');
    expect(first).toContain('--blue-9:');
    expect(rest).toContain('--amber-9:');
    expect(first).not.toContain('--amber-9:');
  });

  it("keeps Radix's order of components and utilities whichever half arrives first", () => {
    const { first, rest } = themeSheets();
    // A Grid's columns (a utility of the base breakpoint, in the first half) must still override
    // the Grid's own one column, which arrives later with the rest.
    const layerOf = (sheet: string, selector: string) => {
      const at = sheet.indexOf(`${selector} {`) >= 0 ? sheet.indexOf(`${selector} {`) : sheet.indexOf(`${selector}{`);
      expect(at, selector).toBeGreaterThanOrEqual(0);
      return sheet.slice(0, at).match(/@layer (radix\.\w+)\{/g)?.at(-1);
    };
    expect(layerOf(first, '.rt-r-gtc-2')).toBe('@layer radix.utilities{');
    expect(layerOf(rest, '.rt-Grid')).toBe('@layer radix.components{');
  });
});
