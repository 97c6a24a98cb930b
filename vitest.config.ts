import { defineConfig } from 'vitest/config';
import { poCatalogs } from './scripts/lib/po-catalog-plugin.ts';
import { slowFirstSequencer } from './scripts/lib/slow-first.ts';
import { TIMED_FILES } from './tests/server/support/timed-files.ts';

/**
 * Unit tests (pure rules, atoms, server pieces) and server tests (Hono app on a real database), two
 * files at a time, except that a server test file with timed checks runs alone (docs/testing.md,
 * "Unit and server tests"; tests/server/support/timed-files.ts).
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    // The timed files last: they run alone, after the checks npm test runs beside the tests have
    // ended (each check also takes a turn, so a timed file never runs beside one; scripts/test.ts).
    sequence: { sequencer: slowFirstSequencer([], TIMED_FILES) },
    projects: [
      {
        // The Dutch pack's catalog is imported as the app imports it (docs/languages.md).
        plugins: [poCatalogs()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // One module cache per worker, not one process per file (docs/testing.md, "Unit and server
          // tests"): a file that mocks a module loads its imports afresh and takes the mock back.
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/support/global-setup.ts'],
          // One module cache per worker, as the unit project (docs/testing.md, "Unit and server tests").
          isolate: false,
          // Each file waits for its turn: the timed files run alone (scripts/lib/test-turns.ts).
          setupFiles: ['tests/server/support/run-alone.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
