/**
 * The app's one idea of being online (docs/offline.md "Reaching the server"): the browser has a
 * network (navigator.onLine and its events) AND the server answers (reachability.ts). The one place
 * the app asks either. Outside a browser (tests, the server) it answers online.
 */
import { createReachability } from './reachability';
import { connectionOf, type Connection } from './reachability-rule';

function browserOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine;
}

/** Whether the server answers: fed by the API client, the drainer and the probe. */
export const reachability = createReachability({
  now: () => Date.now(),
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  browserOnline,
});

/** Online, offline (no network) or unreachable (a network, but the server does not answer). */
export function connection(): Connection {
  return connectionOf(browserOnline(), reachability.state().reach);
}


/** True while the browser is online and the server answers: what screens and the outbox go by. */
export function isOnline(): boolean {
  return connection() === 'online';
}

/** Records a request's outcome for the reachability (status 0: no answer), sent at `sentAt`; `fromServer`: it carries the server's mark. */
export function heardFromServer(status: number, sentAt: number, fromServer = false): void {
  reachability.heard(status, sentAt, { fromServer });
}

/** Calls `onChange` with the new connection whenever the network or the server's answering changes; returns the unsubscribe. */
export function watchConnection(onChange: (connection: Connection) => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const update = () => onChange(connection());
  const onOnline = () => {
    reachability.probeSoon();
    update();
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', update);
  const unwatch = reachability.watch(update);
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', update);
    unwatch();
  };
}

/** Calls `onChange` with isOnline() whenever it may have changed; returns the unsubscribe. */
export function watchOnline(onChange: (online: boolean) => void): () => void {
  return watchConnection((now) => onChange(now === 'online'));
}
