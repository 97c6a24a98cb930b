/**
 * The import benches measure their process the way the server runs (docs/feeds.md, "Import
 * memory"): plain JavaScript built with esbuild next to the server's bundle in dist-server/, run by
 * node with the server's flags (scripts/lib/server-bundle.ts), not the TypeScript sources under tsx.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfNeeded, SERVER_NODE_FLAGS } from '../../scripts/lib/server-bundle';

export { SERVER_NODE_FLAGS };

/**
 * When this script runs from its TypeScript source, bundles it beside the server's bundle (so its
 * worker threads are the server's worker files), runs that with the server's flags in a child (the
 * child measures itself) and exits with its status. Returns when already running as built.
 */
export function rerunWithServerFlags(scriptUrl: string): void {
  if (!scriptUrl.endsWith('.ts')) return;
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const script = path.relative(root, fileURLToPath(scriptUrl));
  const name = `bench-${path.basename(script, '.ts')}`;
  const main = buildServerIfNeeded(root, { [name]: script });
  const built = path.join(path.dirname(main), `${name}.js`);
  // BENCH_NODE_FLAGS: more flags to try beside the server's, e.g. '--heap-growing-percent=50'.
  const extra = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter((flag) => flag !== '');
  const result = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, ...extra, built, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
