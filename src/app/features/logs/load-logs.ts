/**
 * Reading the Logs list device first (docs/offline.md "Reads"): from the server when online, kept
 * on the device as it arrives; offline or without an answer, what was last fetched for the same
 * filters, marked with its time.
 */
import type { Page } from '../../../shared/contract';
import type { Job } from '../../../shared/jobs';
import { getJobs, type JobListQuery } from '../../api/jobs';
import { keepJobsPage, readKeptJobsPage } from '../../db/device-copies';
import { isNoAnswer } from '../../lib/no-answer';
import { noServerSays } from '../../lib/no-server-sentence';

export const LOGS_PAGE_SIZE = 25;

export type LogsRead = { kind: 'network'; page: Page<Job> } | { kind: 'device'; page: Page<Job>; fetchedAt: number } | { kind: 'none'; message: string };

export async function loadLogs(query: JobListQuery, online: boolean): Promise<LogsRead> {
  const key = new URLSearchParams({ kind: query.kind, supplierId: query.supplierId, outcome: query.outcome, page: String(query.page) }).toString();
  const fromDevice = async (message: string): Promise<LogsRead> => {
    const kept = await readKeptJobsPage<Page<Job>>(key).catch(() => null);
    return kept ? { kind: 'device', ...kept } : { kind: 'none', message };
  };
  if (!online) return fromDevice(noServerSays('logsNotFetched'));
  try {
    const page = await getJobs(query);
    void keepJobsPage(key, page).catch((error: unknown) => console.error('Keeping the logs failed', error));
    return { kind: 'network', page };
  } catch (error) {
    if (isNoAnswer(error)) return fromDevice('The server did not answer, and these logs have not been fetched on this device yet.');
    return { kind: 'none', message: error instanceof Error ? error.message : String(error) };
  }
}
