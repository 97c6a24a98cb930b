/**
 * /products: filters, supplier and bulk actions, the table with selection, paging with totals. Decisions live in
 * product-list-rules.ts and load-product-list.ts; this page only wires them to the screen.
 */
import { Callout, Flex, Spinner, Text } from '@radix-ui/themes';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { dropListSnapshot } from '../../boot/list-snapshot';
import { keepListSnapshot } from '../../boot/list-snapshot-store';
import { noServerSentence } from '../../lib/no-server-sentence';
import { connectionAtom, onlineAtom } from '../../state/sync';
import {
  productListAtom,
  productListErrorAtom,
  productListLoadingAtom,
  productListViewAtom,
  productPageAtom,
} from './product-list-state';
import { BulkActions } from './BulkActions';
import { loadProductList } from './load-product-list';
import { appProductListDeps, startCallsAsViewChanges } from './product-list-deps';
import { productQueryKey } from '../../db/query-key';
import { lastExistingPage, offlineNextReason, offlineNote, showsAnotherView, toFilterQuery } from './product-list-rules';
import { ProductFilterBar } from './ProductFilterBar';
import { ProductPager } from './ProductPager';
import { ProductTable } from './ProductTable';
import { SupplierActions } from './SupplierActions';
import { toSearchString } from './product-list-view';
import { useListUrl } from './use-list-url';
import { useRowsInStages } from './use-rows-in-stages';
import './products.css';
import { productListMessages } from '../../../shared/product-list-messages';
import { noServerMessages } from '../../../shared/no-server-messages';
import { packAtom, useMessages } from '../../i18n/language';
import { productFilterMessages } from '../../../shared/product-filter-messages';
import { offlineDataMessages } from '../../../shared/offline-data-messages';
import { bolOfferMessages } from '../../../shared/bol-offer-messages';

export default function ProductListPage() {
  if (performance.getEntriesByName('boot:list-render').length === 0) performance.mark('boot:list-render');
  const store = useStore();
  const view = useAtomValue(productListViewAtom);
  const listWords = useMessages(productListMessages, 'productList');
  const noServerWords = useMessages(noServerMessages, 'noServer');
  const filterWords = useMessages(productFilterMessages, 'productFilter');
  const noteWords = useMessages(offlineDataMessages, 'offlineData');
  const offerWords = useMessages(bolOfferMessages, 'bolOffer');
  const list = useAtomValue(productListAtom);
  const loading = useAtomValue(productListLoadingAtom);
  const error = useAtomValue(productListErrorAtom);
  const online = useAtomValue(onlineAtom);
  const connection = useAtomValue(connectionAtom);
  const setPage = useSetAtom(productPageAtom);
  const query = toFilterQuery(view);
  const queryText = JSON.stringify(query);
  // Between a change of the view and the start of its load, the rows still answer the old view.
  const anotherView = showsAnotherView(list.query, productQueryKey(query));
  // A new page's rows come in two stages: the first screen's, then the rest after that frame has
  // painted. Until all are shown the list stays busy (the snapshot below and anything waiting for
  // the list to settle see the whole page); data-rows-pending marks the answer's first stage.
  const rows = useRowsInStages(list.content);
  const addingRows = !loading && !anotherView && !rows.complete;
  const busy = loading || anotherView || !rows.complete;
  // The address follows the view once the list shows it (docs/product-list.md "URL"); an address
  // from outside (a bookmark, the back button) sets the view in an effect before the load's below.
  useListUrl(!busy);

  const [catalogueVersion, setCatalogueVersion] = useState(0);
  // Stable, so the memoised action bars do not render again with every answer.
  const catalogueChanged = useCallback(() => setCatalogueVersion((n) => n + 1), []);
  // One element for the page's life, so the memoised bulk bar it sits in does not render again.
  const feedActions = useMemo(() => <SupplierActions onCatalogueChanged={catalogueChanged} />, [catalogueChanged]);
  // A changed view's filter call leaves before this page renders the change; the load below takes it.
  useEffect(() => startCallsAsViewChanges(store), [store]);
  useEffect(() => {
    // Whatever the answer, the live list has it now: the start's snapshot (if any) goes.
    void loadProductList(store, JSON.parse(queryText) as Record<string, string>, appProductListDeps).finally(dropListSnapshot);
    // `online` is a dependency so the list is fetched again when the connection returns;
    // `catalogueVersion` after a feed import or image re-export.
  }, [store, queryText, online, catalogueVersion]);

  // An old bookmark or a shrunk list can point past the last page.
  const existing = loading ? null : lastExistingPage(view.page, list.totalPages);
  useEffect(() => {
    if (existing !== null) setPage(existing);
  }, [existing, setPage]);

  const offline = list.source !== null && list.source.kind !== 'network';
  useLayoutEffect(() => {
    // Start-up marks (bench/offline-start.ts): the list's first commit, and the first with rows.
    if (performance.getEntriesByName('boot:list-commit').length === 0) performance.mark('boot:list-commit');
    if (list.content.length > 0 && performance.getEntriesByName('boot:rows-commit').length === 0) performance.mark('boot:rows-commit');
  }, [list.content.length]);

  // An offline cold start may have painted the kept snapshot of this view (docs/offline.md): it
  // goes in the same frame as the live rows. What the list shows is kept as the next snapshot.
  const answered = list.source !== null || error !== null;
  useLayoutEffect(() => {
    if (answered) dropListSnapshot();
  }, [answered]);
  const viewSearch = toSearchString(view);
  const showsRows = !busy && list.content.length > 0;
  const pack = useAtomValue(packAtom);
  useEffect(() => {
    if (showsRows) keepListSnapshot(viewSearch, pack);
  }, [showsRows, viewSearch, list, pack]);

  // Offline, whether the device can show the next page (Next says why when it cannot).
  const [nextOnDevice, setNextOnDevice] = useState<{ query: string; found: boolean } | null>(null);
  const nextQueryText = JSON.stringify({ ...query, page: String(view.page + 1) });
  const showsThisView = list.query === productQueryKey(query);
  useEffect(() => {
    if (online || !showsThisView || list.source === null) return;
    let current = true;
    appProductListDeps
      .readOffline(JSON.parse(nextQueryText) as Record<string, string>)
      .then((answer) => current && setNextOnDevice({ query: nextQueryText, found: answer.page.content.length > 0 }))
      .catch(() => current && setNextOnDevice({ query: nextQueryText, found: false }));
    return () => {
      current = false;
    };
  }, [online, showsThisView, list.source, nextQueryText]);
  const nextReason = offlineNextReason(online, nextOnDevice?.query === nextQueryText ? nextOnDevice.found : null);

  // The filters fold to one line and the action bars and the pager are the table's header and
  // footer, so a tablet shows ten rows and more without scrolling (docs/product-list.md, "A list
  // that shows the list").
  return (
    <Flex direction="column" gap="2" className="product-list-page">
      <ProductFilterBar />
      {offline && list.source && (
        <Callout.Root color="amber" size="1" data-testid="offline-note">
          <Callout.Text>{offlineNote({ local: list.source.kind === 'local', fetchedAt: list.source.fetchedAt }, query, { note: noteWords, filter: filterWords, offerStateFilter: offerWords.offerStateFilter })}</Callout.Text>
        </Callout.Root>
      )}
      {error && (
        <Callout.Root color="red" size="1" role="alert">
          <Callout.Text>{error.status === 0 ? listWords.noConnection : error.message}</Callout.Text>
        </Callout.Root>
      )}
      <div className="list-toolbar">
        <BulkActions onCatalogueChanged={catalogueChanged}>{feedActions}</BulkActions>
      </div>
      <div className="product-table-area" aria-busy={busy} data-rows-pending={addingRows || undefined}>
        <ProductTable products={list.content} rowsShown={rows.shown} />
        {loading && list.content.length === 0 && (
          <Flex align="center" justify="center" gap="2" className="product-list-empty">
            <Spinner /> <Text color="gray">{filterWords.list.loading}</Text>
          </Flex>
        )}
        {!loading && list.content.length === 0 && !error && (
          <Flex align="center" justify="center" className="product-list-empty">
            <Text color="gray">{filterWords.list.noMatch}</Text>
          </Flex>
        )}
      </div>
      <ProductPager totalElements={list.totalElements} totalPages={list.totalPages} totalIsEstimate={list.totalIsEstimate === true} waiting={loading && list.content.length === 0} nextBlockedReason={nextReason && noServerSentence(connection, nextReason, noServerWords)} />
    </Flex>
  );
}
