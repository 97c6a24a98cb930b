/**
 * Starts a worker thread from a TypeScript entry file next to the caller. When the server runs
 * from TypeScript (tsx), the worker registers tsx's loader first, since a worker's entry file does
 * not go through the parent's loader; from compiled JavaScript the .js file is started directly.
 */
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Worker, type WorkerOptions } from 'node:worker_threads';

const run = promisify(execFile);

/** `entry`: the .ts entry file's URL, e.g. new URL('./my-worker.ts', import.meta.url). */
export function startWorker(entry: URL, options: WorkerOptions = {}): Worker {
  if (!entry.href.endsWith('.ts') || !import.meta.url.endsWith('.ts')) {
    return new Worker(new URL(entry.href.replace(/\.ts$/, '.js')), options);
  }
  const tsxApi = import.meta.resolve('tsx/esm/api');
  return new Worker(`import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`, {
    ...options,
    eval: true,
  });
}

/**
 * Bundles of TypeScript worker entries, built once per process (docs/feeds.md, "Import memory").
 * Under tsx, a worker that registers tsx's loader carries a loader of its own (module hooks,
 * transform caches): ~15 MB more resident memory and ~0.4 s more start-up than the same code as
 * one plain JavaScript file. So the entry is bundled with esbuild (tsx's own, so it is there
 * whenever TypeScript runs) into node_modules/.cache, its packages left as imports that resolve
 * from there. The build runs as a short-lived child process (~0.1 s) and the file is named by its
 * content, so processes running side by side share it.
 */
const bundles = new Map<string, Promise<string | null>>();

async function bundleEntry(entry: URL): Promise<string | null> {
  try {
    const require = createRequire(import.meta.url);
    const nodeModules = path.dirname(path.dirname(require.resolve('tsx/package.json')));
    const esbuild = path.join(path.dirname(createRequire(require.resolve('tsx/package.json')).resolve('esbuild/package.json')), 'bin', 'esbuild');
    const dir = path.join(nodeModules, '.cache', 'backoffice-workers');
    await mkdir(dir, { recursive: true });
    const name = path.basename(fileURLToPath(entry), '.ts');
    const building = path.join(dir, `${name}.${process.pid}.${randomUUID()}.tmp.mjs`);
    await run(esbuild, [fileURLToPath(entry), '--bundle', '--platform=node', '--format=esm', '--target=node20', '--packages=external', '--log-level=error', `--outfile=${building}`]);
    const code = await readFile(building);
    const built = path.join(dir, `${name}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
    await rename(building, built);
    return built;
  } catch (error) {
    console.warn(`[server] could not bundle the worker ${entry.pathname}; it registers tsx instead:`, error instanceof Error ? error.message : error);
    return null;
  }
}

/**
 * Like startWorker, but under tsx the worker runs a plain JavaScript bundle of its entry (see
 * bundleEntry); where that bundle cannot be built, it registers tsx as startWorker does.
 */
export async function startBundledWorker(entry: URL, options: WorkerOptions = {}): Promise<Worker> {
  if (!entry.href.endsWith('.ts') || !import.meta.url.endsWith('.ts')) return startWorker(entry, options);
  const file = await workerBundle(entry);
  return file ? new Worker(file, options) : startWorker(entry, options);
}

/** Builds the bundle ahead, so the first worker does not wait for it (e.g. when the server starts); never rejects. */
export async function prepareBundledWorker(entry: URL): Promise<void> {
  await workerBundle(entry);
}

function workerBundle(entry: URL): Promise<string | null> {
  if (!entry.href.endsWith('.ts') || !import.meta.url.endsWith('.ts')) return Promise.resolve(null);
  let bundle = bundles.get(entry.href);
  if (!bundle) {
    bundle = bundleEntry(entry);
    bundles.set(entry.href, bundle);
  }
  return bundle;
}
