/**
 * Background jobs (docs/jobs.md): the list of every job, one job with its refused lines, cancel,
 * the refused lines as CSV, and the schedule of bol's order import.
 */
import { Hono } from 'hono';
import { JOB_KINDS, JOB_STATUSES, type JobKind, type JobStatus, type OrderImportScheduleAnswer } from '../../shared/jobs';
import { runScheduleSchema } from '../../shared/schedule';
import { jobSchedules } from '../db/schema';
import { ApiError } from '../http/errors';
import { parsedOr400 } from '../http/problem-sentence';
import { readJsonBody } from '../http/read-json';
import { idParam, pageParams } from '../http/request-params';
import type { AuthEnv } from '../http/require-token';
import type { JobDeps } from '../jobs/job-deps';
import type { JobRunner } from '../jobs/job-runner';
import { cancelJob, jobWithSupplier, listJobs, loadJobRow, refusalsOf } from '../jobs/job-store';
import { ORDER_IMPORT_SCHEDULE, orderImportScheduleAnswer } from '../jobs/scheduler';

/** A page of jobs: 1 to 100, 25 unless asked (docs/jobs.md). */
const JOB_PAGE_SIZE = { max: 100, default: 25 } as const;

/** 'outcome' filters: one status, or 'active' (queued or running) / 'problems' (partial, failed, interrupted). */
const OUTCOME_GROUPS: Record<string, readonly JobStatus[]> = {
  active: ['queued', 'running'],
  problems: ['partial', 'failed', 'interrupted'],
  ended: ['success', 'partial', 'failed', 'interrupted', 'cancelled'],
};

const jobIdParam = (text: string) => idParam(text, 'The job id');

export function parseJobListQuery(params: URLSearchParams) {
  const kind = params.get('kind') ?? '';
  if (kind !== '' && !JOB_KINDS.includes(kind as JobKind)) throw new ApiError(400, `kind must be one of ${JOB_KINDS.join(', ')}, got '${kind}'`);
  const outcome = params.get('outcome') ?? '';
  let statuses: readonly JobStatus[] | null = null;
  if (outcome !== '') {
    if (JOB_STATUSES.includes(outcome as JobStatus)) statuses = [outcome as JobStatus];
    else if (OUTCOME_GROUPS[outcome]) statuses = OUTCOME_GROUPS[outcome];
    else throw new ApiError(400, `outcome must be one of ${[...JOB_STATUSES, ...Object.keys(OUTCOME_GROUPS)].join(', ')}, got '${outcome}'`);
  }
  const supplier = params.get('supplierId') ?? '';
  const supplierId = supplier.trim() === '' ? null : idParam(supplier, 'supplierId');
  return { kind: kind === '' ? null : (kind as JobKind), supplierId, statuses, ...pageParams(params, JOB_PAGE_SIZE) };
}

/** One CSV field: quoted when needed; a leading =, +, - or @ is defused for spreadsheets. */
function csvField(value: string | number | undefined): string {
  if (value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function jobRoutes(deps: Pick<JobDeps, 'db' | 'now'>, runner: JobRunner) {
  return new Hono<AuthEnv>()
    .get('/jobs', async (c) => {
      const query = parseJobListQuery(new URL(c.req.url).searchParams);
      const { content, totalElements } = await listJobs(deps.db, query);
      c.header('Cache-Control', 'no-store');
      return c.json({ content, totalElements, totalPages: Math.ceil(totalElements / query.size), number: query.page, size: query.size });
    })
    .get('/jobs/schedules/order-import', async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await orderImportScheduleAnswer(deps.db, new Date(deps.now?.() ?? Date.now())));
    })
    .put('/jobs/schedules/order-import', async (c) => {
      const body = (await readJsonBody(c)) as { schedule?: unknown } | null;
      if (body === null || typeof body !== 'object' || !('schedule' in body)) throw new ApiError(400, 'The body must be { "schedule": … } (null: only by hand)');
      let schedule = null;
      if (body.schedule !== null) {
        schedule = parsedOr400(runScheduleSchema, body.schedule, { what: 'The schedule', whole: 'schedule' });
      }
      const values = { name: ORDER_IMPORT_SCHEDULE, schedule, updatedAt: new Date(), updatedBy: c.get('user').username };
      await deps.db.insert(jobSchedules).values(values).onConflictDoUpdate({ target: jobSchedules.name, set: values });
      const answer: OrderImportScheduleAnswer = await orderImportScheduleAnswer(deps.db, new Date(deps.now?.() ?? Date.now()));
      return c.json(answer);
    })
    .get('/jobs/:id', async (c) => {
      const row = await loadJobRow(deps.db, jobIdParam(c.req.param('id')));
      if (!row) throw new ApiError(404, `There is no job with id ${c.req.param('id')}`);
      c.header('Cache-Control', 'no-store');
      return c.json(await jobWithSupplier(deps.db, row, true));
    })
    .get('/jobs/:id/refusals.csv', async (c) => {
      const id = jobIdParam(c.req.param('id'));
      const row = await loadJobRow(deps.db, id);
      if (!row) throw new ApiError(404, `There is no job with id ${id}`);
      const lines = ['line;product;order;reason'];
      for (const refusal of refusalsOf(row)) lines.push([refusal.line, refusal.productId, refusal.orderId, refusal.reason].map(csvField).join(';'));
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="job-${id}-refused.csv"`);
      c.header('Cache-Control', 'no-store');
      // A BOM so spreadsheet programs read the reasons as UTF-8.
      return c.body(`\uFEFF${lines.join('\r\n')}\r\n`);
    })
    .post('/jobs/:id/cancel', async (c) => {
      const id = jobIdParam(c.req.param('id'));
      const outcome = await cancelJob(deps.db, id, c.get('user').username);
      if (outcome.kind === 'missing') throw new ApiError(404, `There is no job with id ${id}`);
      if (outcome.kind === 'ended') throw new ApiError(409, `Job ${id} has already ended (${outcome.row.status})`);
      // Running here: stop at once; in another process its heartbeat sees the request within seconds.
      if (outcome.kind === 'requested') runner.leases.stop(id, 'cancelled');
      const row = (await loadJobRow(deps.db, id)) ?? outcome.row;
      return c.json(await jobWithSupplier(deps.db, row, false), outcome.kind === 'cancelled' ? 200 : 202);
    });
}
