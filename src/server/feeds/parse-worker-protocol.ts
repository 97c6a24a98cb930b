/** Messages between the import (main thread) and parse-worker.ts. */
import type { ImageBase } from '../../shared/feed-image-addresses';
import type { FeedMapping } from '../../shared/feed-mapping';
import type { TestFeedReport } from '../../shared/suppliers';
import type { ParsedBatch } from './feed-row-batches';
import type { ServerSentence } from '../../shared/server-messages';
import type { PreviewRequest } from './test-feed-preview';

export type ParseWorkerRequest =
  | {
      type: 'parse';
      format: string;
      supplierName: string;
      imageBase: ImageBase;
      batchSize: number;
      mapping: FeedMapping | null;
      maxBytes: number;
      charset: string | null;
      /** Magento: the feed's child -> parent SKUs from a first pass (variant-parents.ts); a Map survives postMessage. */
      variantParents?: ReadonlyMap<string, string> | null;
    }
  /** Test feed: read the first rows and answer one report (test-feed-preview.ts). */
  | ({ type: 'preview' } & PreviewRequest)
  /** Feed bytes, pushed by the main thread as they arrive (the worker cannot pull while the main thread is busy, as it is with PGlite on it). */
  | { type: 'chunk'; bytes: Uint8Array }
  | { type: 'end-of-input' }
  /** The writer can take one more batch. */
  | { type: 'more' };

export type ParseWorkerReply =
  | { type: 'ready' }
  | { type: 'batch'; batch: ParsedBatch }
  | { type: 'preview'; report: TestFeedReport }
  /** Bytes taken from the input queue, so the main thread may push more. */
  | { type: 'consumed'; bytes: number }
  | { type: 'end' }
  /** `unreadable`: the feed itself is broken (FeedFormatError); otherwise a stream or server problem. */
  | { type: 'error'; unreadable: boolean; message: string; sentence?: ServerSentence };
