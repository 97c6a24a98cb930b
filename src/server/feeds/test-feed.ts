/**
 * "Test feed" (docs/feeds.md): reads only the first rows of a feed with the settings on the form
 * (saved or not) and answers them as they would be imported, each with its problems. Writes
 * nothing; the download is cancelled once enough rows are read. The feed is read in the parse
 * worker, as an import is (test-feed-preview.ts): a feed over a limit of feed-limits.ts answers 422
 * naming it, and one that needs more memory than an import may use ends only that worker.
 */
import { serverSentence } from '../../shared/server-messages';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FeedMapping } from '../../shared/feed-mapping';
import { imageBaseOf } from '../../shared/feed-image-addresses';
import type { TestFeedReport } from '../../shared/suppliers';
import { ApiError } from '../http/errors';
import { FeedFormatError } from './feed-item';
import { feedAddressProblem, openFeedSource, type FeedSourceSettings, type OpenedFeed } from './feed-source';
import { DEFAULT_MAX_FEED_BYTES, DownloadError, RefusedTargetError, type OutboundDeps } from './outbound';
import { ParseWorker } from './parse-in-worker';
import { previewFeedBytes, type PreviewRequest } from './test-feed-preview';
import type { Database } from '../db/connection';

/** The whole preview (download and reading) may take this long. */
const TEST_FEED_TIMEOUT_MS = 30_000;
/** A workbook larger than this is not previewed (Run reads it in full in the parse worker). */
export const TEST_FEED_MAX_BYTES = 20 * 1024 * 1024;

export interface TestFeedInput {
  source: FeedSourceSettings;
  /** The bytes of a file sent with the request (instead of the stored one), as they arrive. */
  file: ReadableStream<Uint8Array> | null;
  feedFormat: string;
  mapping: FeedMapping | null;
  supplierName: string;
}

class PreviewTimedOut extends Error {}

/** Reads the preview in a parse worker, or on this thread where none can start; ends the worker after. */
async function readPreview(body: ReadableStream<Uint8Array>, request: PreviewRequest): Promise<TestFeedReport> {
  const worker = await ParseWorker.start();
  let timedOut = false;
  let stopReading = () => {};
  const timer = setTimeout(() => {
    timedOut = true;
    stopReading();
  }, TEST_FEED_TIMEOUT_MS);
  try {
    if (worker) {
      stopReading = () => void worker.stop();
      return await worker.preview(body, request);
    }
    const stream = Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>);
    stopReading = () => stream.destroy(new PreviewTimedOut());
    try {
      return await previewFeedBytes(stream, request);
    } finally {
      stream.destroy();
    }
  } catch (error) {
    if (timedOut) throw new PreviewTimedOut();
    throw error;
  } finally {
    clearTimeout(timer);
    await worker?.stop();
  }
}

export async function testFeed(deps: OutboundDeps & { db: Database }, input: TestFeedInput): Promise<TestFeedReport> {
  if (!input.file && input.source.feedSource === 'url') {
    const problem = feedAddressProblem(input.source.supplierUrlFeed, deps);
    if (problem) throw ApiError.saying(422, problem);
  }
  let opened: OpenedFeed;
  try {
    opened = input.file ? { body: input.file, declaredBytes: null, charset: null } : await openFeedSource(deps, input.source, { timeoutMs: TEST_FEED_TIMEOUT_MS });
  } catch (error) {
    if (error instanceof RefusedTargetError) throw ApiError.saying(422, serverSentence('feedAddressRefused', error.message));
    if (error instanceof DownloadError) throw ApiError.saying(502, serverSentence('testFeedDownloadFailed', error.message));
    throw error;
  }
  try {
    return await readPreview(opened.body, {
      format: input.feedFormat,
      mapping: input.mapping,
      // Only the first rows are read; a workbook (read whole) is previewed up to this size.
      maxBytes: Math.min(deps.outbound?.maxFeedBytes ?? DEFAULT_MAX_FEED_BYTES, TEST_FEED_MAX_BYTES),
      supplierName: input.supplierName,
      charset: opened.charset,
      imageBase: imageBaseOf({
        feedSource: input.file ? 'upload' : input.source.feedSource,
        supplierUrlFeed: input.source.supplierUrlFeed,
        imageBaseUrl: input.mapping?.imageBaseUrl ?? '',
      }),
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof FeedFormatError) throw error.sentence ? ApiError.saying(422, error.sentence) : new ApiError(422, error.message);
    if (error instanceof RefusedTargetError) throw ApiError.saying(422, serverSentence('feedAddressRefused', error.message));
    if (error instanceof DownloadError) throw ApiError.saying(502, serverSentence('testFeedDownloadFailed', error.message));
    if (error instanceof PreviewTimedOut) throw ApiError.saying(502, serverSentence('testFeedTimedOut', TEST_FEED_TIMEOUT_MS / 1000));
    throw ApiError.saying(502, serverSentence('testFeedUnreadable', error instanceof Error ? error.message : String(error)));
  }
}
