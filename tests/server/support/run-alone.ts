/**
 * Setup file of the server tests (vitest.config.ts): every test file waits for its turn before its
 * first hook and gives it back after its last (scripts/lib/test-turns.ts); a file of TIMED_FILES runs alone, any
 * other beside at most one more. Run on its own, a file has its turn at once.
 */
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { runsAlone } from './timed-files';
import { takeTurn } from '../../../scripts/lib/test-turns';

let giveBack: (() => void) | undefined;

// A turn may come after the longest timed file has run (a few minutes on a busy machine).
beforeAll(async () => {
  const file = expect.getState().testPath;
  if (!file) throw new Error('no test file to take a turn for');
  giveBack = await takeTurn(inject('turnKeeperPort'), runsAlone(file));
}, 30 * 60_000);

afterAll(() => {
  giveBack?.();
});
