/**
 * Decisions of the sync status panel (SyncPanel.tsx), kept out of the component so they can be
 * tested: how its groups and statuses read, an entry's attempt line, when an entry can be tried
 * again, and which state "Make available offline" shows before anything ran in this tab.
 */
import type { OutboxEntry } from '../../sync/app-sync';
import type { OfflineDownloadState } from '../../state/sync';
import type { Connection } from '../../lib/reachability-rule';
import { connectionText, ENGLISH_SYNC_WORDS, relativeTime, type PanelGroup, type SyncWords } from './sync-rules';
import { syncPanelMessages, type SyncPanelWords } from '../../../shared/sync-panel-messages';
import { syncStatusMessages, type SyncStatusWords } from '../../../shared/sync-status-messages';

/** The headings of the panel's groups. */
export const GROUP_TITLES: Record<PanelGroup, string> = syncPanelMessages.groups;

/** The colour of a group's heading. */
export const GROUP_COLORS = { conflict: 'amber', failed: 'red', pending: 'gray' } as const satisfies Record<PanelGroup, string>;

/** The colour of an entry's status badge. */
export const STATUS_COLORS = { pending: 'gray', sending: 'blue', failed: 'red', conflict: 'amber' } as const satisfies Record<OutboxEntry['status'], string>;

/** The panel's one-line summary: online, offline or the server not answering, what waits, when something last reached the server. */
export function panelSummary(
  connection: Connection,
  waiting: number,
  lastSync: string,
  words: { panel: Pick<SyncPanelWords, 'summaryWaiting'>; sync: SyncWords } = { panel: syncPanelMessages, sync: ENGLISH_SYNC_WORDS },
): string {
  return `${connectionText(connection, words.sync)} · ${words.panel.summaryWaiting(waiting)} · ${lastSync}`;
}

/** When an entry was made or last tried, and how often. */
export function attemptText(
  entry: Pick<OutboxEntry, 'createdAt' | 'lastAttemptAt' | 'attempts'>,
  now: number,
  words: { panel: Pick<SyncPanelWords, 'made' | 'lastAttempt'>; status: SyncStatusWords } = { panel: syncPanelMessages, status: syncStatusMessages },
): string {
  if (entry.lastAttemptAt === null) return words.panel.made(relativeTime(entry.createdAt, now, words.status));
  return words.panel.lastAttempt(relativeTime(entry.lastAttemptAt, now, words.status), entry.attempts);
}

/** Retry is offered for a refused entry and for one waiting after a failed attempt. */
export function canRetry(entry: Pick<OutboxEntry, 'status' | 'attempts'>): boolean {
  return entry.status === 'failed' || (entry.status === 'pending' && entry.attempts > 0);
}

/** What "Make available offline" keeps of a scope on this device (an earlier visit's download). */
export interface KeptDownload {
  scope: string;
  received: number;
  total: number | null;
  complete: boolean;
  finishedAt: number | null;
}

/** What the download section shows: before anything ran in this tab, what an earlier visit kept. */
export function shownDownload(state: OfflineDownloadState, kept: KeptDownload | undefined): OfflineDownloadState {
  if (state.status !== 'idle' || !kept) return state;
  return {
    ...state,
    scope: kept.scope,
    received: kept.received,
    total: kept.total,
    status: kept.complete ? 'done' : 'error',
    finishedAt: kept.finishedAt,
    error: kept.complete ? null : 'interrupted',
  };
}
