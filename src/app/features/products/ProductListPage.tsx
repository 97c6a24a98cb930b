/**
 * /products: filters, supplier and bulk actions, the table with selection, paging with totals. Decisions live in
 * product-list-rules.ts and load-product-list.ts; this page only wires them to the screen.
 */
import { Callout, Flex, Spinner, Text } from '@radix-ui/themes';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { onlineAtom } from '../../state/sync';
import {
  productListAtom,
  productListErrorAtom,
  productListLoadingAtom,
  productListViewAtom,
  productPageAtom,
} from './product-list-state';
import { BulkActions } from './BulkActions';
import { loadProductList } from './load-product-list';
import { appProductListDeps } from './product-list-deps';
import { productQueryKey } from '../../db/query-key';
import { lastExistingPage, offlineNote, showsAnotherView, toFilterQuery } from './product-list-rules';
import { ProductFilterBar } from './ProductFilterBar';
import { ProductPager } from './ProductPager';
import { ProductTable } from './ProductTable';
import { SupplierActions } from './SupplierActions';
import { useListUrl } from './use-list-url';
import './products.css';

export default function ProductListPage() {
  useListUrl();
  const store = useStore();
  const view = useAtomValue(productListViewAtom);
  const list = useAtomValue(productListAtom);
  const loading = useAtomValue(productListLoadingAtom);
  const error = useAtomValue(productListErrorAtom);
  const online = useAtomValue(onlineAtom);
  const setPage = useSetAtom(productPageAtom);
  const query = toFilterQuery(view);
  const queryText = JSON.stringify(query);
  // Between a change of the view and the start of its load, the rows still answer the old view.
  const busy = loading || showsAnotherView(list.query, productQueryKey(query));

  const [catalogueVersion, setCatalogueVersion] = useState(0);
  useEffect(() => {
    void loadProductList(store, JSON.parse(queryText) as Record<string, string>, appProductListDeps);
    // `online` is a dependency so the list is fetched again when the connection returns;
    // `catalogueVersion` after a feed import or image re-export.
  }, [store, queryText, online, catalogueVersion]);

  // An old bookmark or a shrunk list can point past the last page.
  const existing = loading ? null : lastExistingPage(view.page, list.totalPages);
  useEffect(() => {
    if (existing !== null) setPage(existing);
  }, [existing, setPage]);

  const offline = list.source !== null && list.source.kind !== 'network';

  return (
    <Flex direction="column" gap="3" className="product-list-page">
      <ProductFilterBar />
      <SupplierActions onCatalogueChanged={() => setCatalogueVersion((n) => n + 1)} />
      <BulkActions onCatalogueChanged={() => setCatalogueVersion((n) => n + 1)} />
      {offline && list.source && (
        <Callout.Root color="amber" size="1" data-testid="offline-note">
          <Callout.Text>{offlineNote({ local: list.source.kind === 'local', fetchedAt: list.source.fetchedAt })}</Callout.Text>
        </Callout.Root>
      )}
      {error && (
        <Callout.Root color="red" size="1" role="alert">
          <Callout.Text>{error.status === 0 ? 'No connection to the server, and no products kept on this device for this view.' : error.message}</Callout.Text>
        </Callout.Root>
      )}
      <ProductPager totalElements={list.totalElements} totalPages={list.totalPages} waiting={loading && list.content.length === 0} />
      <div className="product-table-area" aria-busy={busy}>
        <ProductTable products={list.content} />
        {loading && list.content.length === 0 && (
          <Flex align="center" justify="center" gap="2" className="product-list-empty">
            <Spinner /> <Text color="gray">Loading products…</Text>
          </Flex>
        )}
        {!loading && list.content.length === 0 && !error && (
          <Flex align="center" justify="center" className="product-list-empty">
            <Text color="gray">No product matches these filters.</Text>
          </Flex>
        )}
      </div>
    </Flex>
  );
}
