/** Feed calls of the catalogue API (docs/feeds.md). */
import type { FeedRunReport, Page, ParsingHistoryEntry } from '../../shared/contract';
import { apiFetch } from './client';

/** Imports and re-exports answer when they have finished: a large feed takes a while. */
const FEED_RUN_TIMEOUT_MS = 10 * 60_000;

/** POST /api/v1/feed/parse/{id}: imports the supplier's feed (0 = every supplier). */
export const runFeedImport = (supplierId: number) =>
  apiFetch<FeedRunReport>(`/api/v1/feed/parse/${supplierId}?wait=true`, { method: 'POST', timeout: FEED_RUN_TIMEOUT_MS });

/** POST /api/v1/feed/reexport/images/{id}: stores the supplier's feed images on our host. */
export const reexportImages = (supplierId: number) =>
  apiFetch<FeedRunReport>(`/api/v1/feed/reexport/images/${supplierId}`, { method: 'POST', timeout: FEED_RUN_TIMEOUT_MS });

/** GET /api/v1/history/feed: the newest parsing-history entries (spec: page 0, newest first). */
export const getParsingHistory = (size: number) =>
  apiFetch<Page<ParsingHistoryEntry>>('/api/v1/history/feed', {
    query: { page: '0', size: String(size), sort: 'dateTimeOperation,desc' },
  });

/** GET /api/v1/history/feed/{id}: one run, with the supplier values it held back. */
export const getParsingRun = (historyId: number) => apiFetch<ParsingHistoryEntry>(`/api/v1/history/feed/${historyId}`);
