/** Job progress shared by the screens that start jobs (docs/jobs.md). */
export { JobProgress } from './JobProgress';
export {
  countsText,
  durationText,
  isActive,
  JOB_KIND_LABEL,
  JOB_POLL_MS,
  JOB_STATUS_LABEL,
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
export { useFollowedJobs } from './use-followed-jobs';
