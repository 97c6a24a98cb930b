/**
 * What the HTTP app is built from; main.ts makes the real ones, tests make their own. Each wing
 * says what it takes (docs/architecture.md, "Layers of the server"); the app's deps are all of them.
 */
import type { AuthDeps } from './auth/auth-deps';
import type { BolWingDeps } from './bol/bol-deps';
import type { CatalogueDeps } from './catalogue/catalogue-deps';
import type { FeedDeps } from './feeds/feed-deps';
import type { ServerLifecycle } from './http/lifecycle';

export interface AppDeps extends AuthDeps, CatalogueDeps, FeedDeps, BolWingDeps {
  /** Built PWA to serve; omitted in API-only tests. */
  staticDir?: string;
  /** Running requests and draining on SIGTERM (/healthz/ready); main.ts makes one, tests may. */
  lifecycle?: ServerLifecycle;
}
