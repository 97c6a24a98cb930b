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

export function changesText(count: number): string {
  return count === 1 ? '1 change' : `${count} changes`;
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
export function indicatorState({ online, counts, pausedForSignIn, draining, unreachable = false }: IndicatorInput): IndicatorState {
  const waiting = counts?.waiting ?? 0;
  const badge = waiting > 0 ? waiting : null;
  const waitingText = waiting > 0 ? `${changesText(waiting)} waiting` : 'nothing waiting';
  if (unreachable) return { tone: 'unreachable', label: `${messages.sync.unreachable}, ${waitingText}`, badge };
  if (!online) return { tone: 'offline', label: `Offline, ${waitingText}`, badge };
  const problems = (counts?.failed ?? 0) + (counts?.conflict ?? 0);
  if (pausedForSignIn && waiting > 0) return { tone: 'attention', label: `Sign in again to send ${changesText(waiting)}`, badge };
  if (problems > 0) return { tone: 'attention', label: `Online, ${changesText(problems)} need${problems === 1 ? 's' : ''} attention`, badge };
  if (waiting > 0) return { tone: draining ? 'syncing' : 'waiting', label: `Online, ${waitingText}`, badge };
  return { tone: 'synced', label: 'Online, all changes sent', badge: null };
}

/** The word on the top-bar button. */
export function connectionText(connection: Connection): string {
  if (connection === 'unreachable') return messages.sync.unreachable;
  return connection === 'online' ? 'Online' : 'Offline';
}

const STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: 'Waiting',
  sending: 'Sending',
  failed: 'Failed',
  conflict: 'Conflict',
};

export function statusLabel(status: OutboxStatus): string {
  return STATUS_LABELS[status];
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
export function relativeTime(then: number, now: number): string {
  const seconds = Math.round((now - then) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.round(hours / 24);
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return new Date(then).toISOString().slice(0, 10);
}

export function lastSyncText(lastSyncAt: number | null, now: number): string {
  return lastSyncAt === null ? 'Nothing sent from this device yet' : `Last change sent ${relativeTime(lastSyncAt, now)}`;
}

function scopeText(scope: string): string {
  return scope === 'All' ? 'the whole catalogue' : scope;
}

/** The progress line of "Make available offline". */
export function downloadText(state: OfflineDownloadState, now: number): string {
  const products = (count: number) => (count === 1 ? '1 product' : `${countText(count)} products`);
  switch (state.status) {
    case 'idle':
      return 'Not downloaded yet: products you have not opened are not available offline.';
    case 'running':
      if (state.refreshing) return `Checking ${scopeText(state.scope)} for changes… ${products(state.received)} updated`;
      return state.total === null
        ? `Downloading ${scopeText(state.scope)}… ${products(state.received)} so far`
        : `Downloading ${scopeText(state.scope)}… ${countText(state.received)} of ${products(state.total)}`;
    case 'done':
      return `${capitalise(scopeText(state.scope))} is available offline (${products(state.received)}), updated ${relativeTime(state.finishedAt ?? now, now)}.`;
    case 'error':
      return `The download stopped: ${state.error ?? 'unknown error'}. It continues where it stopped when you try again.`;
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
