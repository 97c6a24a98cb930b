/** What the HTTP app is built from; main.ts makes the real ones, tests make their own. */
import type { Context } from 'hono';
import type { LoginThrottle } from './auth/login-throttle';
import type { BolDeps } from './bol/bol-deps';
import type { CatalogueUpkeep } from './catalogue/catalogue-upkeep';
import type { EanSheetReader } from './catalogue/ean-sheet-in-worker';
import type { TokenService } from './auth/tokens';
import type { Database } from './db/connection';
import type { OutboundPolicy } from './feeds/outbound';
import type { ServerHealth } from './http/server-health';
import type { MediaStore } from './media/media-store';
import type { ServerLifecycle } from './http/lifecycle';
import type { JobRunner } from './jobs/job-runner';

export interface AppDeps {
  db: Database;
  tokens: TokenService;
  throttle: LoginThrottle;
  media: MediaStore;
  /** Built PWA to serve; omitted in API-only tests. */
  staticDir?: string;
  /** The caller's network address, for throttling sign-in failures. */
  clientAddress?: (c: Context) => string;
  now?: () => number;
  /** Outbound HTTP (feed downloads, image re-export). Defaults to the global fetch; tests pass a fake. */
  fetch?: typeof fetch;
  /**
   * This server's own origin (e.g. http://127.0.0.1:8080): feed and image URLs stored as paths
   * ('/demo/feeds/…') are fetched from here.
   */
  selfOrigin?: string;
  /** What supplier-controlled downloads may reach and how large a feed may be (OUTBOUND_ALLOW, FEED_MAX_BYTES). */
  outbound?: OutboundPolicy;
  /** /healthz, running imports and the data disk's free space; tests without one get a plain check. */
  health?: ServerHealth;
  /** Reads EAN sheets in worker threads (default: EAN_SHEET_WORKER_LIMITS); tests pass their own limits. */
  eanSheetReader?: EanSheetReader;
  /** Running requests and draining on SIGTERM (/healthz/ready); main.ts makes one, tests may. */
  lifecycle?: ServerLifecycle;
  /** The bol connection (real bol or the simulator); without it the calls that need bol answer 503. */
  bol?: BolDeps;
  /**
   * The statistics refresh after bulk changes (catalogue-upkeep.ts); main.ts makes one that defers the
   * full upkeep to a quiet moment on the embedded database. Without one it runs at once (tests).
   */
  upkeep?: CatalogueUpkeep;
  /** Runs queued jobs in this process (docs/jobs.md); createApp makes one when absent. */
  jobs?: JobRunner;
}
