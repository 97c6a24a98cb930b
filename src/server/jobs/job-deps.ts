/** What the jobs wing takes from the app (docs/architecture.md, "Layers of the server"). */
import type { Database } from '../db/connection';
import type { JobRunner } from './job-runner';

export interface JobDeps {
  db: Database;
  now?: () => number;
  /** Runs queued jobs in this process (docs/jobs.md); createApp makes one when absent. */
  jobs?: JobRunner;
}
