/**
 * The top bar's sync status: online/offline and the number of waiting changes, as a compact
 * button that opens the status panel. Part of the first download, so it only reads atoms; the
 * panel itself is a lazy chunk loaded when first opened.
 */
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useMemo } from 'react';
import { LoadFailureBoundary } from '../../ui/LoadFailureBoundary';
import { connectionAtom, drainingAtom, outboxCountsAtom, pausedForSignInAtom, syncPanelOpenAtom } from '../../state/sync';
import { CloudAlertIcon, CloudCheckIcon, CloudIcon, CloudOffIcon, CloudSyncIcon } from './sync-icons';
import { connectionText, indicatorState, type IndicatorState, type IndicatorTone, type SyncWords } from './sync-rules';
import { useMessages } from '../../i18n/language';
import { messages } from '../../../shared/messages';
import { syncStatusMessages } from '../../../shared/sync-status-messages';

/** The sync status's words in the language shown. */
function useSyncWords(): SyncWords {
  const status = useMessages(syncStatusMessages, 'syncStatus');
  const unreachable = useMessages(messages).sync.unreachable;
  return useMemo(() => ({ status, unreachable }), [status, unreachable]);
}
import './sync.css';

const SyncPanel = lazy(() => import('./SyncPanel'));

function useIndicatorState(words: SyncWords): IndicatorState {
  const connection = useAtomValue(connectionAtom);
  const counts = useAtomValue(outboxCountsAtom);
  const pausedForSignIn = useAtomValue(pausedForSignInAtom);
  const draining = useAtomValue(drainingAtom);
  return indicatorState({ online: connection === 'online', unreachable: connection === 'unreachable', counts, pausedForSignIn, draining }, words);
}

function ToneIcon({ tone, size }: { tone: IndicatorTone; size?: number }) {
  switch (tone) {
    case 'offline':
    case 'unreachable':
      return <CloudOffIcon size={size} />;
    case 'attention':
      return <CloudAlertIcon size={size} />;
    case 'syncing':
      return <CloudSyncIcon size={size} className="sync-spin-soft" />;
    case 'waiting':
      return <CloudIcon size={size} />;
    case 'synced':
      return <CloudCheckIcon size={size} />;
  }
}

/** The button in the top bar. */
export function SyncIndicator() {
  const words = useSyncWords();
  const state = useIndicatorState(words);
  const connection = useAtomValue(connectionAtom);
  const openPanel = useSetAtom(syncPanelOpenAtom);
  return (
    <button
      type="button"
      className={`sync-indicator sync-tone-${state.tone}`}
      aria-label={words.status.syncStatus(state.label)}
      aria-haspopup="dialog"
      title={state.label}
      data-testid="sync-indicator"
      data-tone={state.tone}
      onClick={() => openPanel(true)}
    >
      <ToneIcon tone={state.tone} />
      <span className="sync-indicator-text">{connectionText(connection, words)}</span>
      {/* A space between text and count: the visible text reads "Online 1", words the name holds (axe: label-content-name-mismatch). */}
      {state.badge !== null && ' '}
      {state.badge !== null && (
        <span className="sync-badge" data-testid="sync-badge">
          {state.badge > 99 ? '99+' : state.badge}
        </span>
      )}
    </button>
  );
}

/** The same status as a line in the navigation drawer. */
export function SyncStatusLine({ onOpen }: { onOpen?: () => void }) {
  const state = useIndicatorState(useSyncWords());
  const openPanel = useSetAtom(syncPanelOpenAtom);
  return (
    <button
      type="button"
      className={`sync-status-line sync-tone-${state.tone}`}
      onClick={() => {
        onOpen?.();
        openPanel(true);
      }}
    >
      <ToneIcon tone={state.tone} size={18} />
      <span>{state.label}</span>
    </button>
  );
}

/** Renders the panel while it is open (its code is loaded the first time). */
export function SyncPanelHost() {
  const [open, setOpen] = useAtom(syncPanelOpenAtom);
  if (!open) return null;
  return (
    <LoadFailureBoundary>
      <Suspense fallback={null}>
        <SyncPanel open={open} onOpenChange={setOpen} />
      </Suspense>
    </LoadFailureBoundary>
  );
}
