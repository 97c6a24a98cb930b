import toast, { Toaster } from 'react-hot-toast';
import { TOAST_DURATION_MS } from '../../shared/constants';
import { toastApi } from './notify';

export function Toasts() {
  return <Toaster position="top-center" toastOptions={{ duration: TOAST_DURATION_MS.default }} />;
}

/** A link in a toast: where it goes (shown as its address) and how the app opens it. */
export interface ToastLink {
  label: string;
  href: string;
  open: () => void;
}

/**
 * A warning with a link to where the person acts on it (a conflict found while they were on
 * another screen: docs/offline.md "Conflicts"). Tapping the link opens it and closes the toast.
 */
export function notifyWithLink(text: string, link: ToastLink, durationMs: number = TOAST_DURATION_MS.needsYou): string {
  // Draws the toasts' host if no toast was shown yet (ui/notify.ts).
  void toastApi();
  return toast(
    (shown) => (
      <span className="toast-with-link">
        <span>{text}</span>
        <a
          className="toast-link"
          href={link.href}
          data-testid="toast-link"
          onClick={(event) => {
            event.preventDefault();
            toast.dismiss(shown.id);
            link.open();
          }}
        >
          {link.label}
        </a>
      </span>
    ),
    { duration: durationMs, icon: '⚠️', ariaProps: { role: 'status', 'aria-live': 'polite' } },
  );
}
