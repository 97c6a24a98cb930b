/**
 * The page's entry (index.html's only script, async): the boot module runs as soon as its few
 * kilobytes are in, before the app's ~350 KB of JavaScript is evaluated (docs/offline.md "Cold
 * start on /products"). On an offline cold start of /products it paints the kept list snapshot,
 * or starts the device read for the early rows (start-list-snapshot.ts); the app's modules
 * (main.tsx: React, the theme, the sign-in screen) are evaluated after that frame, so their
 * evaluation does not hold the first rows back. Otherwise the app loads at once: its chunks are
 * asked for when this module runs (Vite's preload of a dynamic import asks for every chunk and
 * stylesheet of it at once, and resolves once the stylesheets are in, so nothing shows unstyled).
 * index.html does not preload them: measured, ~20 preloads through the service worker held this
 * module back by ~70 ms on an offline start, the time it exists to save.
 */
import './start-list-snapshot';
import { documentParsed, listSnapshotPainted } from './list-snapshot';

// The app renders into #root, which exists once the document is parsed.
void Promise.all([documentParsed(), listSnapshotPainted()])
  .then(() => import('../main'))
  .catch((error: unknown) => console.error('[boot] the app could not be loaded:', error));
