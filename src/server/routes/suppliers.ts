/**
 * Our supplier calls for the Parser screen (docs/feeds.md, "Suppliers"): list with last runs, add,
 * edit, enable/disable, delete (never one with products), the uploaded feed file and Test feed.
 * The spec's GET /api/v1/supplier stays in feeds.ts with its shape. Stored credentials never leave
 * the server: answers say only that they are set, and for which origin; they go only there
 * (docs/security.md, "Feed credentials").
 */
import { serverSentence } from '../../shared/server-messages';
import { Hono } from 'hono';
import { z } from 'zod';
import { supplierInputSchema, testFeedRequestSchema, type SupplierInputParsed, type SupplierStaleAnswer, type TestFeedRequestParsed } from '../../shared/suppliers';
// A supplier's ETag is its version in quotes, as a product's is.
import { productEtag as versionEtag } from '../http/version-etag';
import type { FeedDeps } from '../feeds/feed-deps';
import { addressOrigin, enteredCredentials, keptCredentialsProblem } from '../feeds/credential-origin';
import { feedAddressProblem, MAX_FEED_UPLOAD_BYTES } from '../feeds/feed-source';
import {
  createSupplier,
  deleteSupplier,
  listSupplierDetails,
  setSupplierEnabled,
  storedCredentials,
  supplierDetails,
  updateSupplier,
  type StoredCredentials,
} from '../feeds/supplier-store';
import { discardFeedFileUpload, ensureSupplierExists, sweepAbandonedUploads, swapInFeedFile, writeFeedFileUpload } from '../feeds/feed-file-store';
import { testFeed } from '../feeds/test-feed';
import { eq } from 'drizzle-orm';
import { suppliers } from '../db/schema';
import { ApiError } from '../http/errors';
import { parsedOr400 } from '../http/problem-sentence';
import { readJsonBody } from '../http/read-json';
import { idParam } from '../http/request-params';
import type { AuthEnv } from '../http/require-token';
import { uploadBodyLimitBytes, type SingleFileUpload } from '../http/single-file-upload';
import { receiveSingleFile, streamedBodyLimit, type FileStream } from '../http/streamed-upload';

export const FEED_FILE_FIELD = 'feedFile';
const FEED_FILE_UPLOAD: SingleFileUpload = {
  field: FEED_FILE_FIELD,
  maxBytes: MAX_FEED_UPLOAD_BYTES,
  what: 'a CSV, XML or .xlsx file (may be gzip-compressed)',
  tooLarge: () => ApiError.saying(413, serverSentence('feedFileTooLarge', MAX_FEED_UPLOAD_BYTES / 1024 / 1024)),
};
/** The largest body of the two upload calls (feed file, Test feed with a file). */
export const MAX_FEED_UPLOAD_BODY_BYTES = uploadBodyLimitBytes(FEED_FILE_UPLOAD);
export const feedFileTooLarge = FEED_FILE_UPLOAD.tooLarge;

const supplierIdParam = (text: string) => idParam(text, 'The supplier id');

/** A body as the schema reads it, else 400 with its first problem naming the field (the Parser screen shows it). */
function parseWith<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  return parsedOr400(schema, body, { whole: 'The request' });
}

/** A URL source needs an address that may be fetched; the reason is the one the Parser screen shows. */
function checkSource(deps: FeedDeps, input: Pick<SupplierInputParsed, 'feedSource' | 'supplierUrlFeed'>): void {
  if (input.feedSource !== 'url') return;
  if (input.supplierUrlFeed === '') throw ApiError.saying(400, serverSentence('feedAddressMissing'));
  const problem = feedAddressProblem(input.supplierUrlFeed, deps);
  if (problem) throw ApiError.saying(400, problem);
}

/**
 * The credentials a Test feed sends: the ones typed (for the address typed), or with `keep` the
 * stored supplier's, which are refused (422) for an address on another origin than theirs.
 */
async function credentialsFor(deps: FeedDeps, request: TestFeedRequestParsed, withFile: boolean): Promise<StoredCredentials | null> {
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
  if (problem) throw ApiError.saying(422, problem);
  return stored;
}

/** The settings of a Test feed request, checked. */
function testFeedSettings(body: unknown): TestFeedRequestParsed {
  return parseWith(testFeedRequestSchema, body);
}

/**
 * The file of a Test feed as the worker reads it, and what is left of it read to its end afterwards
 * (so the multipart body finishes): a stream over the same reader whose cancel does not cancel the
 * upload. The file limit counts in both.
 */
function previewedFile(file: FileStream): { body: ReadableStream<Uint8Array>; drain: () => Promise<void> } {
  const reader = file.getReader();
  let size = 0;
  const counted = async () => {
    const next = await reader.read();
    if (!next.done) {
      size += next.value.byteLength;
      if (size > MAX_FEED_UPLOAD_BYTES) throw feedFileTooLarge();
    }
    return next;
  };
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await counted();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
    },
    { highWaterMark: 0 },
  );
  const drain = async () => {
    while (!(await counted()).done) {
      // the rest of the file is not needed
    }
  };
  return { body, drain };
}

export function supplierRoutes(deps: FeedDeps) {
  return new Hono<AuthEnv>()
    .get('/suppliers', async (c) => c.json(await listSupplierDetails(deps.db)))
    .post('/suppliers/test-feed', streamedBodyLimit(MAX_FEED_UPLOAD_BODY_BYTES, feedFileTooLarge), async (c) => {
      const preview = async (request: TestFeedRequestParsed, file: ReadableStream<Uint8Array> | null) => {
        const credentials = await credentialsFor(deps, request, file !== null);
        return testFeed(deps, {
          source: { supplierId: request.supplierId, feedSource: request.feedSource, supplierUrlFeed: request.supplierUrlFeed, credentials },
          file,
          feedFormat: request.feedFormat,
          mapping: request.mapping,
          supplierName: request.supplierName,
        });
      };
      if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
        const request = testFeedSettings(await readJsonBody(c));
        if (request.feedSource === 'url') checkSource(deps, request);
        return c.json(await preview(request, null));
      }
      // Multipart: the settings, then the file, read by the parse worker while it arrives (docs/feeds.md, "Test feed").
      let settings: string | null = null;
      const report = await receiveSingleFile(
        c,
        FEED_FILE_UPLOAD,
        async (file) => {
          if (settings === null) throw new ApiError(400, `The field 'settings' with the supplier's settings (JSON) must come before the field '${FEED_FILE_FIELD}'`);
          let body: unknown;
          try {
            body = JSON.parse(settings);
          } catch {
            throw new ApiError(400, "The field 'settings' must be JSON");
          }
          const { body: previewed, drain } = previewedFile(file);
          const answer = await preview(testFeedSettings(body), previewed);
          await drain();
          return answer;
        },
        async () => undefined,
        undefined,
        (name, value) => {
          if (name === 'settings') settings = value;
        },
      );
      return c.json(report);
    })
    .get('/suppliers/:id', async (c) => c.json(await supplierDetails(deps.db, supplierIdParam(c.req.param('id')))))
    .post('/suppliers', async (c) => {
      const input = parseWith(supplierInputSchema, await readJsonBody(c));
      checkSource(deps, input);
      return c.json(await createSupplier(deps.db, input, deps.selfOrigin), 201);
    })
    .put('/suppliers/:id', async (c) => {
      const id = supplierIdParam(c.req.param('id'));
      const input = parseWith(supplierInputSchema, await readJsonBody(c));
      checkSource(deps, input);
      const outcome = await updateSupplier(deps.db, id, input, c.req.header('If-Match') ?? null, deps.selfOrigin);
      c.header('ETag', versionEtag(outcome.supplier.version));
      if (outcome.kind === 'stale') return c.json({ ...serverSentence('supplierChanged'), supplier: outcome.supplier } satisfies SupplierStaleAnswer, 412);
      return c.json(outcome.supplier);
    })
    .put('/suppliers/:id/enabled', async (c) => {
      const id = supplierIdParam(c.req.param('id'));
      const { enabled } = parseWith(z.object({ enabled: z.boolean() }).strict(), await readJsonBody(c));
      return c.json(await setSupplierEnabled(deps.db, id, enabled));
    })
    .delete('/suppliers/:id', async (c) => {
      await deleteSupplier(deps.db, supplierIdParam(c.req.param('id')));
      return c.body(null, 204);
    })
    // Streamed into the database in ~1 MB chunks while it arrives, swapped in once complete (feed-file-store.ts).
    .post('/suppliers/feed-file/:id', streamedBodyLimit(MAX_FEED_UPLOAD_BODY_BYTES, feedFileTooLarge), async (c) => {
      const id = supplierIdParam(c.req.param('id'));
      await ensureSupplierExists(deps.db, id);
      await sweepAbandonedUploads(deps.db);
      let fileName = '';
      const upload = await receiveSingleFile(
        c,
        FEED_FILE_UPLOAD,
        (file, info) => {
          fileName = info.filename;
          return writeFeedFileUpload(deps.db, id, file, { maxBytes: MAX_FEED_UPLOAD_BYTES, tooLarge: feedFileTooLarge });
        },
        (taken) => discardFeedFileUpload(deps.db, taken.uploadId),
      );
      const name = [...(fileName || 'feed')].filter((char) => char.charCodeAt(0) >= 32).join('').slice(0, 200) || 'feed';
      try {
        await swapInFeedFile(deps.db, upload, name);
      } catch (error) {
        await discardFeedFileUpload(deps.db, upload.uploadId);
        throw error;
      }
      return c.json(await supplierDetails(deps.db, id));
    });
}
