/**
 * The scan field of the product list (docs/product-list.md, "Scanning an EAN"): a hand scanner
 * types the code and Enter into it; the product opens when exactly one has that EAN, and the field
 * says so when none does. "/" puts the cursor in it from anywhere on the list. Where the browser
 * can read barcodes (BarcodeDetector), a camera button beside it does the same with the camera.
 */
import { Button, Text, TextField, VisuallyHidden } from '@radix-ui/themes';
import { useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { findByEan } from './find-by-ean';
import { productFilterAtoms } from './product-list-state';
import { appProductListDeps } from './product-list-deps';
import { isScanShortcut, notACodeText, readScannedCode, SCAN_SHORTCUT } from './scan-rules';

// The camera's dialog is loaded the first time it opens.
const CameraScanDialog = lazy(() => import('./CameraScanDialog'));

function canReadBarcodes(): boolean {
  return typeof window !== 'undefined' && 'BarcodeDetector' in window && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function ScanField() {
  const navigate = useNavigate();
  const setSearch = useSetAtom(productFilterAtoms.searchValue);
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const [cameraOpen, setCameraOpen] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const id = useId();
  const messageId = useId();
  const camera = canReadBarcodes();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isScanShortcut(event.key, event.ctrlKey || event.metaKey || event.altKey, isEditable(event.target))) return;
      event.preventDefault();
      field.current?.focus();
      field.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  async function lookUp(scanned: string) {
    const code = readScannedCode(scanned);
    if (code === null) {
      setMessage(notACodeText(scanned));
      return;
    }
    setLooking(true);
    setMessage(null);
    try {
      const outcome = await findByEan(code, appProductListDeps);
      if (outcome.kind === 'open') {
        setText('');
        void navigate(`/products/${outcome.productId}`);
        return;
      }
      if (outcome.kind === 'many') setSearch(code);
      setMessage(outcome.text);
      // Ready for the next scan: the scanner types into the field again.
      setText('');
    } catch {
      setMessage(`The EAN ${code} could not be looked up. Try again.`);
    } finally {
      setLooking(false);
    }
  }

  return (
    <div className="scan-field">
      <VisuallyHidden asChild>
        <label htmlFor={id}>Scan EAN</label>
      </VisuallyHidden>
      <TextField.Root
        ref={field}
        id={id}
        className="scan-input"
        inputMode="numeric"
        enterKeyHint="go"
        autoComplete="off"
        placeholder={`Scan EAN (${SCAN_SHORTCUT})`}
        aria-keyshortcuts={SCAN_SHORTCUT}
        aria-describedby={message ? messageId : undefined}
        data-testid="scan-field"
        value={text}
        readOnly={looking}
        aria-busy={looking}
        // A scan replaces whatever the field still holds.
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => {
          setText(event.target.value);
          if (message) setMessage(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && text.trim() !== '') void lookUp(text);
        }}
      />
      {camera && (
        <Button variant="soft" className="scan-camera" onClick={() => setCameraOpen(true)}>
          Camera
        </Button>
      )}
      {cameraOpen && (
        <Suspense fallback={null}>
          <CameraScanDialog
            onClose={() => setCameraOpen(false)}
            onCode={(code) => {
              setCameraOpen(false);
              void lookUp(code);
            }}
          />
        </Suspense>
      )}
      {message && (
        <Text as="p" size="1" role="status" id={messageId} className="scan-message" data-testid="scan-message">
          {message}
        </Text>
      )}
    </div>
  );
}
