/**
 * The server as it runs outside development (docs/feeds.md, "Import memory"): one plain JavaScript
 * bundle of src/server built with esbuild into dist-server/, started by node itself with
 * SERVER_NODE_FLAGS. `npm start` (its prestart step), the benches and the tests that start the
 * server as a process all go through here, so they measure and test what runs in production.
 * `npm run dev` keeps running the TypeScript sources under tsx (restart on change).
 *
 * Why not tsx: its loader runs a thread and isolate of its own and keeps the transformed sources
 * and their source maps; the bundle starts with ~80 MB less resident memory.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The Node flags of the server process (package.json "start" says the same; a unit test checks):
 * - --max-semi-space-size=4: V8's young generation grows to 3 × 16 MB per isolate by default (the
 *   main thread and the parse worker); 4 MB semi-spaces keep ~40 MB less resident during an import
 *   at the same CPU time (the import's garbage dies young either way).
 * - --no-liftoff: the embedded database (PGlite, a 9 MB WebAssembly module) is compiled once by the
 *   optimising compiler instead of first by the baseline compiler and then again, function by
 *   function, while it runs: ~60-80 MB less resident (no baseline code, no tier-up compile jobs
 *   during an import) and ~10 % less CPU per imported row, for ~1 s more CPU when the server starts.
 * - --expose-gc: a long import starts a full garbage collection every 10,000 rows
 *   (src/server/lib/heap-collection.ts): ~50-90 MB less resident at the import's peak.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--no-liftoff', '--expose-gc'];

export const SERVER_BUNDLE_DIR = 'dist-server';

/**
 * Entry points, by output name. Worker threads are started from the file next to their parent's
 * module with the same name (src/server/lib/worker-thread.ts), so each worker entry is its own file.
 */
const SERVER_ENTRIES: Record<string, string> = {
  main: 'src/server/main.ts',
  'parse-worker': 'src/server/feeds/parse-worker.ts',
  'ean-sheet-worker': 'src/server/catalogue/ean-sheet-worker.ts',
  'pglite-worker': 'src/server/db/pglite-worker.ts',
};

/** What the bundle is made of: a change in any of them builds it again. */
const SOURCES = ['src/server', 'src/shared', 'package.json', 'package-lock.json', 'scripts/lib/server-bundle.ts'];
const STAMP = '.build-stamp';

function listFiles(entry: string, out: string[]): void {
  if (!existsSync(entry)) return;
  const stat = statSync(entry);
  if (!stat.isDirectory()) {
    out.push(`${entry}\t${stat.size}\t${stat.mtimeMs}`);
    return;
  }
  for (const child of readdirSync(entry).sort()) listFiles(path.join(entry, child), out);
}

function sourceStamp(root: string, extra: Record<string, string>): string {
  const files: string[] = [];
  for (const source of [...SOURCES, ...Object.values(extra)]) listFiles(path.join(root, source), files);
  return createHash('sha256').update(files.join('\n')).update(JSON.stringify(extra)).digest('hex');
}

type EsbuildApi = { buildSync(options: Record<string, unknown>): { errors: unknown[] } };

/** esbuild as tsx carries it (a dependency of ours through tsx, as in src/server/lib/worker-thread.ts). */
function esbuild(): EsbuildApi {
  const require = createRequire(import.meta.url);
  return createRequire(require.resolve('tsx/package.json'))('esbuild') as EsbuildApi;
}

/** Copies a folder's files into another, each written beside and renamed into place. */
function copyInto(from: string, to: string, tmpSuffix: string): void {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const source = path.join(from, name);
    const target = path.join(to, name);
    if (statSync(source).isDirectory()) {
      copyInto(source, target, tmpSuffix);
    } else {
      copyFileSync(source, `${target}${tmpSuffix}`);
      renameSync(`${target}${tmpSuffix}`, target);
    }
  }
}

/**
 * Builds dist-server/ when its sources changed since the last build (~0.3 s) and answers the path
 * of main.js. `extra`: more entry points (output name -> source), e.g. a bench that imports server
 * modules and must run beside the worker files. Safe when several processes call it at once: the
 * build goes to a folder of its own and every file is renamed into place.
 */
export function buildServerIfNeeded(root = process.cwd(), extra: Record<string, string> = {}): string {
  const outDir = path.join(root, SERVER_BUNDLE_DIR);
  const stampFile = path.join(outDir, extra && Object.keys(extra).length > 0 ? `.build-stamp-${Object.keys(extra).join('-')}` : STAMP);
  const stamp = sourceStamp(root, extra);
  const main = path.join(outDir, 'main.js');
  if (existsSync(main) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return main;

  const suffix = `.tmp-${process.pid}-${Date.now()}`;
  const building = path.join(root, `${SERVER_BUNDLE_DIR}${suffix}`);
  try {
    const entryPoints = Object.entries({ ...SERVER_ENTRIES, ...extra }).map(([out, source]) => ({ out, in: path.join(root, source) }));
    const result = esbuild().buildSync({
      entryPoints,
      outdir: building,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Packages load from node_modules as they are (PGlite finds its .wasm and data files there).
      packages: 'external',
      sourcemap: 'linked',
      logLevel: 'warning',
    });
    if (result.errors.length > 0) throw new Error('esbuild could not bundle the server');
    // The migrations are read from the folder next to the module that runs them (src/server/db/connection.ts).
    copyInto(path.join(root, 'src/server/db/migrations'), path.join(building, 'migrations'), '');
    copyInto(building, outDir, suffix);
    writeFileSync(`${stampFile}${suffix}`, stamp);
    renameSync(`${stampFile}${suffix}`, stampFile);
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return main;
}

/** node's arguments to run the built server (building it first when needed). */
export function serverNodeArgs(root = process.cwd(), extraFlags: string[] = []): string[] {
  return [...SERVER_NODE_FLAGS, ...extraFlags, buildServerIfNeeded(root)];
}
