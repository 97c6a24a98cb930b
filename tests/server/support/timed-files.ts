/**
 * The server test files whose checks are timed on the wall clock (docs/testing.md, "Unit and server
 * tests"): each runs alone, never beside another test file or a check npm test runs beside the
 * tests (scripts/lib/test-turns.ts), and they start after the others (vitest.config.ts), when those
 * checks have ended. A file with a new timed check belongs here.
 */
export const TIMED_FILES = [
  // A keyed retry answered within 2 s after a kill; its child server imports 30,000 rows meanwhile, on both cores.
  'tests/server/kill-restart.test.ts',
  // Zip bombs refused within the test's 20 s, /healthz under 1 s while a 95 MB sheet is read.
  'tests/server/ean-sheet-bounds.test.ts',
  // The child server's cut-off after SHUTDOWN_GRACE_SECONDS within 8 s.
  'tests/server/shutdown.test.ts',
  // The child server's /healthz under 1 s while four hostile Test feeds run, each refused within seconds.
  'tests/server/feed-upload-process.test.ts',
  // Eight 450 MB bodies refused within 5 s; a slow request head cut off within 4 s.
  'tests/server/body-limits.test.ts',
  // A released claim retried within 1 s; a lease taken over within 1 s of running out.
  'tests/server/idempotency-crash.test.ts',
  // /healthz within 1 s while an import holds the database, within 300 ms while it commits batches.
  'tests/server/server-health.test.ts',
  // A real sign-in within 1 s after a flood of guesses from another address.
  'tests/server/sign-in-hardening.test.ts',
  // Nesting and column limits refused within 1 s.
  'tests/server/feed-limits.test.ts',
  // Live memory under 5 MB over a 9 MB upload: on the S3 store it holds only while the S3 server on
  // this machine takes each part as fast as it comes (lib-storage keeps two 5 MB parts in flight,
  // so a slow one buffers the whole file; measured 12 MB once beside another file on a busy machine).
  'tests/server/streamed-upload.test.ts',
];

/** True when `file` (an absolute path or one from the project's root) is one of TIMED_FILES. */
export function runsAlone(file: string): boolean {
  const name = file.replace(/\\/g, '/');
  return TIMED_FILES.some((timed) => name === timed || name.endsWith(`/${timed}`));
}
