/**
 * Suppliers, feed imports, image re-export and the parsing history (docs/feeds.md).
 * An import answers at once with its job (202, docs/jobs.md); a re-export answers when it has
 * finished, with its history entries.
 */
import { asc } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { Supplier } from '../../shared/contract';
import type { JobStartAnswer } from '../../shared/jobs';
import { suppliers } from '../db/schema';
import { findHistoryEntry, historyPage } from '../feeds/parsing-history';
import { ApiError } from '../http/errors';
import { listTag } from '../http/list-tag';
import type { FeedDeps } from '../feeds/feed-deps';
import { startSupplierJobs, waitedRunAnswer, type SupplierJobKind } from '../feeds/feed-jobs';
import { jobWithSupplier } from '../jobs/job-store';
import { ServerHealth } from '../http/server-health';
import { idParam, pageParams, sortDirectionParam } from '../http/request-params';
import type { AuthEnv } from '../http/require-token';

/** A page of the parsing history: 1 to 200, 20 unless asked (docs/feeds.md). */
const HISTORY_PAGE_SIZE = { max: 200, default: 20 } as const;

/** `?wait=true`: hold the request until the jobs ended and answer as the call did before it became a job (docs/jobs.md). */
function waitParam(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new ApiError(400, `wait must be 'true' or 'false', got '${value}'`);
}

/**
 * Queues the supplier's (or every supplier's) job and answers 202 with the jobs at once; with
 * ?wait=true answers when they have ended, with their parsing-history entries.
 */
async function startRun(deps: FeedDeps, c: Context<AuthEnv>, kind: SupplierJobKind, wait: boolean): Promise<Response> {
  const id = idParam(c.req.param('id'), 'The supplier id', '0 for all suppliers');
  const waitForEnd = wait || waitParam(c.req.query('wait'));
  await health(deps).ensureImportSpace();
  const runner = deps.jobs;
  if (!runner) throw new Error('the app has no job runner');
  const { jobs, skipped } = await startSupplierJobs(deps.db, kind, id, { trigger: 'user', startedBy: c.get('user').username });
  runner.kick();
  if (waitForEnd) {
    const ended = await runner.waitFor(jobs.map((job) => job.id));
    const { status, body } = await waitedRunAnswer(deps.db, ended, skipped, id !== 0);
    return c.json(body, status);
  }
  const answer: JobStartAnswer = { jobs: await Promise.all(jobs.map((job) => jobWithSupplier(deps.db, job, false))), skipped };
  return c.json(answer, 202);
}

function health(deps: FeedDeps): ServerHealth {
  deps.health ??= new ServerHealth({ db: deps.db, dataDir: null, importMinFreeBytes: 0 });
  return deps.health;
}

export function feedRoutes(deps: FeedDeps) {
  return new Hono<AuthEnv>()
    .get('/supplier', listTag(), async (c) => {
      const rows = await deps.db.select().from(suppliers).orderBy(asc(suppliers.supplierId));
      return c.json(
        rows.map(
          (row): Supplier => ({ supplierId: row.supplierId, supplierName: row.supplierName, supplierUrlFeed: row.supplierUrlFeed, inProgress: row.inProgress }),
        ),
      );
    })
    .post('/feed/parse/:id', (c) => startRun(deps, c, 'feed-import', false))
    // Answers when done, as the spec's call does; the run is a job like an import (Logs shows it).
    .post('/feed/reexport/images/:id', (c) => startRun(deps, c, 'image-reexport', true))
    .get('/history/feed', async (c) => {
      const query = new URL(c.req.url).searchParams;
      const { page, size } = pageParams(query, HISTORY_PAGE_SIZE);
      // Only sorting by dateTimeOperation is offered; the spec's call sends `dateTimeOperation,desc`.
      const direction = sortDirectionParam(query.get('sort'), 'dateTimeOperation');
      return c.json(await historyPage(deps.db, { page, size, direction }));
    })
    // One run with its held-back values (docs/feeds.md, "Parsing history"), for the Logs screen.
    .get('/history/feed/:id', async (c) => {
      const id = idParam(c.req.param('id'), 'History id');
      const entry = await findHistoryEntry(deps.db, id);
      if (!entry) throw new ApiError(404, `There is no import run with id ${id}`);
      return c.json(entry);
    });
}
