/**
 * /products/{productId}: the General tab (value 1) and the Bol Model tab (value 2), the tab kept
 * in the URL (?tab=2). The product is read from the device first, then from the server
 * (load-product.ts); the tabs do the editing.
 */
import { productFormMessages } from '../../../shared/product-form-messages';
import { useMessages } from '../../i18n/language';
import { Callout, Flex, Heading, Tabs, Text } from '@radix-ui/themes';
import { useAtom, useAtomValue } from 'jotai';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { productEditMessages } from '../../../shared/product-edit-messages';
import { conflictShownForAtom, editedProductAtom } from './product-edit-state';
import { onlineAtom } from '../../state/sync';
import { LoadFailureBoundary } from '../../ui/LoadFailureBoundary';
import { dateTimeText } from '../../lib/format';
import { deviceCopyNote, loadProductForEdit, productIdFromRoute } from './load-product';
import { appProductLoadDeps } from './product-edit-deps';
import './product-edit.css';
import { offlineDataMessages } from '../../../shared/offline-data-messages';

const GeneralTab = lazy(() => import('./GeneralTab'));
const BolModelTab = lazy(() => import('../bol-model'));
const HistoryTab = lazy(() => import('./HistoryTab'));

export const TAB_GENERAL = '1';
export const TAB_BOL_MODEL = '2';
export const TAB_HISTORY = '3';

export default function ProductEditPage() {
  const { productId: param } = useParams();
  const [search, setSearch] = useSearchParams();
  const words = useMessages(productFormMessages, 'productForm');
  const offlineWords = useMessages(offlineDataMessages, 'offlineData');
  const asked = search.get('tab');
  const tab = asked === TAB_BOL_MODEL || asked === TAB_HISTORY ? asked : TAB_GENERAL;
  const [state, setState] = useAtom(editedProductAtom);
  const online = useAtomValue(onlineAtom);
  const conflictShownFor = useAtomValue(conflictShownForAtom);
  const [reloads, setReloads] = useState(0);
  const [bolVisited, setBolVisited] = useState(false);
  if (tab === TAB_BOL_MODEL && !bolVisited) setBolVisited(true);
  const productId = productIdFromRoute(param);

  useEffect(() => {
    if (typeof productId !== 'number') return;
    let current = true;
    // A reload of the product on screen keeps it shown (and the tabs mounted) until the new copy
    // arrives: the open form, the History and their state stay where the person is.
    setState((previous) => (previous.status === 'ready' && previous.product.productId === productId ? previous : { status: 'loading' }));
    void loadProductForEdit(productId, appProductLoadDeps, (next) => {
      if (current) setState(next);
    });
    return () => {
      current = false;
    };
  }, [productId, online, reloads, setState]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  const showTab = useCallback(
    (value: string) =>
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value === TAB_GENERAL) next.delete('tab');
          else next.set('tab', value);
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );

  if (productId === 'missing') return <Text color="red">{productEditMessages.productIdUndefined}</Text>;
  if (productId === null) return <Text color="red">{productEditMessages.loadFailed(`'${param ?? ''}' is not a product id`)}</Text>;
  if (state.status === 'loading') return <p className="loading">{messages.loading}</p>;
  if (state.status === 'error') return <Text color="red" role="alert">{productEditMessages.loadFailed(state.message)}</Text>;

  const note = conflictShownFor === state.product.productId ? null : deviceCopyNote(state.source, dateTimeText, offlineWords);
  const product = state.product;
  return (
    <Flex direction="column" gap="3" className="product-edit-page">
      <Flex align="baseline" gap="3" wrap="wrap">
        <Heading as="h2" size="5" className="product-edit-title">
          {product.title || `Product ${product.productId}`}
        </Heading>
        <Text color="gray" size="2">
          {product.supplier.supplierName} · EAN {product.ean}
        </Text>
      </Flex>
      {note && (
        <Callout.Root color="amber" size="1" data-testid="device-copy-note">
          <Callout.Text>{note}</Callout.Text>
        </Callout.Root>
      )}
      <Tabs.Root value={tab} onValueChange={showTab}>
        <Tabs.List>
          <Tabs.Trigger value={TAB_GENERAL}>{words.tabs.general}</Tabs.Trigger>
          <Tabs.Trigger value={TAB_BOL_MODEL}>{words.tabs.bolModel}</Tabs.Trigger>
          <Tabs.Trigger value={TAB_HISTORY}>{words.tabs.history}</Tabs.Trigger>
        </Tabs.List>
        <LoadFailureBoundary>
          <Suspense fallback={<p className="loading">{messages.loading}</p>}>
            {/* Mounted while hidden: switching tabs must not throw away unsaved edits. */}
            <Tabs.Content value={TAB_GENERAL} forceMount hidden={tab !== TAB_GENERAL}>
              {/* A newer copy of the same product refills the form only when nothing is unsaved (GeneralTab). */}
              <GeneralTab key={product.productId} product={product} onShowGeneral={() => showTab(TAB_GENERAL)} />
            </Tabs.Content>
            {/* Mounted from its first visit on, then kept (hidden) so its unsaved edits survive a tab switch. */}
            <Tabs.Content value={TAB_BOL_MODEL} forceMount hidden={tab !== TAB_BOL_MODEL}>
              {(tab === TAB_BOL_MODEL || bolVisited) && <BolModelTab product={product} />}
            </Tabs.Content>
            {tab === TAB_HISTORY && (
              <Tabs.Content value={TAB_HISTORY}>
                <HistoryTab product={product} onReload={reload} />
              </Tabs.Content>
            )}
          </Suspense>
        </LoadFailureBoundary>
      </Tabs.Root>
    </Flex>
  );
}
