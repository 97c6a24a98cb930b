/**
 * Keeps the list's view and the address bar together (see urlSyncAction). A view changed on the
 * screen is written to the address once the list shows that view's answer and its frame has
 * painted, or ADDRESS_LAG_MS after the change when the answer is slower: writing the address costs
 * the page a style and layout pass, the router's render of the whole route, and Chromium fetches
 * and draws the tab's icon again for every new address; done while the call runs and the answer
 * renders, that work delayed the rows (docs/product-list.md "Speed"). A tap or click anywhere while
 * a write waits writes it at once, before any link's own handler, so a person who opens a product
 * right after a change comes back to the view they left.
 */
import { useAtom } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { afterNextPaint } from '../../lib/after-paint';
import { productListViewAtom } from './product-list-state';
import { fromSearchString, toSearchString } from './product-list-view';
import { urlSyncAction, writesAfterArrival } from './product-list-rules';

/** The longest a changed view waits for its answer before its address is written anyway. */
export const ADDRESS_LAG_MS = 1_000;

/** `settled`: the list shows the answer of the view it holds, every row of it. */
export function useListUrl(settled: boolean): void {
  const [view, setView] = useAtom(productListViewAtom);
  const location = useLocation();
  const navigate = useNavigate();
  // The address this effect last saw, and the addresses written that the router has not applied yet.
  const previousSearch = useRef<string | null>(null);
  const written = useRef<string[]>([]);
  // The address waiting to be written (the last change wins), and on which page it belongs.
  const waiting = useRef<{ pathname: string; search: string } | null>(null);
  const viewSearch = toSearchString(view);

  const writeWaiting = useCallback(() => {
    const next = waiting.current;
    waiting.current = null;
    // Nothing is written once the list was left (another page's address is not the list's to change).
    if (next && window.location.pathname === next.pathname) void navigate(next, { replace: true });
  }, [navigate]);

  useEffect(() => {
    const action = urlSyncAction(location.search, previousSearch.current, written.current, viewSearch);
    written.current = writesAfterArrival(written.current, location.search);
    previousSearch.current = location.search;
    if (action === 'apply-url') {
      // The address moved from outside (back, forward, a link): it wins over a write still waiting.
      written.current = [];
      waiting.current = null;
      setView(fromSearchString(location.search));
    } else if (action === 'write-url') {
      written.current = [...written.current, viewSearch];
      waiting.current = { pathname: location.pathname, search: viewSearch };
    }
  }, [location.search, location.pathname, viewSearch, setView]);

  useEffect(() => {
    if (waiting.current === null) return;
    let cancelled = false;
    const write = () => {
      if (!cancelled) writeWaiting();
    };
    // In the capture phase of the window: before a link's own click handler navigates away.
    const writeBeforeLeaving = () => {
      const next = waiting.current;
      if (!next || window.location.pathname !== next.pathname) return;
      // The router applies a navigation a few microtasks later, and a link's navigation in the same
      // task would overtake it: the current history entry gets the address now, the router follows.
      window.history.replaceState(window.history.state, '', `${next.pathname}${next.search}`);
      write();
    };
    window.addEventListener('click', writeBeforeLeaving, { capture: true });
    if (settled) void afterNextPaint().then(write);
    const timer = setTimeout(write, ADDRESS_LAG_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      window.removeEventListener('click', writeBeforeLeaving, { capture: true });
    };
  }, [settled, viewSearch, writeWaiting]);
}
