/**
 * A camera button beside a field that takes an EAN (docs/product-list.md, "Scanning with the
 * camera"): it opens the camera's dialog, loaded the first time it opens, and hands over the first
 * EAN read. Shown where the browser can use a camera at all.
 */
import { Button } from '@radix-ui/themes';
import { lazy, Suspense, useState } from 'react';

const CameraScanDialog = lazy(() => import('./CameraScanDialog'));

/** A camera, drawn here and not in ../icons.tsx: the shell (and the sign-in page) never carries it. */
function CameraIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1Z" />
      <circle cx="12" cy="13.5" r="3.5" />
    </svg>
  );
}

function hasCamera(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

export function CameraScanButton({ label, onCode, testId }: { label: string; onCode: (code: string) => void; testId?: string }) {
  const [open, setOpen] = useState(false);
  if (!hasCamera()) return null;
  return (
    <>
      <Button type="button" variant="soft" className="camera-scan-button" aria-label={label} title={label} data-testid={testId} onClick={() => setOpen(true)}>
        <CameraIcon />
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CameraScanDialog
            onClose={() => setOpen(false)}
            onCode={(code) => {
              setOpen(false);
              onCode(code);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
