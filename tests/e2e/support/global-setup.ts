/** Builds the PWA if needed and starts one real server (fresh data folder) for all browser tests. */
import type { TestProject } from 'vitest/node';
import { buildIfNeeded } from '../../../scripts/lib/build';
import { findChromium } from '../../../scripts/lib/chromium';
import { startServerProcess } from '../../../scripts/lib/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
  }
}

export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password' } as const;

export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  buildIfNeeded();
  const server = await startServerProcess({
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
  });
  project.provide('baseUrl', server.url);
  project.provide('chromiumPath', chromiumPath);
  return async () => {
    if (process.env.E2E_SERVER_LOG) console.log(server.output());
    await server.stop();
  };
}
