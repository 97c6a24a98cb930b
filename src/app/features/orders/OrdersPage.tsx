/**
 * /orders (docs/requirements.md §2 and §4): 'Import orders' with its progress and result, and the imported
 * orders newest first, a page at a time as the last one scrolls into view. Orders are kept on the
 * device and read from there offline. Decisions live in orders-rules.ts and load-orders.ts.
 */
import { Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '../../../shared/messages';
import { serverSaysNow, toApiFailure } from '../../api/client';
import { getLatestOrderImport, importOrders, type OrderImportMode } from '../../api/orders';
import { orderListAtom } from './orders-state';
import { onlineAtom } from '../../state/sync';
import { loadNextOrders, resetOrderList } from './load-orders';
import { OrderCard } from './OrderCard';
import { itemProblems, reportTone, type ItemProblem, type OutcomeTone } from '../../lib/job-items';
import { ItemReasons } from '../../ui/ItemReasons';
import { appOrdersDeps } from './orders-deps';
import { offlineDataNote } from '../../lib/format';
import { useJobFollower } from '../jobs';
import {
  importProgressText,
  importResult,
  listCountText,
  shouldLoadNext,
} from './orders-rules';
import './orders.css';
import { useMessages } from '../../i18n/language';
import { ordersPageMessages } from '../../../shared/orders-page-messages';
import { offlineDataMessages } from '../../../shared/offline-data-messages';

export const IMPORT_NEEDS_CONNECTION = ordersPageMessages.importNeedsConnection;

export default function OrdersPage() {
  const store = useStore();
  const words = useMessages(ordersPageMessages, 'ordersPage');
  const spec = useMessages(messages);
  const noteWords = useMessages(offlineDataMessages, 'offlineData');
  const list = useAtomValue(orderListAtom);
  const online = useAtomValue(onlineAtom);
  const [importing, setImporting] = useState<OrderImportMode | null>(null);
  const [progress, setProgress] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string; tone?: OutcomeTone; problems?: ItemProblem[] } | null>(null);
  const [lastItem, setLastItem] = useState<HTMLLIElement | null>(null);
  const wasOnline = useRef(online);

  const loadNext = useCallback(() => loadNextOrders(store, appOrdersDeps), [store]);

  // A fresh list every time the screen opens (the server may have new orders).
  useEffect(() => {
    resetOrderList(store);
    void loadNext();
  }, [store, loadNext]);

  // Back online after reading the device's copy: the server's list replaces it.
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (cameBack && store.get(orderListAtom).source?.kind === 'device') {
      resetOrderList(store);
      void loadNext();
    }
  }, [online, store, loadNext]);

  // docs/requirements.md §4: the next page loads when the last item becomes visible.
  useEffect(() => {
    if (!lastItem) return undefined;
    const observer = new IntersectionObserver((entries) => {
      const visible = entries.some((entry) => entry.isIntersecting);
      if (shouldLoadNext(store.get(orderListAtom), visible)) void loadNext();
    });
    observer.observe(lastItem);
    return () => observer.disconnect();
  }, [lastItem, store, loadNext]);

  // The import's progress while its call runs (the call's answer ends it, docs/jobs.md "Following a job").
  useJobFollower({
    key: importing,
    enabled: importing !== null,
    first: 'running',
    read: getLatestOrderImport,
    phaseOf: () => 'running',
    onAnswer: (job) => {
      if (job?.status === 'running') setProgress(importProgressText(job, words));
    },
  });

  const reload = useCallback(() => {
    resetOrderList(store);
    void loadNext();
  }, [store, loadNext]);

  async function runImport(mode: OrderImportMode) {
    setImporting(mode);
    setResult(null);
    setProgress(importProgressText(null, words));
    try {
      const report = await importOrders(mode);
      setResult({ ...importResult(report, words), tone: reportTone(report), problems: itemProblems(report, serverSaysNow) });
      reload();
    } catch (error) {
      // 409 (an import already runs), 503 (no bol connection), 502 (bol failed it): the server's message.
      console.error('Importing orders failed', error);
      const failure = toApiFailure(error);
      setResult({ ok: false, text: failure.message, tone: 'red', problems: itemProblems(failure.body, serverSaysNow) });
    } finally {
      setImporting(null);
    }
  }

  const offline = list.source?.kind === 'device';
  const count = listCountText(list, words);
  return (
    <Flex direction="column" gap="3" className="orders-page">
      <Card size="2">
        <Flex gap="3" align="center" wrap="wrap">
          <Heading as="h2" size="4" className="orders-heading">
            {words.heading}
          </Heading>
          <Button size="2" disabled={importing !== null || !online} title={words.importChangesHelp} onClick={() => void runImport('changes')}>
            {importing === 'changes' ? words.importing : spec.orders.importOrders}
          </Button>
          <Button size="2" variant="soft" disabled={importing !== null || !online} title={words.importAllHelp} onClick={() => void runImport('all')}>
            {importing === 'all' ? words.importing : words.importAll}
          </Button>
          {!online && (
            <Text size="1" color="gray">
              {words.importNeedsConnection}
            </Text>
          )}
          {importing !== null && (
            <Text size="2" role="status" data-testid="order-import-progress">
              {progress}
            </Text>
          )}
          {result && importing === null && (
            <Text size="2" color={result.tone === 'amber' ? 'amber' : result.ok ? 'green' : 'red'} role="status" data-testid="order-import-result">
              {result.text}
            </Text>
          )}
        </Flex>
        {result && importing === null && <ItemReasons problems={result.problems ?? []} label={words.notRead} />}
        <Text as="p" size="1" color="gray" mt="2" data-testid="order-import-help">
          {spec.orders.importOrders}: {words.importChangesHelp} {words.importAll}: {words.importAllHelp}
        </Text>
      </Card>

      {offline && list.source?.kind === 'device' && (
        <Callout.Root color="amber" size="1" data-testid="orders-offline-note">
          <Callout.Text>
            {offlineDataNote(list.source.fetchedAt, words.keptHere, undefined, noteWords)}
          </Callout.Text>
        </Callout.Root>
      )}

      <ol className="order-list" aria-label={words.list}>
        {list.orders.map((order, index) => (
          <OrderCard key={order.orderId} order={order} onChanged={reload} ref={index === list.orders.length - 1 ? setLastItem : undefined} />
        ))}
      </ol>

      <Flex justify="center" className="order-list-footer" data-testid="order-list-footer">
        {list.loading && <p className="loading">{spec.loading}</p>}
        {!list.loading && list.error && (
          <Flex gap="2" align="center">
            <Text size="2" color="red">
              {words.loadFailed(list.error)}
            </Text>
            <Button size="1" variant="soft" onClick={() => void loadNext()}>
              {words.tryAgain}
            </Button>
          </Flex>
        )}
        {!list.loading && !list.error && list.complete && list.orders.length === 0 && (
          <Text size="2" color="gray">
            {offline ? words.noneKept : words.noneYet}
          </Text>
        )}
        {!list.loading && !list.error && count && (
          <Text size="1" color="gray" data-testid="order-count">
            {count}
          </Text>
        )}
      </Flex>
    </Flex>
  );
}
