/**
 * Follows the jobs a screen started until they all end (docs/jobs.md, "Following a job"): each
 * look asks the server for every running job's progress (any server process answers: the progress
 * is in the database), and `onEnded` gets their final state (refused lines included) once.
 */
import { useEffect, useRef, useState } from 'react';
import type { Job } from '../../../shared/jobs';
import { getJob } from '../../api/jobs';
import { isActive } from './job-rules';
import { useJobFollower } from './use-job-follower';

/**
 * One look at the followed jobs: each running job (or ended one whose refused lines were not read
 * yet) read again; a lost answer (flaky Wi-Fi) keeps the job's last known state.
 */
export async function lookAtJobs(jobs: readonly Job[], read: (id: number) => Promise<Job> = getJob): Promise<Job[]> {
  return Promise.all(
    jobs.map(async (job) => {
      if (!isActive(job) && job.refusals !== undefined) return job;
      try {
        return await read(job.id);
      } catch (error) {
        console.warn(`Reading job ${job.id} failed`, error);
        return job;
      }
    }),
  );
}

export function useFollowedJobs(onEnded: (jobs: Job[]) => void): { jobs: Job[]; follow: (jobs: Job[]) => void; following: boolean } {
  const [jobs, setJobs] = useState<Job[]>([]);
  const [following, setFollowing] = useState(false);
  // Each follow() starts a new following, even while one runs.
  const [round, setRound] = useState(0);
  const followed = useRef<Job[]>([]);
  const ended = useRef(onEnded);
  useEffect(() => {
    ended.current = onEnded;
  });

  useJobFollower<Job[]>({
    key: round,
    enabled: following,
    first: jobs.some((job) => job.status === 'queued') ? 'starting' : 'running',
    read: () => lookAtJobs(followed.current),
    phaseOf: (current) => (current.some(isActive) ? 'running' : 'ended'),
    onAnswer: (current) => {
      followed.current = current;
      setJobs(current);
      if (current.some(isActive)) return;
      setFollowing(false);
      ended.current(current);
    },
  });

  return {
    jobs,
    following,
    follow: (next: Job[]) => {
      followed.current = next;
      setJobs(next);
      setFollowing(next.length > 0);
      setRound((value) => value + 1);
    },
  };
}
