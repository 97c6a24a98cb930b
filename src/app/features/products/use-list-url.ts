/**
 * Keeps the list's view and the address bar together (see urlSyncAction). A view changed on the
 * screen is written to the address after the list's own effects of the same commit have run: the
 * router's navigation costs a few milliseconds, and the filter call should not wait for them
 * (docs/product-list.md "Speed").
 */
import { useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { productListViewAtom } from './product-list-state';
import { fromSearchString, toSearchString } from './product-list-view';
import { urlSyncAction, writesAfterArrival } from './product-list-rules';

export function useListUrl(): void {
  const [view, setView] = useAtom(productListViewAtom);
  const location = useLocation();
  const navigate = useNavigate();
  // The address this effect last saw, and the addresses written that the router has not applied yet.
  const previousSearch = useRef<string | null>(null);
  const written = useRef<string[]>([]);
  const viewSearch = toSearchString(view);

  useEffect(() => {
    const action = urlSyncAction(location.search, previousSearch.current, written.current, viewSearch);
    written.current = writesAfterArrival(written.current, location.search);
    previousSearch.current = location.search;
    if (action === 'apply-url') {
      written.current = [];
      setView(fromSearchString(location.search));
    } else if (action === 'write-url') {
      written.current = [...written.current, viewSearch];
      const pathname = location.pathname;
      // Effects of one commit run one after the other in the same task; a microtask runs after
      // all of them (the page's load starts its filter call first). Several writes keep their order;
      // none is written once another effect of that task has left the page.
      queueMicrotask(() => {
        if (window.location.pathname === pathname) void navigate({ pathname, search: viewSearch }, { replace: true });
      });
    }
  }, [location.search, location.pathname, viewSearch, navigate, setView]);
}
