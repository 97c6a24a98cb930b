/** Job progress and following shared by the screens that start or wait on jobs (docs/jobs.md). */
export { JobProgress } from './JobProgress';
export {
  countsText,
  durationText,
  isActive,
  jobOutcomeLines,
  jobProblemLines,
  logsFilterFromSearch,
  logsFilterToSearch,
  refusalText,
  scheduleText,
  startedByText,
  statusTone,
  type LogsFilter,
} from './job-rules';
export type { FollowPhase } from './follow-cadence';
export { useFollowedJobs } from './use-followed-jobs';
export { useJobFollower } from './use-job-follower';
