/** Keeps the list's view and the address bar together (see urlSyncAction). */
import { useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { productListViewAtom } from './product-list-state';
import { fromSearchString, toSearchString } from './product-list-view';
import { urlSyncAction } from './product-list-rules';

export function useListUrl(): void {
  const [view, setView] = useAtom(productListViewAtom);
  const location = useLocation();
  const navigate = useNavigate();
  const lastWritten = useRef<string | null>(null);
  const viewSearch = toSearchString(view);

  useEffect(() => {
    const action = urlSyncAction(location.search, lastWritten.current, viewSearch);
    if (action === 'apply-url') {
      lastWritten.current = location.search;
      setView(fromSearchString(location.search));
    } else if (action === 'write-url') {
      lastWritten.current = viewSearch;
      void navigate({ pathname: location.pathname, search: viewSearch }, { replace: true });
    } else {
      lastWritten.current = viewSearch;
    }
  }, [location.search, location.pathname, viewSearch, navigate, setView]);
}
