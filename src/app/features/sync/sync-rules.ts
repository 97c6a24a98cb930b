/**
 * Decisions of the sync status indicator and panel, kept out of the components so they can be
 * tested: how the state reads, how an outbox entry is named, which fields of a conflict differ,
 * and relative times.
 */
import type { OutboxCounts, OutboxEntry, OutboxStatus } from '../../sync/app-sync';
import type { OfflineDownloadState } from '../../state/sync';
import { countText } from '../../lib/format';
import type { Connection } from '../../lib/reachability-rule';
import { messages } from '../../../shared/messages';
import { syncStatusMessages, type SyncStatusWords } from '../../../shared/sync-status-messages';

/** The words of the sync status, in the language shown (English by default). */
export interface SyncWords {
  status: SyncStatusWords;
  /** "Can't reach the server" (messages.sync.unreachable). */
  unreachable: string;
}

export const ENGLISH_SYNC_WORDS: SyncWords = { status: syncStatusMessages, unreachable: messages.sync.unreachable };
const ENGLISH = ENGLISH_SYNC_WORDS;

export function changesText(count: number, words: SyncStatusWords = syncStatusMessages): string {
  return words.changes(count);
}

export type IndicatorTone = 'offline' | 'unreachable' | 'attention' | 'syncing' | 'waiting' | 'synced';

export interface IndicatorState {
  tone: IndicatorTone;
  /** Short text for the button's accessible name and tooltip. */
  label: string;
  /** Number on the badge (waiting changes), or null for none. */
  badge: number | null;
}

export interface IndicatorInput {
  online: boolean;
  counts: OutboxCounts | null;
  pausedForSignIn: boolean;
  draining: boolean;
  /** A network, but the server does not answer (docs/offline.md "Reaching the server"). */
  unreachable?: boolean;
}

/** What the top-bar button shows: offline first, then problems, then activity. */
export function indicatorState({ online, counts, pausedForSignIn, draining, unreachable = false }: IndicatorInput, words: SyncWords = ENGLISH): IndicatorState {
  const say = words.status;
  const waiting = counts?.waiting ?? 0;
  const badge = waiting > 0 ? waiting : null;
  const waitingText = waiting > 0 ? say.waiting(say.changes(waiting), waiting) : say.nothingWaiting;
  if (unreachable) return { tone: 'unreachable', label: say.label(words.unreachable, waitingText), badge };
  if (!online) return { tone: 'offline', label: say.label(say.offline, waitingText), badge };
  const problems = (counts?.failed ?? 0) + (counts?.conflict ?? 0);
  if (pausedForSignIn && waiting > 0) return { tone: 'attention', label: say.signInToSend(say.changes(waiting)), badge };
  if (problems > 0) return { tone: 'attention', label: say.needAttention(problems), badge };
  if (waiting > 0) return { tone: draining ? 'syncing' : 'waiting', label: say.label(say.online, waitingText), badge };
  return { tone: 'synced', label: say.allSent, badge: null };
}

/** The word on the top-bar button. */
export function connectionText(connection: Connection, words: SyncWords = ENGLISH): string {
  if (connection === 'unreachable') return words.unreachable;
  return connection === 'online' ? words.status.online : words.status.offline;
}

export function statusLabel(status: OutboxStatus, words: SyncStatusWords = syncStatusMessages): string {
  return words.entryStatus[status];
}

export type PanelGroup = 'conflict' | 'failed' | 'pending';

/** Groups entries for the panel: what needs a decision first, then failures, then the rest. */
export function groupEntries(entries: readonly OutboxEntry[]): Record<PanelGroup, OutboxEntry[]> {
  const groups: Record<PanelGroup, OutboxEntry[]> = { conflict: [], failed: [], pending: [] };
  for (const entry of entries) {
    if (entry.status === 'conflict') groups.conflict.push(entry);
    else if (entry.status === 'failed') groups.failed.push(entry);
    else groups.pending.push(entry);
  }
  return groups;
}

/** 'just now', '5 minutes ago', 'yesterday', or the date for anything older than a week. */
export function relativeTime(then: number, now: number, words: SyncStatusWords = syncStatusMessages): string {
  const seconds = Math.round((now - then) / 1000);
  if (seconds < 45) return words.justNow;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return words.minutesAgo(minutes);
  const hours = Math.round(minutes / 60);
  if (hours < 24) return words.hoursAgo(hours);
  const days = Math.round(hours / 24);
  if (days === 1) return words.yesterday;
  if (days < 7) return words.daysAgo(days);
  return new Date(then).toISOString().slice(0, 10);
}

export function lastSyncText(lastSyncAt: number | null, now: number, words: SyncStatusWords = syncStatusMessages): string {
  return lastSyncAt === null ? words.nothingSent : words.lastSent(relativeTime(lastSyncAt, now, words));
}

function scopeText(scope: string, words: SyncStatusWords): string {
  return scope === 'All' ? words.wholeCatalogueScope : scope;
}

/** The progress line of "Make available offline". */
export function downloadText(state: OfflineDownloadState, now: number, words: SyncStatusWords = syncStatusMessages): string {
  const products = (count: number) => words.products(countText(count), count);
  const scope = scopeText(state.scope, words);
  switch (state.status) {
    case 'idle':
      return words.notDownloaded;
    case 'running':
      if (state.refreshing) return words.checking(scope, products(state.received));
      return state.total === null ? words.downloading(scope, products(state.received)) : words.downloadingOf(scope, countText(state.received), products(state.total));
    case 'done':
      return words.available(scope, products(state.received), relativeTime(state.finishedAt ?? now, now, words));
    case 'error':
      return words.stopped(state.error ?? words.unknownError);
  }
}
