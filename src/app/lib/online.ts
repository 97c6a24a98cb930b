/**
 * The browser's own idea of being online (navigator.onLine and its events): the one place the app
 * asks it. Outside a browser (tests, the server) it answers online.
 */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine;
}

/** Calls `onChange` with the new state whenever the browser goes on- or offline; returns the unsubscribe. */
export function watchOnline(onChange: (online: boolean) => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const update = () => onChange(isOnline());
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
}
