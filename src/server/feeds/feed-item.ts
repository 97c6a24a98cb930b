/** What the streaming feed readers hand to the import, one at a time. */
import type { ServerSentence } from '../../shared/server-messages';
import type { FeedRecord } from './parse-feed-row';

export type FeedItem =
  /** A record and the (1-based) line of the feed where it starts; `unreadable`: the feed's encoding could not read some of its characters. */
  | { line: number; record: FeedRecord; unreadable?: true }
  /** A record the reader could not even split into fields (e.g. a CSV row with a wrong field count). */
  | { line: number; problem: string; sentence?: ServerSentence }
  /** A record the mapping's row filter skips (docs/feeds.md, "Variants and parent rows"): counted, not read. */
  | { line: number; skipped: true; skippedRecord: FeedRecord };

/**
 * The feed is unreadable from this point on (bad XML, unclosed CSV quote): the import stops.
 * `sentence` names the problem for the app to word (docs/languages.md, "Sentences the server
 * writes"); a problem written by a library stays English inside it.
 */
export class FeedFormatError extends Error {
  readonly sentence: ServerSentence | null;
  constructor(said: string | ServerSentence) {
    super(typeof said === 'string' ? said : said.message);
    this.name = 'FeedFormatError';
    this.sentence = typeof said === 'string' ? null : said;
  }
}

/** Canonical column name for a CSV header or XML element name, or null for columns we ignore. */
export function canonicalColumn(name: string, known: readonly string[]): string | null {
  const wanted = name.trim().toLowerCase();
  return known.find((column) => column.toLowerCase() === wanted) ?? null;
}
