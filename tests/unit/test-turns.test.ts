/** The turns of the server test files (scripts/lib/test-turns.ts, timed-files.ts): timed files run alone. */
import { describe, expect, it } from 'vitest';
import { runsAlone } from '../server/support/timed-files';
import { startTurnKeeper, takeTurn, TurnKeeper } from '../../scripts/lib/test-turns';

function asker(keeper: TurnKeeper, alone: boolean) {
  const file = { started: false, giveBack: () => undefined as void };
  file.giveBack = keeper.ask(alone, () => (file.started = true));
  return file;
}

describe('TurnKeeper', () => {
  it('starts files that may run together at once', () => {
    const keeper = new TurnKeeper();
    const [a, b] = [asker(keeper, false), asker(keeper, false)];
    expect([a.started, b.started]).toEqual([true, true]);
    expect(keeper.running).toEqual({ alone: false, count: 2 });
  });

  it('starts a file that runs alone once the others have given back their turns, and nothing beside it', () => {
    const keeper = new TurnKeeper();
    const [a, b] = [asker(keeper, false), asker(keeper, false)];
    const timed = asker(keeper, true);
    const later = asker(keeper, false);
    expect([timed.started, later.started]).toEqual([false, false]);
    a.giveBack();
    expect(timed.started).toBe(false);
    b.giveBack();
    expect([timed.started, later.started]).toEqual([true, false]);
    expect(keeper.running).toEqual({ alone: true, count: 1 });
    timed.giveBack();
    expect(later.started).toBe(true);
    expect(keeper.running).toEqual({ alone: false, count: 1 });
  });

  it('lets no file overtake one that waits before it', () => {
    const keeper = new TurnKeeper();
    const first = asker(keeper, true);
    const second = asker(keeper, true);
    const third = asker(keeper, false);
    expect([first.started, second.started, third.started]).toEqual([true, false, false]);
    first.giveBack();
    expect([second.started, third.started]).toEqual([true, false]);
    second.giveBack();
    expect(third.started).toBe(true);
  });

  it('forgets a file that gives up waiting, and a turn given back twice counts once', () => {
    const keeper = new TurnKeeper();
    const a = asker(keeper, false);
    const timed = asker(keeper, true);
    const b = asker(keeper, false);
    timed.giveBack();
    expect(b.started).toBe(true);
    a.giveBack();
    a.giveBack();
    expect(keeper.running).toEqual({ alone: false, count: 1 });
  });
});

describe('the turn keeper over loopback', () => {
  it('answers a timed file once the file running beside it closes its connection', async () => {
    const keeper = await startTurnKeeper();
    try {
      const giveBackTogether = await takeTurn(keeper.port, false);
      let timedStarted = false;
      const timed = takeTurn(keeper.port, true).then((giveBack) => {
        timedStarted = true;
        return giveBack;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(timedStarted).toBe(false);
      giveBackTogether();
      const giveBackTimed = await timed;
      expect(timedStarted).toBe(true);
      giveBackTimed();
    } finally {
      await keeper.close();
    }
  });
});

describe('runsAlone', () => {
  it('knows the timed files by their path from the root or an absolute one, and no other file', () => {
    expect(runsAlone('tests/server/kill-restart.test.ts')).toBe(true);
    expect(runsAlone('/home/ci/backoffice/tests/server/shutdown.test.ts')).toBe(true);
    expect(runsAlone('C:\\ci\\backoffice\\tests\\server\\feed-limits.test.ts')).toBe(true);
    expect(runsAlone('/home/ci/backoffice/tests/server/products.test.ts')).toBe(false);
    expect(runsAlone('/home/ci/backoffice/tests/server/my-shutdown.test.ts')).toBe(false);
  });
});
