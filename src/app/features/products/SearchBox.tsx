/**
 * The search box of the product list, which is also where EANs are scanned (docs/product-list.md,
 * "Scanning an EAN"). Typing searches after a short pause; Enter on an EAN (what a hand scanner
 * types, fast, with Enter) opens the product when exactly one has it, else the list shows the
 * matches and a line under the box says why. "/" puts the cursor in it from anywhere on the list;
 * the camera button beside it reads a barcode with the tablet's camera.
 */
import { Text, TextField, VisuallyHidden } from '@radix-ui/themes';
import { useAtom } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CameraScanButton } from '../../ui/camera-scan/CameraScanButton';
import { findByEan } from './find-by-ean';
import { productFilterAtoms } from './product-list-state';
import { appProductListDeps } from './product-list-deps';
import { FILTER_WIRE_NAMES } from './product-list-view';
import { isScanShortcut, SCAN_SHORTCUT, searchAfterScan, searchEnter } from './scan-rules';
import { useMessages } from '../../i18n/language';
import { productFilterMessages } from '../../../shared/product-filter-messages';

export const SEARCH_DEBOUNCE_MS = 300;

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** A field's text while it is typed; it follows the filter when that changes elsewhere (reset, URL). */
export function useDraft(value: string): [string, (draft: string) => void] {
  const [draft, setDraft] = useState(value);
  const [followed, setFollowed] = useState(value);
  if (followed !== value) {
    setFollowed(value);
    setDraft(value);
  }
  return [draft, setDraft];
}

export function SearchBox() {
  const navigate = useNavigate();
  const words = useMessages(productFilterMessages, 'productFilter');
  const [value, setValue] = useAtom(productFilterAtoms.searchValue);
  const [draft, setDraft] = useDraft(value);
  const [message, setMessage] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  const id = useId();
  const messageId = useId();

  useEffect(() => {
    if (draft === value) return;
    pause.current = setTimeout(() => setValue(draft), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(pause.current);
    // Only a new draft starts the wait; `value` catching up must not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft]);

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

  async function lookUp(code: string) {
    setLooking(true);
    setMessage(null);
    try {
      const outcome = await findByEan(code, appProductListDeps, words.scan);
      if (outcome.kind === 'open') {
        void navigate(`/products/${outcome.productId}`);
        return;
      }
      const search = searchAfterScan(outcome, code);
      if (search !== null) {
        setDraft(search);
        setValue(search);
      }
      setMessage(outcome.text);
    } catch {
      setMessage(words.search.lookupFailed(code));
    } finally {
      setLooking(false);
      // Ready for the next scan: it replaces what the box holds.
      field.current?.select();
    }
  }

  function enter() {
    clearTimeout(pause.current);
    const action = searchEnter(draft);
    if (action.kind === 'scan') void lookUp(action.code);
    else setValue(draft);
  }

  // The label is read out, not shown: the box's placeholder says what it takes, and the line
  // stays one field high (docs/product-list.md, "A list that shows the list").
  return (
    <div className="search-box">
      <VisuallyHidden asChild>
        <label htmlFor={id}>{words.search.label}</label>
      </VisuallyHidden>
      <TextField.Root
        ref={field}
        id={id}
        className="search-input"
        data-filter={FILTER_WIRE_NAMES.searchValue}
        data-testid="search-field"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        placeholder={words.search.placeholder(SCAN_SHORTCUT)}
        aria-keyshortcuts={SCAN_SHORTCUT}
        aria-describedby={message ? messageId : undefined}
        aria-busy={looking}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          if (message) setMessage(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !looking) enter();
        }}
      />
      <CameraScanButton label={words.search.camera} testId="search-camera" onCode={(code) => void lookUp(code)} />
      {message && (
        <Text as="p" size="1" role="status" id={messageId} className="scan-message" data-testid="scan-message">
          {message}
        </Text>
      )}
    </div>
  );
}
