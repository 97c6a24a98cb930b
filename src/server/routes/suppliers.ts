/**
 * Our supplier calls for the Parser screen (docs/feeds.md, "Suppliers"): list with last runs, add,
 * edit, enable/disable, delete (never one with products), the uploaded feed file and Test feed.
 * The spec's GET /api/v1/supplier stays in feeds.ts with its shape. Stored credentials never leave
 * the server: answers say only that they are set, and for which origin; they go only there
 * (docs/security.md, "Feed credentials").
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { SUPPLIER_CHANGED_MESSAGE, supplierInputSchema, testFeedRequestSchema, type SupplierInputParsed, type SupplierStaleAnswer, type TestFeedRequestParsed } from '../../shared/suppliers';
// A supplier's ETag is its version in quotes, as a product's is.
import { productEtag as versionEtag } from '../catalogue/product-etag';
import type { AppDeps } from '../app-deps';
import { addressOrigin, enteredCredentials, keptCredentialsProblem } from '../feeds/credential-origin';
import { feedAddressProblem, MAX_FEED_UPLOAD_BYTES } from '../feeds/feed-source';
import {
  createSupplier,
  deleteSupplier,
  listSupplierDetails,
  setSupplierEnabled,
  storedCredentials,
  storeFeedFile,
  supplierDetails,
  updateSupplier,
  type StoredCredentials,
} from '../feeds/supplier-store';
import { testFeed } from '../feeds/test-feed';
import { eq } from 'drizzle-orm';
import { suppliers } from '../db/schema';
import { ApiError } from '../http/errors';
import { readJsonBody } from '../http/read-json';
import type { AuthEnv } from '../http/require-token';
import { readSingleFile, singleFileBodyLimit, uploadBodyLimitBytes, type SingleFileUpload } from '../http/single-file-upload';

export const FEED_FILE_FIELD = 'feedFile';
const FEED_FILE_UPLOAD: SingleFileUpload = {
  field: FEED_FILE_FIELD,
  maxBytes: MAX_FEED_UPLOAD_BYTES,
  what: 'a CSV, XML or .xlsx file (may be gzip-compressed)',
  tooLarge: () => new ApiError(413, `The feed file is larger than ${MAX_FEED_UPLOAD_BYTES / 1024 / 1024} MB; let the supplier publish it at an address instead`),
};
/** The largest body of the two upload calls (feed file, Test feed with a file). */
export const MAX_FEED_UPLOAD_BODY_BYTES = uploadBodyLimitBytes(FEED_FILE_UPLOAD);
export const feedFileTooLarge = FEED_FILE_UPLOAD.tooLarge;

const MAX_ID = 2_147_483_647;
function idParam(value: string): number {
  const id = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw new ApiError(400, `The supplier id must be a whole number from 1, got '${value}'`);
  return id;
}

/** A zod failure as one sentence naming the field. */
function invalid(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || 'The request';
  return new ApiError(400, `${field}: ${issue?.message ?? 'is not valid'}`);
}

function parseWith<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data;
}

/** A URL source needs an address that may be fetched; the reason is the one the Parser screen shows. */
function checkSource(deps: AppDeps, input: Pick<SupplierInputParsed, 'feedSource' | 'supplierUrlFeed'>): void {
  if (input.feedSource !== 'url') return;
  if (input.supplierUrlFeed === '') throw new ApiError(400, 'supplierUrlFeed: Give the feed address (http or https), or choose an uploaded file');
  const problem = feedAddressProblem(input.supplierUrlFeed, deps);
  if (problem) throw new ApiError(400, problem);
}

/**
 * The credentials a Test feed sends: the ones typed (for the address typed), or with `keep` the
 * stored supplier's, which are refused (422) for an address on another origin than theirs.
 */
async function credentialsFor(deps: AppDeps, request: TestFeedRequestParsed, withFile: boolean): Promise<StoredCredentials | null> {
  const input = request.credentials;
  const origin = addressOrigin(request.supplierUrlFeed, deps.selfOrigin);
  if (input.kind === 'none') return null;
  if (input.kind !== 'keep') return enteredCredentials(input, origin);
  if (request.supplierId === null) return null;
  const [row] = await deps.db
    .select({ credentials: suppliers.feedCredentials, address: suppliers.supplierUrlFeed })
    .from(suppliers)
    .where(eq(suppliers.supplierId, request.supplierId));
  const stored = row ? storedCredentials(row.credentials, addressOrigin(row.address, deps.selfOrigin)) : null;
  const problem = !withFile && request.feedSource === 'url' ? keptCredentialsProblem(stored, origin) : null;
  if (problem) throw new ApiError(422, problem);
  return stored;
}

async function readTestFeedRequest(c: Context): Promise<{ body: unknown; file: Uint8Array | null }> {
  const type = (c.req.header('Content-Type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) return { body: await readJsonBody(c), file: null };
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new ApiError(400, 'The upload could not be read as multipart/form-data');
  }
  const settings = form.get('settings');
  if (typeof settings !== 'string') throw new ApiError(400, "The field 'settings' with the supplier's settings (JSON) is missing");
  let body: unknown;
  try {
    body = JSON.parse(settings);
  } catch {
    throw new ApiError(400, "The field 'settings' must be JSON");
  }
  const file = form.get(FEED_FILE_FIELD);
  if (file === null) return { body, file: null };
  if (!(file instanceof File)) throw new ApiError(400, `The field '${FEED_FILE_FIELD}' must be a file`);
  if (file.size > MAX_FEED_UPLOAD_BYTES) throw feedFileTooLarge();
  if (file.size === 0) throw new ApiError(400, 'The file is empty');
  return { body, file: new Uint8Array(await file.arrayBuffer()) };
}

export function supplierRoutes(deps: AppDeps) {
  return new Hono<AuthEnv>()
    .get('/suppliers', async (c) => c.json(await listSupplierDetails(deps.db)))
    .post('/suppliers/test-feed', singleFileBodyLimit(FEED_FILE_UPLOAD), async (c) => {
      const { body, file } = await readTestFeedRequest(c);
      const request = parseWith(testFeedRequestSchema, body);
      if (!file && request.feedSource === 'url') checkSource(deps, request);
      const credentials = await credentialsFor(deps, request, file !== null);
      const report = await testFeed(deps, {
        source: { supplierId: request.supplierId, feedSource: request.feedSource, supplierUrlFeed: request.supplierUrlFeed, credentials },
        file,
        feedFormat: request.feedFormat,
        mapping: request.mapping,
        supplierName: request.supplierName,
      });
      return c.json(report);
    })
    .get('/suppliers/:id', async (c) => c.json(await supplierDetails(deps.db, idParam(c.req.param('id')))))
    .post('/suppliers', async (c) => {
      const input = parseWith(supplierInputSchema, await readJsonBody(c));
      checkSource(deps, input);
      return c.json(await createSupplier(deps.db, input, deps.selfOrigin), 201);
    })
    .put('/suppliers/:id', async (c) => {
      const id = idParam(c.req.param('id'));
      const input = parseWith(supplierInputSchema, await readJsonBody(c));
      checkSource(deps, input);
      const outcome = await updateSupplier(deps.db, id, input, c.req.header('If-Match') ?? null, deps.selfOrigin);
      c.header('ETag', versionEtag(outcome.supplier.version));
      if (outcome.kind === 'stale') return c.json({ message: SUPPLIER_CHANGED_MESSAGE, supplier: outcome.supplier } satisfies SupplierStaleAnswer, 412);
      return c.json(outcome.supplier);
    })
    .put('/suppliers/:id/enabled', async (c) => {
      const id = idParam(c.req.param('id'));
      const { enabled } = parseWith(z.object({ enabled: z.boolean() }).strict(), await readJsonBody(c));
      return c.json(await setSupplierEnabled(deps.db, id, enabled));
    })
    .delete('/suppliers/:id', async (c) => {
      await deleteSupplier(deps.db, idParam(c.req.param('id')));
      return c.body(null, 204);
    })
    .post('/suppliers/feed-file/:id', singleFileBodyLimit(FEED_FILE_UPLOAD), async (c) => {
      const id = idParam(c.req.param('id'));
      const file = await readSingleFile(c, FEED_FILE_UPLOAD);
      const name = [...(file.name || 'feed')].filter((char) => char.charCodeAt(0) >= 32).join('').slice(0, 200) || 'feed';
      return c.json(await storeFeedFile(deps.db, id, name, Buffer.from(await file.arrayBuffer())));
    });
}
