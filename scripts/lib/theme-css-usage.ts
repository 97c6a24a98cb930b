/**
 * What of Radix Themes the app can ever draw (docs/architecture.md, "First visit"): the build keeps
 * only these components' and colours' styles (scripts/lib/theme-css-plugin.ts).
 * - Components: every `rt-` component class in the Radix Themes code the app imports (bundled
 *   here by esbuild with only the app's named imports, so the package's unused components fall
 *   away as they do in the app's own bundle), and every one the app's sources name themselves
 *   (the rows drawn before React, `src/app/boot/product-row-dom.ts`).
 * - Colours: the Radix colours the app's sources name (`color="green"`, `'amber'`, `var(--orange-3)`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';

export interface ThemeUsage {
  /** Component class names without `rt-`: `Badge`, `TableCell`… */
  components: ReadonlySet<string>;
  /** Radix colour names: `blue`, `amber`… */
  colors: ReadonlySet<string>;
}

/** The names a source imports from `@radix-ui/themes` (`Table`, `Badge`…), type-only imports left out. */
export function radixImports(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]@radix-ui\/themes['"]/g)) {
    if (match[1]) continue;
    for (const part of (match[2] ?? '').split(',')) {
      const item = part.trim();
      if (item === '' || item.startsWith('type ')) continue;
      names.push(item.split(/\s+as\s+/)[0]!.trim());
    }
  }
  return names;
}

/** The component classes a text names (`rt-TableCell` → `TableCell`); `rt-r-*` utilities and `rt-variant-*` are not components. */
export function componentClassesIn(text: string): Set<string> {
  return new Set([...text.matchAll(/\brt-([A-Z][A-Za-z]*)/g)].map((match) => match[1]!));
}

/** The colours of `palette` a text names: as a quoted word, a `color`/`accentColor` value or a `--name-` custom property. */
export function colorsIn(text: string, palette: readonly string[]): Set<string> {
  return new Set(palette.filter((color) => new RegExp(`['"\`]${color}['"\`]|--${color}-`).test(text)));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(tsx?|css)$/.test(entry.name) ? [file] : [];
  });
}

/**
 * Bundles the named exports of Radix Themes' ES module build alone and returns the code. Every
 * package it imports (React, Radix's primitives) stays outside: they draw no `rt-` classes.
 */
function radixCodeFor(names: readonly string[], themesDir: string): string {
  const result = buildSync({
    stdin: { contents: `export { ${[...new Set(names)].join(', ')} } from './dist/esm/index.js';`, resolveDir: themesDir, loader: 'js' },
    bundle: true,
    packages: 'external',
    write: false,
    format: 'esm',
    platform: 'browser',
    treeShaking: true,
    logLevel: 'silent',
  });
  return result.outputFiles.map((file) => file.text).join('\n');
}

/** What the app under `appDir` can draw of Radix Themes (the package in `themesDir`, whose colours are `palette`). */
export function themeUsage(appDir: string, themesDir: string, palette: readonly string[]): ThemeUsage {
  const sources = sourceFiles(appDir).map((file) => readFileSync(file, 'utf8'));
  const imported = sources.flatMap(radixImports);
  const components = componentClassesIn(radixCodeFor(imported, themesDir));
  for (const source of sources) for (const name of componentClassesIn(source)) components.add(name);
  const colors = new Set(sources.flatMap((source) => [...colorsIn(source, palette)]));
  return { components, colors };
}
