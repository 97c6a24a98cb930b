/**
 * What the feeds wing takes from the app (docs/architecture.md, "Layers of the server"): main.ts
 * makes the real ones, tests their own. The calls of routes/suppliers.ts and routes/feeds.ts take
 * FeedDeps; an import or re-export takes only what it uses.
 */
import type { CatalogueUpkeep } from '../catalogue/catalogue-upkeep';
import type { ServerHealth } from '../http/server-health';
import type { JobDeps } from '../jobs/job-deps';
import type { MediaStore } from '../media/media-store';
import type { OutboundDeps } from './outbound';

export interface FeedDeps extends OutboundDeps, JobDeps {
  /** Where re-exported images are stored. */
  media: MediaStore;
  /** /healthz, running imports and the data disk's free space; tests without one get a plain check. */
  health?: ServerHealth;
  /**
   * The statistics refresh after bulk changes (catalogue-upkeep.ts); main.ts makes one that defers the
   * full upkeep to a quiet moment on the embedded database. Without one it runs at once (tests).
   */
  upkeep?: CatalogueUpkeep;
}

/** What a feed import uses. */
export type FeedJobDeps = Pick<FeedDeps, 'db' | 'fetch' | 'selfOrigin' | 'outbound' | 'health' | 'now' | 'upkeep'>;
/** What an image re-export uses: an import's, and the media store. */
export type ImageJobDeps = FeedJobDeps & Pick<FeedDeps, 'media'>;
