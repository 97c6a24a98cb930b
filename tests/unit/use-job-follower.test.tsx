// @vitest-environment jsdom
/** The job-follower hooks (docs/jobs.md, "Following a job"), on fake timers with a fake server counting its calls. */
import { act, cleanup, renderHook } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job, JobStatus } from '../../src/shared/jobs';
import { onlineAtom } from '../../src/app/state/sync';
import { lookAtJobs, useFollowedJobs } from '../../src/app/features/jobs/use-followed-jobs';
import { useJobFollower } from '../../src/app/features/jobs/use-job-follower';

const server = vi.hoisted(() => ({ statuses: [] as string[], looks: 0 }));
// The unit project shares a module cache between the files of a worker (docs/testing.md, "Unit and
// server tests"): the modules this file imports load afresh, with its mock, and afterwards without it.
vi.hoisted(() => vi.resetModules());
afterAll(() => {
  vi.doUnmock('../../src/app/api/jobs');
  vi.resetModules();
});
vi.mock('../../src/app/api/jobs', () => ({
  getJob: (id: number) => {
    const status = server.statuses[Math.min(server.looks, server.statuses.length - 1)];
    server.looks += 1;
    return Promise.resolve({ ...job(status as JobStatus), id, refusals: [] });
  },
}));

function job(status: JobStatus, over: Partial<Job> = {}): Job {
  return {
    id: 7,
    kind: 'feed-import',
    supplierId: 3,
    supplierName: 'Chair Co',
    status,
    trigger: 'user',
    startedBy: 'anna',
    createdAt: '2026-11-25T10:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    scheduledFor: null,
    cancelRequested: false,
    read: 0,
    written: 0,
    refused: 0,
    percent: null,
    message: '',
    historyId: null,
    ...over,
  };
}

let store: ReturnType<typeof createStore>;
const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
let visibility: DocumentVisibilityState;

beforeEach(() => {
  vi.useFakeTimers();
  store = createStore();
  store.set(onlineAtom, true);
  server.statuses = [];
  server.looks = 0;
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useFollowedJobs', () => {
  it('follows a queued job until it ends, shows each state, and calls onEnded once with the final jobs', async () => {
    server.statuses = ['running', 'running', 'success'];
    const onEnded = vi.fn();
    const { result } = renderHook(() => useFollowedJobs(onEnded), { wrapper });
    act(() => result.current.follow([job('queued')]));
    expect(result.current.following).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(server.looks).toBe(1);
    expect(result.current.jobs[0]?.status).toBe('running');
    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(server.looks).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(server.looks).toBe(3);
    expect(result.current.following).toBe(false);
    expect(result.current.jobs[0]?.status).toBe('success');
    expect(onEnded).toHaveBeenCalledOnce();
    expect(onEnded.mock.calls[0]?.[0]).toEqual([expect.objectContaining({ id: 7, status: 'success', refusals: [] })]);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(server.looks).toBe(3);
  });

  it('following nothing makes no call', async () => {
    const { result } = renderHook(() => useFollowedJobs(() => undefined), { wrapper });
    act(() => result.current.follow([]));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(server.looks).toBe(0);
    expect(result.current.following).toBe(false);
  });

  it('makes no call offline and looks at once when the connection returns', async () => {
    server.statuses = ['running'];
    const { result } = renderHook(() => useFollowedJobs(() => undefined), { wrapper });
    act(() => result.current.follow([job('running')]));
    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(server.looks).toBe(1);
    act(() => store.set(onlineAtom, false));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(server.looks).toBe(1);
    act(() => store.set(onlineAtom, true));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(server.looks).toBe(2);
  });

  it('stops when the screen closes', async () => {
    server.statuses = ['running'];
    const { result, unmount } = renderHook(() => useFollowedJobs(() => undefined), { wrapper });
    act(() => result.current.follow([job('running')]));
    await act(() => vi.advanceTimersByTimeAsync(700));
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(server.looks).toBe(1);
  });
});

describe('useJobFollower', () => {
  it('slows to one look in 15 s while the tab is hidden and looks at once when it is shown again', async () => {
    let looks = 0;
    renderHook(() => useJobFollower<number>({ key: 1, first: 'running', read: () => Promise.resolve(++looks), phaseOf: () => 'running', onAnswer: () => undefined }), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(looks).toBe(1);
    visibility = 'hidden';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await act(() => vi.advanceTimersByTimeAsync(14_000));
    expect(looks).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(looks).toBe(2);
    visibility = 'visible';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(looks).toBe(3);
  });

  it('follows nothing while disabled, and starts afresh (at once when due) for a new key', async () => {
    const read = vi.fn(() => Promise.resolve('idle'));
    const { rerender } = renderHook(({ key, enabled }) => useJobFollower<string>({ key, enabled, first: 'due', read, phaseOf: () => 'idle', onAnswer: () => undefined }), {
      wrapper,
      initialProps: { key: 'a', enabled: false },
    });
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(read).not.toHaveBeenCalled();
    rerender({ key: 'a', enabled: true });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(read).toHaveBeenCalledTimes(1);
    rerender({ key: 'b', enabled: true });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(read).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(read).toHaveBeenCalledTimes(3);
  });
});

describe('lookAtJobs', () => {
  it('reads running jobs and ended ones without their refused lines; keeps a job whose read got no answer', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const asked: number[] = [];
    const read = (id: number) => {
      asked.push(id);
      return id === 3 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(job('success', { id, refusals: [] }));
    };
    const done = job('success', { id: 1, refusals: [] });
    const endedWithoutRefusals = job('partial', { id: 2 });
    const lost = job('running', { id: 3 });
    const current = await lookAtJobs([done, endedWithoutRefusals, lost], read);
    expect(asked).toEqual([2, 3]);
    expect(current).toEqual([done, job('success', { id: 2, refusals: [] }), lost]);
  });
});
