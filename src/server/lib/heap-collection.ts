/**
 * A full garbage collection asked for at a quiet point of long work (docs/feeds.md, "Import
 * memory"). A feed import makes short-lived garbage for every batch; with the server's small young
 * generation much of it outlives two scavenges and is promoted, and V8 lets the old generation grow
 * to about three times what is live before it collects it on its own (measured: 27 → 80 MB of heap
 * during a 100,000-row re-import). Asking for a collection every few thousand rows keeps the heap
 * near what is live: 50-90 MB less resident at the import's peak, for 30-40 ms of pause per
 * collection (one per 10,000 rows written).
 *
 * Only the server process can ask: it runs with `--expose-gc` (SERVER_NODE_FLAGS in
 * scripts/lib/server-bundle.ts), which gives every isolate of the process (the main thread and its
 * workers) a `gc` function. Without it (tests, `tsx` during development) nothing happens.
 */

/** V8's `gc` as `--expose-gc` gives it: `{ type: 'major', execution: 'async' }` starts a full collection and returns at once. */
type ExposedGc = (options: { type: 'major' | 'minor'; execution: 'async' | 'sync' }) => unknown;

/** Starts a full collection (marking runs beside the work, the pause comes when it ends). Answers whether one could be asked for. */
export function startFullCollection(scope: { gc?: unknown } = globalThis): boolean {
  if (typeof scope.gc !== 'function') return false;
  void (scope.gc as ExposedGc)({ type: 'major', execution: 'async' });
  return true;
}

/** Counts the work done (rows written) and starts a full collection each time `every` more is done. */
export class CollectionEvery {
  private sinceLast = 0;

  constructor(
    private readonly every: number,
    private readonly start: () => boolean = startFullCollection,
  ) {}

  /** `done` more work (1 by default); answers whether a collection was asked for now. */
  tick(done = 1): boolean {
    this.sinceLast += done;
    if (this.sinceLast < this.every) return false;
    this.sinceLast = 0;
    return this.start();
  }
}
