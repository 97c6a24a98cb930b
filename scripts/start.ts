/**
 * First half of `npm start` (package.json): build the PWA and the server bundle when their sources
 * changed. The second half runs dist-server/main.js with plain node and the server's flags
 * (scripts/lib/server-bundle.ts; docs/feeds.md, "Import memory").
 */
import { buildIfNeeded } from './lib/build';
import { buildServerIfNeeded } from './lib/server-bundle';

buildIfNeeded();
buildServerIfNeeded();
