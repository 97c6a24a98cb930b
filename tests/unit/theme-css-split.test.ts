import { describe, expect, it } from 'vitest';
import { appThemeUsage, FIRST_SCREEN_COMPONENTS, themeSheets } from '../../scripts/lib/theme-css-plugin';
import { cssBlocks, halfOf, requiredComponentClasses, splitSheet, withoutUnusedComponents } from '../../scripts/lib/theme-css-split';
import { colorsIn, componentClassesIn, radixImports } from '../../scripts/lib/theme-css-usage';

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

  it('splits the real package so nothing is lost (as the dev server serves it): every component class lands in one of the halves', () => {
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

describe('leaving out what the app never draws', () => {
  it('drops a selector only when it requires a component the app does not use', () => {
    const used = new Set(['Button', 'SelectTrigger']);
    expect(requiredComponentClasses('.rt-Button:not(.rt-IconButton) .rt-SelectTrigger:where(.rt-AvatarRoot, .rt-r-size-1)')).toEqual(['Button', 'SelectTrigger']);
    const css = [
      '.rt-Button,.rt-AvatarRoot{a:b}',
      '.rt-AvatarRoot:hover{c:d}',
      '.rt-Button:not(.rt-IconButton){e:f}',
      ':is(.rt-AvatarRoot, .rt-Button) .x{g:h}',
      '@media (hover:hover){.rt-SliderRoot{i:j}}',
      '@media (min-width: 520px){.rt-SliderRoot{k:l}.xs\\:rt-r-p-2{m:n}}',
      ':root,.light{--amber-9:#ffc53d}',
      '@keyframes rt-spin{to{transform:rotate(1turn)}}',
    ].join('');
    expect(withoutUnusedComponents(css, used)).toBe(
      [
        '.rt-Button{a:b}',
        '.rt-Button:not(.rt-IconButton){e:f}',
        ':is(.rt-AvatarRoot, .rt-Button) .x{g:h}',
        '@media (min-width: 520px){.xs\\:rt-r-p-2{m:n}}',
        ':root,.light{--amber-9:#ffc53d}',
        '@keyframes rt-spin{to{transform:rotate(1turn)}}',
      ].join('\n'),
    );
  });

  it("reads the app's imports of Radix Themes, the component classes and the colours a source names", () => {
    const source = `import { Badge, Table as T } from '@radix-ui/themes';\nimport type { BadgeProps } from '@radix-ui/themes';\nimport { type ButtonProps, Button } from "@radix-ui/themes";`;
    expect(radixImports(source)).toEqual(['Badge', 'Table', 'Button']);
    expect([...componentClassesIn(`class: 'rt-reset rt-Badge rt-r-size-1 rt-variant-soft'; '.rt-TableCell'`)]).toEqual(['Badge', 'TableCell']);
    const palette = ['amber', 'green', 'tomato', 'orange', 'red'];
    expect([...colorsIn(`<Badge color="green">; const c = 'amber'; background: var(--orange-3); // a tomato`, palette)]).toEqual(['amber', 'green', 'orange']);
  });

  it("keeps in the build every component and colour the app draws, and none it never does", () => {
    const usage = appThemeUsage();
    // Imported by the app (the list's select, dialogs, table, badges), with the parts Radix draws inside them.
    for (const name of ['SelectTrigger', 'SelectContent', 'BaseDialogContent', 'TableRootTable', 'Badge', 'ScrollAreaViewport']) expect(usage.components).toContain(name);
    for (const name of ['AvatarRoot', 'SliderRoot', 'SegmentedControlRoot', 'DataListRoot']) expect(usage.components).not.toContain(name);
    for (const color of ['amber', 'green']) expect(usage.colors).toContain(color);
    expect(usage.colors).not.toContain('tomato');

    const { first, rest } = themeSheets(usage);
    const all = first + rest;
    expect(rest).toContain('.rt-SelectTrigger');
    expect(rest).toContain('--amber-9:');
    expect(all).not.toMatch(/\.rt-AvatarRoot(?![A-Za-z])/);
    expect(all).not.toContain('--tomato-9:');
    // The first screen's half is the same either way (but for spacing): its components and colours are all drawn.
    const unspaced = (css: string) => css.replace(/\s+/g, '');
    expect(unspaced(first)).toBe(unspaced(themeSheets().first));
    expect(rest.length).toBeLessThan(themeSheets().rest.length * 0.7);
  });
});
