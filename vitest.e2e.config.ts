import { defineConfig } from 'vitest/config';
import { slowFirstSequencer } from './scripts/lib/slow-first.ts';

/**
 * Browser tests: the built PWA and the real server, driven in Debian's Chromium. Test files run
 * side by side, each worker on a server of its own (tests/e2e/support/global-setup.ts;
 * docs/testing.md, "Browser tests"). E2E_WORKERS sets how many (default 2: three were measured
 * and were no quicker on the 2-core machine, each file slower beside two other browsers).
 */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    // A worker runs its files one after the other in one process, not a process per file
    // (docs/testing.md, "Browser tests"): Playwright and the support modules load once per worker.
    isolate: false,
    // The longest files first (scripts/lib/slow-first.ts): small files with long runs would end last.
    sequence: {
      sequencer: slowFirstSequencer([
        'tests/e2e/tablet-checks.test.ts',
        'tests/e2e/product-edit.test.ts',
        'tests/e2e/team-edit.test.ts',
        'tests/e2e/fresh-forms.test.ts',
        'tests/e2e/parser.test.ts',
        'tests/e2e/conflict-keeps-typing.test.ts',
        'tests/e2e/team-bol-edit.test.ts',
      ]),
    },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A browser test polls for what the app shows after a round trip to its server (a save, a
    // refreshed form): with another file's browser and server beside it, 1 s (Vitest's default)
    // was too short on the 2-core machine. What each poll waits for is unchanged.
    expect: { poll: { timeout: 15_000 } },
  },
});
