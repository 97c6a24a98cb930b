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

/** The run count of the import benches: IMPORT_BENCH_RUNS, 3 by default (the median of several runs). */
export const importBenchRuns = (): number => Math.max(1, Number(process.env.IMPORT_BENCH_RUNS) || 3);

/**
 * Runs the built script `runs` times with `--one-run`, each time in a new process with the
 * server's flags (a process's peak memory is its own, and PGlite's WebAssembly memory never
 * shrinks, so runs in one process would measure each other). Each run prints its result as JSON
 * on its last line of output; the other lines are passed through.
 */
export function builtRuns<T>(scriptUrl: string, runs: number): T[] {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const script = path.relative(root, fileURLToPath(scriptUrl));
  const name = `bench-${path.basename(script, '.ts')}`;
  const built = path.join(path.dirname(buildServerIfNeeded(root, { [name]: script })), `${name}.js`);
  const extra = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter((flag) => flag !== '');
  const results: T[] = [];
  for (let run = 0; run < runs; run += 1) {
    const child = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, ...extra, built, '--one-run'], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
    const lines = child.stdout.split('\n').filter((line) => line.trim() !== '');
    for (const line of lines.slice(0, -1)) console.log(line);
    if (child.status !== 0) throw new Error(`${script} run ${run + 1} failed (exit ${child.status ?? child.signal})`);
    results.push(JSON.parse(lines.at(-1) ?? 'null') as T);
  }
  return results;
}
