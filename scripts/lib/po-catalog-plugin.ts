/**
 * Vite plugin: `import { messages } from './nl.po'` gives the catalog compiled for Lingui's
 * runtime (po-catalog.ts), so the app ships no ICU parser (docs/languages.md).
 */
import type { Plugin } from 'vite';
import { compilePoCatalog } from './po-catalog.ts';

export function poCatalogs(): Plugin {
  return {
    name: 'po-catalogs',
    transform: {
      filter: { id: /\.po$/ },
      handler(_code, id) {
        this.addWatchFile(id);
        return { code: `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compilePoCatalog(id)))});`, map: null };
      },
    },
  };
}
