/** The job runner of an app with a handler for every kind that can be queued (docs/jobs.md). */
import { sentenceOf } from '../shared/server-messages';
import type { AppDeps } from './app-deps';
import { requireBolClient } from './bol/bol-deps';
import { BolJob, runClaimedJob } from './bol/marketplace/bol-jobs';
import { offerSyncHandler } from './bol/offers/offer-sync-job';
import { importOrders, lastOrderImport, orderImportScope, type OrderImportScope } from './bol/marketplace/order-import';
import { feedImportHandler, imageReexportHandler } from './feeds/feed-jobs';
import { JobRunner, type JobRunnerOptions } from './jobs/job-runner';
import type { JobEnd } from './jobs/job-store';

export function createJobRunner(deps: AppDeps, options: JobRunnerOptions = {}): JobRunner {
  const now = () => new Date(deps.now?.() ?? Date.now());
  return new JobRunner(deps.db, options)
    .register('feed-import', feedImportHandler(deps))
    .register('image-reexport', imageReexportHandler(deps))
    // Offers follow the catalogue (docs/bol.md): queued by the scheduler when something is due.
    .register('offer-sync', offerSyncHandler(deps.db, () => requireBolClient(deps.bol)))
    .register('order-import', async (job): Promise<JobEnd> => {
      // Queued by the order-import schedule: reads what changed since the last successful import.
      const client = requireBolClient(deps.bol);
      const scope: OrderImportScope = job.params.since === 'last-import' ? orderImportScope(await lastOrderImport(deps.db), now()) : { kind: 'all' };
      const outcome = await runClaimedJob(deps.db, new BolJob(deps.db, job.id, 'order-import'), now, (bolJob) => importOrders(deps.db, client, bolJob, now, scope));
      // runClaimedJob has recorded the end already; this only repeats it for the runner.
      const status = outcome.report.status === 'running' ? 'failed' : outcome.report.status;
      const { message, messageId, messageArgs } = outcome.report;
      return { status, message, sentence: messageId ? sentenceOf(messageId, message, messageArgs) : null };
    });
}
