/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

/** A Lingui catalog, compiled by @lingui/vite-plugin when imported (docs/languages.md). */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
