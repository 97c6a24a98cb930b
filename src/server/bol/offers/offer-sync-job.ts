/**
 * The offer sync as a job of the one job queue (docs/jobs.md; docs/bol.md, "When changes are
 * sent"): queued by the scheduler's look every 15 seconds when something is due (one queued or
 * running offer sync at a time across processes: the jobs table's lock per kind), and after a
 * person's "Send anyway"; run by whichever process claims it, so it survives a restart.
 */
import { serverSentence, type ServerSentence } from '../../../shared/server-messages';
import type { Database } from '../../db/connection';
import { enqueueJob, recordJobProgress, type JobEnd, type JobRow } from '../../jobs/job-store';
import type { JobHandler } from '../../jobs/job-runner';
import type { BolClient } from '../client/bol-client';
import { OfferPortV10 } from '../client/offer-port-v10';
import { ProcessStatusBatcher } from '../client/process-batch';
import { runOfferSync, type OfferSyncOptions, type OfferSyncReport } from './offer-sync-engine';
import { offerSyncHasWork } from './offer-sync-store';

/** The port and process look-ups of a run over bol's v10 API, process statuses read in batches. */
export function offerSyncConnection(client: BolClient): Pick<OfferSyncOptions, 'port' | 'lookup' | 'now' | 'sleep' | 'announcements'> {
  const batcher = new ProcessStatusBatcher(client);
  return {
    port: new OfferPortV10(client, batcher),
    lookup: {
      statusesOf: (entityId, eventType) => client.getProcessStatusesByEntity(entityId, eventType),
      follow: (started) => batcher.follow(started),
      exportedOffers: () => client.exportOffers(),
    },
    now: () => client.http.now(),
    sleep: (ms) => client.http.sleep(ms),
    announcements: (listener) => client.http.onRateLimit(listener),
  };
}

/** Queues an offer sync when something is due and none is queued or running; answers the job queued. */
export async function queueOfferSyncIfDue(db: Database, now: Date): Promise<JobRow[]> {
  if (!(await offerSyncHasWork(db, now))) return [];
  const job = await enqueueJob(db, { kind: 'offer-sync', trigger: 'server' });
  return job ? [job] : [];
}

/** The run's report as a sentence the app words in the person's language (docs/languages.md). */
function said(sentence: ServerSentence): Pick<JobEnd, 'message' | 'sentence'> {
  return { message: sentence.message, sentence };
}

export function offerSyncSentence(report: OfferSyncReport): ServerSentence {
  return serverSentence('offerSyncReport', report.sent, report.held, report.retrying, report.failed, report.feedBatchesHeld, report.recovered);
}

/** The job handler; `connect` answers the bol connection (it throws 503 when none is configured). */
export function offerSyncHandler(db: Database, connect: () => BolClient, extra: Partial<OfferSyncOptions> = {}): JobHandler {
  return async (job, context): Promise<JobEnd> => {
    const connection = offerSyncConnection(connect());
    const progress = (report: OfferSyncReport) => ({
      read: report.sent + report.held + report.failed + report.retrying,
      written: report.sent,
      refused: report.failed,
      percent: null,
      bol: { total: report.sent + report.held + report.failed + report.retrying, done: report.sent, failed: report.failed, counts: { ...report } },
    });
    const report = await runOfferSync(db, {
      ...connection,
      ...extra,
      throwIfStopped: () => context.throwIfStopped(),
      onProgress: async (current) => {
        if (!(await recordJobProgress(db, job.id, context.leases.runner, progress(current)))) context.leases.stop(job.id, 'lease-lost');
      },
    });
    return { status: report.failed > 0 ? 'partial' : 'success', ...said(offerSyncSentence(report)), progress: progress(report) };
  };
}
