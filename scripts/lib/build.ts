/** Builds the PWA when the sources are newer than the last build (npm start, browser tests, bench). */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// scripts/lib: the build's own plugins (theme CSS, boot script) are there.
const SOURCES = ['src/app', 'src/shared', 'public', 'index.html', 'vite.config.ts', 'package.json', 'scripts/lib'];
const STAMP = 'dist/.build-stamp';

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, child) => Math.max(newest, newestChange(path.join(entry, child))), stat.mtimeMs);
}

export function buildIsCurrent(root = process.cwd()): boolean {
  const stamp = path.join(root, STAMP);
  if (!existsSync(stamp) || !existsSync(path.join(root, 'dist/index.html'))) return false;
  const sources = Math.max(...SOURCES.map((entry) => newestChange(path.join(root, entry))));
  return statSync(stamp).mtimeMs >= sources;
}

/** node's arguments and environment for `vite build` of the PWA (npm test runs it beside other steps). */
export function viteBuildCommand(root = process.cwd()): { args: string[]; env: NodeJS.ProcessEnv } {
  return {
    args: [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    // Callers such as Vitest set NODE_ENV=test, which would bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  };
}

/** Records that dist/ is built from the sources as they are now. */
export function markBuilt(root = process.cwd()): void {
  writeFileSync(path.join(root, STAMP), new Date().toISOString());
}

export function buildIfNeeded(root = process.cwd()): void {
  if (buildIsCurrent(root)) return;
  console.log('[build] building the PWA (vite build)...');
  const { args, env } = viteBuildCommand(root);
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`vite build failed with exit code ${result.status}`);
  markBuilt(root);
}
