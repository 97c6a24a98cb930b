/**
 * Follows jobs until they end: asks the server for each running job's progress every JOB_POLL_MS
 * (any server process answers: the progress is in the database, docs/jobs.md), and calls
 * `onEnded` once with their final state (refused lines included).
 */
import { useEffect, useRef, useState } from 'react';
import type { Job } from '../../../shared/jobs';
import { getJob } from '../../api/jobs';
import { isActive, JOB_POLL_MS } from './job-rules';

export function useFollowedJobs(onEnded: (jobs: Job[]) => void): { jobs: Job[]; follow: (jobs: Job[]) => void; following: boolean } {
  const [jobs, setJobs] = useState<Job[]>([]);
  const [following, setFollowing] = useState(false);
  const ended = useRef(onEnded);
  useEffect(() => {
    ended.current = onEnded;
  });

  useEffect(() => {
    if (!following) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const current = await Promise.all(
        jobs.map(async (job) => {
          if (!isActive(job) && job.refusals !== undefined) return job;
          try {
            return await getJob(job.id);
          } catch (error) {
            // A lost answer (flaky Wi-Fi): keep the last known state and ask again.
            console.warn(`Reading job ${job.id} failed`, error);
            return job;
          }
        }),
      );
      if (stopped) return;
      setJobs(current);
      if (current.every((job) => !isActive(job))) {
        setFollowing(false);
        ended.current(current);
        return;
      }
      timer = setTimeout(() => void tick(), JOB_POLL_MS);
    };
    timer = setTimeout(() => void tick(), jobs.some((job) => job.status === 'queued') ? 150 : JOB_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // Restarted only when following starts; `jobs` is read through the closure of each tick.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [following]);

  return {
    jobs,
    following,
    follow: (next: Job[]) => {
      setJobs(next);
      setFollowing(next.length > 0);
    },
  };
}
