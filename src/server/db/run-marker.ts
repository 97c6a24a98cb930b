/**
 * DATA_DIR/server.running exists while a server runs and is removed when it stops cleanly
 * (SIGTERM, SIGINT). Found at start, it means the last run ended uncleanly (killed, crashed, power
 * lost): an import may have stopped before its closing upkeep, so main.ts runs that upkeep
 * (catalogue/product-maintenance.ts) once the server listens. The marker holds the pid and start time,
 * for people looking at the folder.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const RUN_MARKER_FILE = 'server.running';

export interface RunMarker {
  /** True when the previous run left its marker behind. */
  previousRunUnclean: boolean;
  /** Removes the marker: call only on a clean stop. */
  release(): void;
}

export function claimRunMarker(dataDir: string): RunMarker {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, RUN_MARKER_FILE);
  const previousRunUnclean = existsSync(file);
  writeFileSync(file, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }));
  return {
    previousRunUnclean,
    release: () => rmSync(file, { force: true }),
  };
}
