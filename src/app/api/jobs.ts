/** Background job calls (docs/jobs.md): start an import, follow a job, the list of jobs, cancel, refused lines. */
import type { Page } from '../../shared/contract';
import type { Job, JobStartAnswer, OrderImportScheduleAnswer } from '../../shared/jobs';
import type { RunSchedule } from '../../shared/schedule';
import { apiFetch, apiStream } from './client';

/** POST /api/v1/feed/parse/{id}: queues the supplier's (0: every supplier's) feed import; answers at once (202). */
export const startFeedImport = (supplierId: number) => apiFetch<JobStartAnswer>(`/api/v1/feed/parse/${supplierId}`, { method: 'POST' });

/** GET /api/v1/jobs/{id}: one job's progress, with its refused lines. */
export const getJob = (id: number) => apiFetch<Job>(`/api/v1/jobs/${id}`);

export interface JobListQuery {
  kind: string;
  supplierId: string;
  outcome: string;
  page: number;
  size: number;
}

export const getJobs = (query: JobListQuery) =>
  apiFetch<Page<Job>>('/api/v1/jobs', {
    query: { kind: query.kind, supplierId: query.supplierId, outcome: query.outcome, page: String(query.page), size: String(query.size) },
  });

/** POST /api/v1/jobs/{id}/cancel: a queued job at once, a running one asked to stop. */
export const cancelJob = (id: number) => apiFetch<Job>(`/api/v1/jobs/${id}/cancel`, { method: 'POST' });

/** The refused lines of a job as a CSV file. */
export async function downloadRefusals(id: number): Promise<Blob> {
  const { body } = await apiStream(`/api/v1/jobs/${id}/refusals.csv`);
  return new Response(body).blob();
}

export const getOrderImportSchedule = () => apiFetch<OrderImportScheduleAnswer>('/api/v1/jobs/schedules/order-import');

export const setOrderImportSchedule = (schedule: RunSchedule | null) =>
  apiFetch<OrderImportScheduleAnswer>('/api/v1/jobs/schedules/order-import', { method: 'PUT', body: { schedule } });
