import { defineConfig } from 'vitest/config';

/**
 * Unit tests (pure rules, atoms, server pieces) and server tests (Hono app on a real database), one
 * file at a time (docs/testing.md, "Unit and server tests": two at a time made the timed server
 * checks miss their limits on a 2-core machine).
 */
export default defineConfig({
  test: {
    maxWorkers: 1,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/support/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
