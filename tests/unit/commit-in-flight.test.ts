import { afterEach, describe, expect, it } from 'vitest';
import { CommitInFlight } from '../../src/server/feeds/feed-copy-writer';

const unhandled: unknown[] = [];
const noteUnhandled = (reason: unknown) => unhandled.push(reason);
process.on('unhandledRejection', noteUnhandled);
afterEach(() => {
  unhandled.length = 0;
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('CommitInFlight: the COPY commit written while the next one is gathered', () => {
  it('lets the import wait for the commit under way, which is then over', async () => {
    const commits = new CommitInFlight();
    const order: string[] = [];
    commits.start(tick().then(() => void order.push('written')));
    order.push('gathering');
    await commits.settled();
    order.push('next commit');
    expect(order).toEqual(['gathering', 'written', 'next commit']);
    await commits.settled();
  });

  it('keeps a failed commit for the next wait, once, and never leaves it unhandled', async () => {
    const commits = new CommitInFlight();
    commits.start(Promise.reject(new Error('connection ended')));
    await tick();
    expect(unhandled).toEqual([]);
    await expect(commits.settled()).rejects.toThrow('connection ended');
    await expect(commits.settled()).resolves.toBeUndefined();
  });

  it('waits for the commit without its failure when the import already failed for another reason', async () => {
    const commits = new CommitInFlight();
    let written = false;
    commits.start(tick().then(() => {
      written = true;
      throw new Error('disk full');
    }));
    await commits.quietlySettled();
    expect(written).toBe(true);
    await expect(commits.settled()).resolves.toBeUndefined();
    expect(unhandled).toEqual([]);
  });
});
