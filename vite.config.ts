import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { poCatalogs } from './scripts/lib/po-catalog-plugin.ts';
import { precompressAssets } from './scripts/lib/precompress-plugin.ts';
import { themeCss } from './scripts/lib/theme-css-plugin.ts';

const API_TARGET = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    // Compiles the Dutch catalog (src/app/i18n/locales/nl.po) when the app imports it (docs/languages.md).
    poCatalogs(),
    themeCss(),
    precompressAssets(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/app',
      filename: 'sw.ts',
      registerType: 'prompt',
      // Registered from src/app/ui/UpdatePrompt.tsx: no inline script (the CSP forbids it).
      injectRegister: false,
      includeAssets: ['icons/favicon-32.png', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Bol Back Office',
        short_name: 'Back Office',
        description: 'Catalogue, Bol model and orders for selling on bol.com',
        id: '/',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#0b5cad',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The shell and every lazy chunk, so that any screen opens offline once the app was installed;
        // .wasm: the camera's barcode reader (docs/product-list.md, "Scanning with the camera").
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2,wasm}'],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The frame every screen shares (top bar, sync indicator and its rules, the load-failure
              // boundary, the session rules) with what they import (React, jotai, the HTTP client):
              // one chunk, which the sign-in page loads too. Left to the bundler, this code came out
              // in more and smaller chunks whenever a lazy screen started importing a part of it,
              // and each chunk's own gzip and import glue pushed /login over its 120 KB JavaScript
              // budget (docs/architecture.md, "First visit").
              name: 'shell',
              test: /src\/(app\/(ui\/(icons|LoadFailureBoundary)|features\/sync\/(sync-rules|sync-icons|SyncIndicator|index)|features\/layout\/(TopBar|nav-items)|lib\/install-offer)|shared\/(sync-status-messages|nav-messages|rules\/(path-title|session)))\.tsx?$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': API_TARGET,
      '/auth': API_TARGET,
      '/healthz': API_TARGET,
      '/media': API_TARGET,
    },
  },
});
