/**
 * Vite plugin: Radix Themes' styles as two virtual style sheets (docs/architecture.md, "First
 * visit"). `virtual:theme-first.css` is imported by src/app/main.tsx (the sign-in screen and the
 * top bar), `virtual:theme-rest.css` by the app's chunk and the sync panel. Made from the
 * package's own split files: tokens/base.css, tokens/colors/*.css, components.css, utilities.css.
 * A build keeps only the components and colours the app can draw (theme-css-usage.ts); the dev
 * server serves them all, so a component just added is styled before the next build.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { inRadixLayer, RADIX_LAYER_ORDER, splitSheet, withoutUnusedComponents, type Half } from './theme-css-split.ts';
import { themeUsage, type ThemeUsage } from './theme-css-usage.ts';

/** The Radix classes (without `.rt-`) the sign-in screen, the top bar and the update prompt use. */
export const FIRST_SCREEN_COMPONENTS = [
  'BaseButton', 'Button', 'IconButton', 'Spinner', 'SpinnerLeaf',
  'BaseCard', 'Card', 'Heading', 'Text', 'Box', 'Flex',
  'TextFieldRoot', 'TextFieldInput', 'TextFieldSlot', 'CalloutRoot', 'CalloutIcon',
] as const;

/** The theme's accent and gray (src/app/main.tsx) and the colours of first-screen messages. */
export const FIRST_SCREEN_COLORS = ['blue', 'slate', 'gray', 'red'] as const;

const IDS: Record<Half, string> = { first: 'virtual:theme-first.css', rest: 'virtual:theme-rest.css' };

/** Where Radix Themes is installed. */
export const radixThemesDir = (): string => path.dirname(createRequire(import.meta.url).resolve('@radix-ui/themes/package.json'));

/** Radix's colours: the names of its token files (`amber`, `blue`…). */
export function radixPalette(root = radixThemesDir()): string[] {
  return readdirSync(path.join(root, 'tokens/colors'))
    .filter((file) => file.endsWith('.css'))
    .map((file) => file.replace(/\.css$/, ''));
}

/** What the app in src/app can draw of Radix Themes (theme-css-usage.ts). */
export function appThemeUsage(): ThemeUsage {
  const root = radixThemesDir();
  return themeUsage(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/app'), root, radixPalette(root));
}

/**
 * The two sheets; with `usage`, without the components and colours the app never draws. The first
 * screen's colours stay in the first sheet either way.
 */
export function themeSheets(usage?: ThemeUsage): Record<Half, string> {
  const root = radixThemesDir();
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  const readComponents = (file: string) => (usage ? withoutUnusedComponents(read(file), usage.components) : read(file));
  const isFirstColor = (color: string) => (FIRST_SCREEN_COLORS as readonly string[]).includes(color);
  const colors = radixPalette(root).filter((color) => isFirstColor(color) || !usage || usage.colors.has(color));
  const components = splitSheet(readComponents('components.css'), FIRST_SCREEN_COMPONENTS);
  const utilities = splitSheet(readComponents('utilities.css'), FIRST_SCREEN_COMPONENTS);
  const firstTokens = [read('tokens/base.css'), ...colors.filter(isFirstColor).map((color) => read(`tokens/colors/${color}.css`))];
  const restTokens = colors.filter((color) => !isFirstColor(color)).map((color) => read(`tokens/colors/${color}.css`));
  const sheet = (tokens: string[], half: Half) =>
    [inRadixLayer('tokens', tokens.join('\n')), inRadixLayer('components', components[half]), inRadixLayer('utilities', utilities[half])].join('\n');
  // Declaring the layers first keeps the app's own (unlayered) style sheets above them, and
  // Radix's own order inside them whichever half arrives first.
  return { first: `${RADIX_LAYER_ORDER}\n${sheet(firstTokens, 'first')}`, rest: sheet(restTokens, 'rest') };
}

export function themeCss(): Plugin {
  let sheets: Record<Half, string> | null = null;
  let building = false;
  return {
    name: 'backoffice:theme-css',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(id) {
      return id === IDS.first || id === IDS.rest ? id : null;
    },
    load(id) {
      if (id !== IDS.first && id !== IDS.rest) return null;
      sheets ??= themeSheets(building ? appThemeUsage() : undefined);
      return id === IDS.first ? sheets.first : sheets.rest;
    },
  };
}
