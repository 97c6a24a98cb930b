import { Toaster } from 'react-hot-toast';
import { TOAST_DURATION_MS } from '../../shared/constants';

export function Toasts() {
  return <Toaster position="top-center" toastOptions={{ duration: TOAST_DURATION_MS.default }} />;
}
