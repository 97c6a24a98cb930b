/**
 * Toasts (react-hot-toast, top centre). The spec's rule: a text containing 'successful' is a
 * success, anything else an error. The toast library loads with the first toast (or the signed-in
 * screens), not with the first visit: the sign-in page's JavaScript budget (docs/benchmarks.md) has
 * no room for it; a toast asked for meanwhile shows a moment later.
 */
import type { toast as Toast } from 'react-hot-toast';
import { TOAST_DURATION_MS } from '../../shared/constants';

type ToastApi = typeof Toast;

let loading: Promise<ToastApi> | null = null;
const wantedListeners = new Set<() => void>();

/** The toast library, loaded once; the toasts' host (ui/Toasts.tsx) is drawn from then on. */
export function toastApi(): Promise<ToastApi> {
  if (!loading) {
    loading = import('react-hot-toast').then((module) => module.toast);
    for (const listener of [...wantedListeners]) listener();
  }
  return loading;
}

/** Whether a toast was asked for yet (the host is drawn only then): for useSyncExternalStore. */
export const toastsWanted = {
  subscribe(listener: () => void): () => void {
    wantedListeners.add(listener);
    return () => wantedListeners.delete(listener);
  },
  get: (): boolean => loading !== null,
};

function show(put: (toast: ToastApi) => unknown): void {
  void toastApi().then(put);
}

export type ToastKind = 'success' | 'error';

/** Dutch success sentences say 'gelukt' where the English says 'successful' (docs/languages.md, "Toasts"). */
export function toastKind(text: string): ToastKind {
  return text.includes('successful') || text.includes('gelukt') ? 'success' : 'error';
}

export function notify(text: string, durationMs: number = TOAST_DURATION_MS.default): void {
  const options = { duration: durationMs };
  show((toast) => (toastKind(text) === 'success' ? toast.success(text, options) : toast.error(text, options)));
}

/** A warning: the thing partly worked (some rows or products were refused). Shown with a warning sign. */
export function notifyWarning(text: string, durationMs: number = TOAST_DURATION_MS.default): void {
  show((toast) => toast(text, { duration: durationMs, icon: '⚠️', ariaProps: { role: 'status', 'aria-live': 'polite' } }));
}

/** A message about something that worked but whose text does not say 'successful' (a copy): a tick, not a red cross. */
export function notifyDone(text: string, durationMs: number = TOAST_DURATION_MS.default): void {
  show((toast) => toast.success(text, { duration: durationMs }));
}
