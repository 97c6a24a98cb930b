/** npm start: build the PWA if its sources changed, then run the server in this process. */
import { buildIfNeeded } from './lib/build';

buildIfNeeded();
await import('../src/server/main');
