/**
 * The first pass over a Magento export (docs/feeds.md, "Variants and parent rows"): reads the feed
 * once, keeping only which configurable product lists each simple product (child SKU -> parent
 * SKU), so the import proper gives every child its `parent_sku` however far from its configurable
 * product it is. Streams like the import and holds only those SKU pairs; writes nothing.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { VARIATIONS_COLUMN, variantParentsOfRow } from '../../shared/feed-attribute-columns';
import type { FeedMapping } from '../../shared/feed-mapping';
import { readRawFeed } from './feed-row-batches';

/** The feed's child -> parent SKUs; null when the feed has no `configurable_variations` column (read no further than its first record). */
export async function readVariantParents(
  format: string,
  body: ReadableStream<Uint8Array>,
  read: { mapping: FeedMapping | null; maxBytes: number; charset?: string | null },
): Promise<Map<string, string> | null> {
  const stream = Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>);
  try {
    const parents = new Map<string, string>();
    let first = true;
    for await (const item of readRawFeed(format, stream, { ...read, checkColumns: false })) {
      if (!('record' in item)) continue;
      if (first && item.record[VARIATIONS_COLUMN] === undefined) return null;
      first = false;
      for (const [child, parent] of variantParentsOfRow(item.record)) parents.set(child, parent);
    }
    return first ? null : parents;
  } finally {
    stream.destroy();
  }
}
