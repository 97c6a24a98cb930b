/**
 * The bol calls of docs/requirements.md §7 around a product: Bol categories (chunks), the Bol model,
 * content creation, upload reports, the update from bol; plus our marketplace state and job
 * progress. What each does on our side: docs/bol.md.
 */
import { Hono, type Context } from 'hono';
import { bolModelChangeSetSchema, type BolModelChangeConflict, type BolModelChangeSet } from '../../shared/bol-change-set';
import { serverSentence } from '../../shared/server-messages';
import { unreadableProtocolSentence } from '../catalogue/change-set-input';
import { bolModelSchema, bolChunkSaveSchema, bolProductIdsSchema, type BolJobKind, type BolModel } from '../../shared/bol-contract';
import { requireBolClient, type BolWingDeps } from '../bol/bol-deps';
import { latestJobs, loadJob, runJob, type JobOutcome } from '../bol/marketplace/bol-jobs';
import { createContent, readUploadReports, type ContentContext } from '../bol/marketplace/content-upload';
import { contentCreationRefusal } from '../bol/marketplace/public-media';
import { assignChunk, chunkAssignment, readModel, requireProduct, saveModel, saveModelChanges } from '../bol/marketplace/product-model';
import { marketplaceState } from '../bol/marketplace/product-state';
import { importFromRetailer } from '../bol/marketplace/retailer-import';
import { listChunks } from '../bol/model/model-store';
import { headerMatchesVersion, productEtag } from '../http/version-etag';
import { ApiError } from '../http/errors';
import { authorOf, MADE_AT_HEADER, madeAtOf, madeAtProblem } from '../http/author';
import { idempotencyOf, runIdempotentTransaction } from '../http/idempotency';
import { parsedOr400, problemList, problemSentence, problemText } from '../http/problem-sentence';
import { readJsonBody } from '../http/read-json';
import { idParam } from '../http/request-params';
import type { AuthEnv } from '../http/require-token';

const JOB_KINDS: readonly BolJobKind[] = ['order-import', 'content-creation', 'upload-report', 'offer-import', 'retailer-import'];

/** The product ids of a body that is either the array itself or { productIds: [...] }. */
export async function productIdsOf(c: Context): Promise<number[]> {
  const body = await readJsonBody(c);
  return parsedOr400(bolProductIdsSchema, Array.isArray(body) ? { productIds: body } : body, { what: 'The list of product ids', whole: 'body' }).productIds;
}

export function jobAnswer(c: Context, outcome: JobOutcome): Response {
  // A failed job's report doubles as the error body: it has the `message` every error carries.
  return c.json(outcome.report, outcome.httpStatus);
}

export function bolRoutes(deps: BolWingDeps) {
  const { db } = deps;
  const now = () => new Date(deps.now?.() ?? Date.now());
  // Read when a call runs: main.ts learns the real port only once the server listens.
  const selfOrigin = () => deps.selfOrigin ?? 'http://127.0.0.1:8080';
  const contentContext = (): ContentContext => ({
    db,
    client: requireBolClient(deps.bol),
    language: deps.bol?.language ?? 'nl',
    selfOrigin: selfOrigin(),
    publicBaseUrl: deps.bol?.publicBaseUrl ?? null,
    mediaPublicUrl: (filePath) => deps.media.publicUrlOf(filePath),
    now,
  });

  const uploadReports = async (c: Context) => {
    const suffix = c.req.path.slice(c.req.path.indexOf('/bol/report/') + '/bol/report/'.length);
    if (!suffix.startsWith('upload')) throw new ApiError(404, `No such call: ${c.req.method} ${c.req.path}`);
    const productIds = await productIdsOf(c);
    const context = contentContext();
    return jobAnswer(c, await runJob(db, 'upload-report', now, (job) => readUploadReports(context, job, productIds)));
  };

  const createContentCall = async (c: Context) => {
    const productIds = await productIdsOf(c);
    const context = contentContext();
    // Real bol downloads our images from the internet: refused up front without a public address.
    const refusal = deps.bol ? contentCreationRefusal(deps.bol, deps.media.publicUrl !== null) : null;
    if (refusal) throw new ApiError(503, refusal);
    return jobAnswer(c, await runJob(db, 'content-creation', now, (job) => createContent(context, job, productIds)));
  };

  return new Hono<AuthEnv>()
    .get('/bol/data/model/chunks', async (c) => c.json({ chunks: await listChunks(db) }))

    .get('/bol/data/model/chunk/:productId', async (c) => {
      const product = await requireProduct(db, idParam(c.req.param('productId'), 'Product id'));
      return c.json(await chunkAssignment(db, deps.bol?.client ?? null, product));
    })

    .post('/bol/data/model/chunk/save', async (c) => {
      const choice = parsedOr400(bolChunkSaveSchema, await readJsonBody(c), { what: 'The category choice', whole: 'body' });
      return c.json(await assignChunk(db, choice.productId, choice.chunkId, now(), { author: authorOf(c) }));
    })

    .get('/bol/data/model/product/:productId', async (c) => {
      const product = await requireProduct(db, idParam(c.req.param('productId'), 'Product id'));
      const model = await readModel(db, product, selfOrigin());
      c.header('ETag', productEtag(model.version ?? 0));
      c.header('Cache-Control', 'private, no-cache');
      const ifNoneMatch = c.req.header('If-None-Match');
      if (ifNoneMatch !== undefined && headerMatchesVersion(ifNoneMatch, model.version ?? 0)) return c.body(null, 304);
      return c.json(model);
    })

    .post('/bol/data/model/product', async (c) => {
      const body = await readJsonBody(c);
      const parsed = bolModelSchema.safeParse(body);
      if (!parsed.success) throw new ApiError(400, problemSentence(parsed.error.issues, { what: 'The Bol model', whole: 'body' }));
      const ifMatch = c.req.header('If-Match') ?? null;
      // Keyed like product saves: the outbox re-sends a save whose answer was lost.
      const result = await runIdempotentTransaction(db, idempotencyOf(c, 'POST /bol/data/model/product', [ifMatch, body]), async (tx) => {
        const outcome = await saveModel(tx, parsed.data, ifMatch, selfOrigin(), now(), {
          author: authorOf(c),
          deviceAt: madeAtOf(c.req.header(MADE_AT_HEADER), now().getTime()),
        });
        // 412 carries the current model, so the client can show it beside its own edit.
        return { status: outcome.kind === 'saved' ? 200 : 412, body: outcome.model };
      });
      const model = result.body as BolModel;
      if (result.replayed) c.header('Idempotent-Replayed', 'true');
      c.header('ETag', productEtag(model.version ?? 0));
      return c.json(model, result.status === 200 ? 200 : 412);
    })

    // A change set of the Bol model: only the changed attributes, each with its base, merged three
    // ways per attribute (docs/bol.md "Saving the Bol model field by field"); no If-Match.
    .patch('/bol/model/:productId', async (c) => {
      const productId = idParam(c.req.param('productId'), 'Product id');
      const body = await readJsonBody(c);
      // A version this server cannot read: the device shows the reason on the entry (docs/offline.md "Protocol version").
      const unreadable = unreadableProtocolSentence(body);
      if (unreadable !== null) throw ApiError.saying(400, unreadable);
      const parsed = bolModelChangeSetSchema.safeParse(body);
      if (!parsed.success) throw ApiError.saying(400, serverSentence('bolChangeSetNotValid', problemList(parsed.error.issues.map((issue) => problemText(issue, { whole: 'body' })))));
      const set = parsed.data as BolModelChangeSet;
      const madeAt = madeAtProblem(set.madeAt, now().getTime());
      if (madeAt !== null) throw ApiError.saying(400, serverSentence('bolChangeSetNotValid', problemList([madeAt])));
      // The record and the merge are one transaction: a retry after a crash gets the stored answer.
      const result = await runIdempotentTransaction(db, idempotencyOf(c, 'PATCH /bol/model', [productId, body]), async (tx) => {
        const outcome = await saveModelChanges(tx, productId, set, selfOrigin(), now(), { author: authorOf(c) });
        return outcome.kind === 'saved' ? { status: 200, body: outcome.model } : { status: 409, body: outcome.answer };
      });
      if (result.replayed) c.header('Idempotent-Replayed', 'true');
      if (result.status === 200) {
        const model = result.body as BolModel;
        c.header('ETag', productEtag(model.version ?? 0));
        return c.json(model, 200);
      }
      return c.json(result.body as BolModelChangeConflict, 409);
    })

    .post('/bol/retailer/create/content', createContentCall)
    .post('/bol/retailer/create/content/', createContentCall)
    .post('/bol/report/*', uploadReports)

    .post('/bol/retailer/import', async (c) => {
      const client = requireBolClient(deps.bol);
      return jobAnswer(c, await runJob(db, 'retailer-import', now, (job) => importFromRetailer(db, client, job, now)));
    })

    .get('/bol/state/:productId', async (c) => {
      const productId = idParam(c.req.param('productId'), 'Product id');
      await requireProduct(db, productId);
      return c.json(await marketplaceState(db, productId));
    })

    .get('/bol/jobs', async (c) => {
      const kind = c.req.query('kind') ?? '';
      if (kind !== '' && !JOB_KINDS.includes(kind as BolJobKind)) throw new ApiError(400, `kind must be one of ${JOB_KINDS.join(', ')}, got '${kind}'`);
      return c.json({ jobs: await latestJobs(db, kind === '' ? null : (kind as BolJobKind), 20), target: deps.bol?.client ? deps.bol.target : null });
    })

    .get('/bol/jobs/:jobId', async (c) => {
      const jobId = idParam(c.req.param('jobId'), 'Job id');
      const job = await loadJob(db, jobId);
      if (!job) throw new ApiError(404, `There is no bol job ${jobId}`);
      return c.json(job);
    });
}
