/**
 * Vite plugin: Radix Themes' styles as two virtual style sheets (docs/architecture.md, "First
 * visit"). `virtual:theme-first.css` is imported by src/app/main.tsx (the sign-in screen and the
 * top bar), `virtual:theme-rest.css` by the app's chunk and the sync panel. Made from the
 * package's own split files: tokens/base.css, tokens/colors/*.css, components.css, utilities.css.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { inRadixLayer, RADIX_LAYER_ORDER, splitSheet, type Half } from './theme-css-split.ts';

/** The Radix classes (without `.rt-`) the sign-in screen, the top bar and the update prompt use. */
export const FIRST_SCREEN_COMPONENTS = [
  'BaseButton', 'Button', 'IconButton', 'Spinner', 'SpinnerLeaf',
  'BaseCard', 'Card', 'Heading', 'Text', 'Box', 'Flex',
  'TextFieldRoot', 'TextFieldInput', 'TextFieldSlot', 'CalloutRoot', 'CalloutIcon',
] as const;

/** The theme's accent and gray (src/app/main.tsx) and the colours of first-screen messages. */
export const FIRST_SCREEN_COLORS = ['blue', 'slate', 'gray', 'red'] as const;

const IDS: Record<Half, string> = { first: 'virtual:theme-first.css', rest: 'virtual:theme-rest.css' };

export function themeSheets(): Record<Half, string> {
  const root = path.dirname(createRequire(import.meta.url).resolve('@radix-ui/themes/package.json'));
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  const colors = readdirSync(path.join(root, 'tokens/colors')).filter((file) => file.endsWith('.css'));
  const isFirstColor = (file: string) => (FIRST_SCREEN_COLORS as readonly string[]).includes(file.replace(/\.css$/, ''));
  const components = splitSheet(read('components.css'), FIRST_SCREEN_COMPONENTS);
  const utilities = splitSheet(read('utilities.css'), FIRST_SCREEN_COMPONENTS);
  const firstTokens = [read('tokens/base.css'), ...colors.filter(isFirstColor).map((file) => read(`tokens/colors/${file}`))];
  const restTokens = colors.filter((file) => !isFirstColor(file)).map((file) => read(`tokens/colors/${file}`));
  const sheet = (tokens: string[], half: Half) =>
    [inRadixLayer('tokens', tokens.join('\n')), inRadixLayer('components', components[half]), inRadixLayer('utilities', utilities[half])].join('\n');
  // Declaring the layers first keeps the app's own (unlayered) style sheets above them, and
  // Radix's own order inside them whichever half arrives first.
  return { first: `${RADIX_LAYER_ORDER}\n${sheet(firstTokens, 'first')}`, rest: sheet(restTokens, 'rest') };
}

export function themeCss(): Plugin {
  let sheets: Record<Half, string> | null = null;
  return {
    name: 'backoffice:theme-css',
    resolveId(id) {
      return id === IDS.first || id === IDS.rest ? id : null;
    },
    load(id) {
      if (id !== IDS.first && id !== IDS.rest) return null;
      sheets ??= themeSheets();
      return id === IDS.first ? sheets.first : sheets.rest;
    },
  };
}
