/**
 * Following the import a Run started (docs/jobs.md): the job is asked for once a second until it
 * ends, for the progress bar (rows read, the percent when known). Kept apart from the editor so
 * the app's one job follower can take its place.
 */
import { useEffect, useRef, useState } from 'react';
import { isActiveJob, type Job } from '../../../shared/jobs';
import { cancelJob, getJob } from '../../api/suppliers';

const JOB_POLL_MS = 1_000;

export function useImportRun() {
  const [job, setJob] = useState<Job | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Follows a started job to its end; resolves with its last state, or null once the screen is gone. */
  async function follow(started: Job): Promise<Job | null> {
    let current = started;
    setJob(current);
    while (isActiveJob(current.status) && mounted.current) {
      await new Promise((resolve) => setTimeout(resolve, JOB_POLL_MS));
      current = await getJob(current.id);
      if (mounted.current) setJob(current);
    }
    return mounted.current ? current : null;
  }

  /** Asks the server to stop the job (it ends at its next step); throws with the server's reason. */
  async function cancel(): Promise<void> {
    if (!job) return;
    setJob(await cancelJob(job.id));
  }

  return { job, follow, cancel };
}
