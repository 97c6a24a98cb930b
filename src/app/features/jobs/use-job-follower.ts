/**
 * Follows a job while a screen waits on it (docs/jobs.md, "Following a job"): the one loop every
 * screen uses, paced by nextPollDelay (fast while it runs, slow when idle or hidden, paused offline,
 * at once when the connection or the tab returns, stopped when it ended).
 */
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { onlineAtom } from '../../state/sync';
import { followJob, type JobFollower, type JobFollowerOptions } from './job-follower';

export interface UseJobFollowerOptions<T> extends Omit<JobFollowerOptions<T>, 'conditions'> {
  /** A new key starts following afresh (a new job, new filters, Refresh). */
  key: unknown;
  /** Nothing is followed while false. */
  enabled?: boolean;
}

function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

export function useJobFollower<T>({ key, enabled = true, ...options }: UseJobFollowerOptions<T>): void {
  const online = useAtomValue(onlineAtom);
  const latest = useRef(options);
  const onlineNow = useRef(online);
  const follower = useRef<JobFollower | null>(null);
  // Declared first, so the follower below starts with this render's options.
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    const started = followJob<T>({
      first: latest.current.first,
      read: () => latest.current.read(),
      phaseOf: (answer) => latest.current.phaseOf(answer),
      onAnswer: (answer) => latest.current.onAnswer(answer),
      conditions: () => ({ online: onlineNow.current, visible: pageVisible() }),
    });
    follower.current = started;
    const onVisibility = () => started.conditionsChanged();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      started.stop();
      if (follower.current === started) follower.current = null;
    };
  }, [key, enabled]);

  useEffect(() => {
    onlineNow.current = online;
    follower.current?.conditionsChanged();
  }, [online]);
}
