/**
 * The Logs screen's words (docs/jobs.md, "Logs"): its table, filters, a job's details and the
 * order import's schedule, and who started a job (src/app/features/jobs/job-rules.ts). A job's
 * progress, counts and refused lines read the job progress words. Beside
 * messages.ts: only the screens that show jobs read them. Dutch under 'logs.' in
 * src/app/i18n/locales/nl.po (docs/languages.md); the kinds and outcomes are in status-words.ts.
 */
export const logsMessages = {
  title: 'Logs',
  job: 'Job',
  started: 'Started',
  ended: 'Ended',
  duration: 'Duration',
  startedBy: 'Started by',
  outcome: 'Outcome',
  noJobs: 'No jobs yet.',
  previous: 'Previous',
  next: 'Next',
  page: (page: number, total: number) => `Page ${page} of ${total}`,
  keptOnDevice: 'kept on this device',
  details: 'Details',
  hideDetails: 'Hide details',
  progressOf: (job: number) => `Progress of job ${job}`,
  /** The filters. */
  kind: 'Kind',
  supplier: 'Supplier',
  refresh: 'Refresh',
  everyKind: 'Every kind',
  everyOutcome: 'Every outcome',
  withProblems: 'With problems',
  everySupplier: 'Every supplier',
  /** A job's details. */
  refusedNeedConnection: 'The refused lines need a connection.',
  refusedCount: (count: string) => `Refused (${count})`,
  downloadRefused: 'Download refused lines (CSV)',
  refusedIn: (job: number) => `Refused in job ${job}`,
  moreRefused: (more: string, kept: string) => `and ${more} more (the first ${kept} are kept)`,
  nothingRefused: 'Nothing was refused.',
  heldBack: (count: string) => `Held back because people changed them (${count})`,
  product: 'Product',
  field: 'Field',
  peoplesValue: "People's value",
  suppliersValue: "Supplier's value",
  /** The order import's schedule. */
  orderImport: 'Order import from bol',
  importOrders: 'Import orders',
  orderImportSchedule: 'Order import schedule',
  nextRun: (at: string) => `Next run: ${at}. `,
  lastRunStarted: (at: string) => `Last run started: ${at}.`,
  notRunYet: 'Not run yet.',
  readsSinceLast: 'Scheduled runs read the orders changed since the last import.',
  scheduleNeedsConnection: 'Changing the schedule needs a connection.',
  /** Who started a job and the order import's schedule in words (job-rules.ts). */
  bySchedule: 'Schedule',
  byServer: 'Server',
  someone: 'Someone',
  onlyByHand: 'Only by hand',
  everyMinutes: (minutes: number) => `Every ${minutes} minutes`,
  everyHours: (hours: number) => (hours === 1 ? 'Every hour' : `Every ${hours} hours`),
  dailyAt: (time: string, zone: string) => `Daily at ${time} (${zone})`,
};
export type LogsWords = typeof logsMessages;
