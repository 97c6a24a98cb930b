/** The sync status panel's rules (src/app/features/sync/panel-rules.ts). */
import { describe, expect, it } from 'vitest';
import { attemptText, canRetry, panelSummary, shownDownload } from '../../src/app/features/sync/panel-rules';
import { IDLE_DOWNLOAD } from '../../src/app/state/sync';

const now = Date.UTC(2025, 5, 15, 12, 0, 0);

describe('the sync panel', () => {
  it('sums up the connection, what waits and the last sync in one line', () => {
    expect(panelSummary('online', 0, 'Nothing sent from this device yet')).toBe('Online · nothing waiting · Nothing sent from this device yet');
    expect(panelSummary('offline', 3, 'Last change sent just now')).toBe('Offline · 3 waiting · Last change sent just now');
    expect(panelSummary('unreachable', 1, 'Last change sent just now')).toBe("Can't reach the server · 1 waiting · Last change sent just now");
  });

  it('says when an entry was made, or when it was last tried and how often', () => {
    expect(attemptText({ createdAt: now - 5 * 60_000, lastAttemptAt: null, attempts: 0 }, now)).toBe('Made 5 minutes ago, not sent yet');
    expect(attemptText({ createdAt: 0, lastAttemptAt: now - 10_000, attempts: 1 }, now)).toBe('Last attempt just now · 1 attempt');
    expect(attemptText({ createdAt: 0, lastAttemptAt: now - 2 * 3600_000, attempts: 4 }, now)).toBe('Last attempt 2 hours ago · 4 attempts');
  });

  it('offers Retry for a refused entry and one waiting after a failed attempt, not for a fresh one or one on its way', () => {
    expect(canRetry({ status: 'failed', attempts: 1 })).toBe(true);
    expect(canRetry({ status: 'pending', attempts: 2 })).toBe(true);
    expect(canRetry({ status: 'pending', attempts: 0 })).toBe(false);
    expect(canRetry({ status: 'sending', attempts: 1 })).toBe(false);
    expect(canRetry({ status: 'conflict', attempts: 1 })).toBe(false);
  });

  it('shows what an earlier visit downloaded until a download runs in this tab', () => {
    const kept = { scope: 'Acme', received: 20, total: 40, complete: false, finishedAt: null };
    expect(shownDownload(IDLE_DOWNLOAD, kept)).toMatchObject({ scope: 'Acme', received: 20, total: 40, status: 'error', error: 'interrupted' });
    expect(shownDownload(IDLE_DOWNLOAD, { ...kept, complete: true, finishedAt: now })).toMatchObject({ status: 'done', error: null, finishedAt: now });
    const running = { ...IDLE_DOWNLOAD, status: 'running' as const, received: 3 };
    expect(shownDownload(running, kept)).toBe(running);
    expect(shownDownload(IDLE_DOWNLOAD, undefined)).toBe(IDLE_DOWNLOAD);
  });
});
