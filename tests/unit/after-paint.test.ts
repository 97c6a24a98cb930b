/** afterNextPaint: work that changes nothing on the screen waits for the next painted frame. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from '../../src/app/lib/after-paint';

describe('afterNextPaint', () => {
  let frames: (() => void)[];
  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const state = (promise: Promise<void>) => {
    const seen = { resolved: false };
    void promise.then(() => (seen.resolved = true));
    return seen;
  };

  it('resolves in the task after the next frame, not before the frame', async () => {
    const seen = state(afterNextPaint());
    await vi.advanceTimersByTimeAsync(100);
    expect(seen.resolved).toBe(false);
    frames.shift()?.();
    expect(seen.resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.resolved).toBe(true);
  });

  it('resolves after the longest wait when no frame comes (a hidden page)', async () => {
    const seen = state(afterNextPaint(250));
    await vi.advanceTimersByTimeAsync(249);
    expect(seen.resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.resolved).toBe(true);
    // A frame that comes later changes nothing.
    frames.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.resolved).toBe(true);
  });

  it('with two frames, resolves only in the task after the second frame', async () => {
    const seen = state(afterNextPaint(250, 2));
    frames.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.resolved).toBe(false);
    frames.shift()?.();
    expect(seen.resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.resolved).toBe(true);
  });

  it('with two frames, still resolves after the longest wait in a hidden page', async () => {
    const seen = state(afterNextPaint(250, 2));
    frames.shift()?.();
    await vi.advanceTimersByTimeAsync(250);
    expect(seen.resolved).toBe(true);
  });
});
