/**
 * Starts a worker thread from a TypeScript entry file next to the caller. When the server runs
 * from TypeScript (tsx), the worker registers tsx's loader first, since a worker's entry file does
 * not go through the parent's loader; from compiled JavaScript the .js file is started directly.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

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
