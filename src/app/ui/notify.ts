/**
 * Toasts (react-hot-toast, top centre). The spec's rule: a text containing 'successful' is a
 * success, anything else an error.
 */
import toast from 'react-hot-toast';
import { TOAST_DURATION_MS } from '../../shared/constants';

export type ToastKind = 'success' | 'error';

export function toastKind(text: string): ToastKind {
  return text.includes('successful') ? 'success' : 'error';
}

export function notify(text: string, durationMs: number = TOAST_DURATION_MS.default): string {
  const options = { duration: durationMs };
  return toastKind(text) === 'success' ? toast.success(text, options) : toast.error(text, options);
}

/** A warning: the thing partly worked (some rows or products were refused). Shown with a warning sign. */
export function notifyWarning(text: string, durationMs: number = TOAST_DURATION_MS.default): string {
  return toast(text, { duration: durationMs, icon: '⚠️', ariaProps: { role: 'status', 'aria-live': 'polite' } });
}

/** A message about something that worked but whose text does not say 'successful' (a copy): a tick, not a red cross. */
export function notifyDone(text: string, durationMs: number = TOAST_DURATION_MS.default): string {
  return toast.success(text, { duration: durationMs });
}
