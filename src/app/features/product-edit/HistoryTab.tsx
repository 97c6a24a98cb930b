/**
 * The History tab (docs/product-edit.md "History"): the product's changes newest first, paged,
 * with who, how and when (server time; the device time when it was made elsewhere/earlier), each
 * field's old and new value, and "Restore" to put an earlier value back. A restore is a change
 * like any other: it goes through the outbox, so it works offline and is sent later.
 */
import { Badge, Button, Callout, Flex, Text } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import type { Page, Product, ProductHistoryEntry } from '../../../shared/contract';
import { getProductHistory } from '../../api/products';
import { dateTimeText } from '../../lib/format';
import { sessionUserAtom } from '../../state/session';
import { onlineAtom } from '../../state/sync';
import { submit } from '../../sync/app-sync';
import { notify } from '../../ui/notify';
import { canRestore, historyAuthor, historyFieldLabel, historyImageLines, historySentence, historyValue, howLabel, withRestored } from './history-rules';
import { categoryNames } from '../../lib/field-value-text';
import { categoriesAtom } from '../../state/reference-lists';
import { appProductLoadDeps } from './product-edit-deps';
import { messages } from '../../../shared/messages';
import { productEditMessages } from '../../../shared/product-edit-messages';
import { useMessages } from '../../i18n/language';
import { useHistoryWords } from './use-history-words';

const PAGE_SIZE = 20;

/** The pages read in this session, so the History still shows offline what it showed online. */
const seenPages = new Map<string, Page<ProductHistoryEntry>>();

type Loaded = { status: 'loading' } | { status: 'ready'; page: Page<ProductHistoryEntry> } | { status: 'error'; message: string };

export default function HistoryTab({ product, onReload }: { product: Product; onReload: () => void }) {
  const author = useAtomValue(sessionUserAtom) ?? '';
  const online = useAtomValue(onlineAtom);
  const categories = useAtomValue(categoriesAtom);
  const names = categoryNames(categories, product);
  const words = useHistoryWords();
  const { loading } = useMessages(messages);
  const { saveFailed } = useMessages(productEditMessages, 'productEdit');
  const tab = words.tab;
  const label = (field: string) => historyFieldLabel(field, words);
  const value = (field: string, shown: unknown) => historyValue(field, shown, names, words);
  const [pageNumber, setPageNumber] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>(() => {
    const seen = seenPages.get(`${product.productId}:0`);
    return seen ? { status: 'ready', page: seen } : { status: 'loading' };
  });
  const [restoring, setRestoring] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    getProductHistory(product.productId, pageNumber, PAGE_SIZE).then(
      (page) => {
        seenPages.set(`${product.productId}:${pageNumber}`, page);
        if (current) setLoaded({ status: 'ready', page });
      },
      (error: unknown) => {
        if (!current) return;
        const seen = seenPages.get(`${product.productId}:${pageNumber}`);
        setLoaded(seen ? { status: 'ready', page: seen } : { status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      current = false;
    };
    // A new version of the product (a save, a sync) brings new history.
  }, [product.productId, product.version, pageNumber, online]);

  const restore = async (key: string, field: string, old: unknown) => {
    setRestoring(key);
    try {
      // From the device's copy: it already shows any change of mine still waiting.
      const device = (await appProductLoadDeps.readDeviceCopy(product.productId))?.product ?? product;
      await submit({ kind: 'product-change', before: device, after: withRestored(device, field, old) }, author);
      notify(tab.restored(label(field), value(field, old)));
      onReload();
    } catch (error) {
      console.error('Restoring failed', error);
      notify(saveFailed);
    } finally {
      setRestoring(null);
    }
  };

  if (loaded.status === 'loading') return <p className="loading">{loading}</p>;
  if (loaded.status === 'error') {
    return (
      <Callout.Root color="gray" mt="3">
        <Callout.Text>{online ? tab.readFailed(loaded.message) : tab.needsConnection}</Callout.Text>
      </Callout.Root>
    );
  }
  const { page } = loaded;
  return (
    <Flex direction="column" gap="3" pt="3" className="history-tab" data-testid="product-history">
      {page.content.length === 0 && <Text color="gray">{tab.empty}</Text>}
      <ol className="history-list">
        {page.content.map((entry) => (
          <li key={entry.id} className="history-entry" data-testid="history-entry">
            <Flex gap="2" align="baseline" wrap="wrap">
              <Text weight="medium">{historyAuthor(entry)}</Text>
              <Badge variant="soft" radius="full">
                {howLabel(entry, words)}
              </Badge>
              <Text size="1" color="gray">
                {dateTimeText(entry.serverAt)}
                {entry.deviceAt && Math.abs(Date.parse(entry.deviceAt) - Date.parse(entry.serverAt)) > 60_000 && ` · ${tab.madeOnDevice(dateTimeText(entry.deviceAt))}`}
              </Text>
            </Flex>
            <table className="history-changes">
              <tbody>
                {entry.changes.map((change) => {
                  const key = `${entry.id}:${change.field}`;
                  const imageLines = historyImageLines(change.field, change.old, change.new, historyAuthor(entry), change.restored === true, words);
                  if (imageLines) {
                    return imageLines.map((line, index) => (
                      <tr key={`${change.field}:${index}`} data-testid="history-image-change">
                        <td colSpan={5} className="history-sentence">
                          {line}
                        </td>
                      </tr>
                    ));
                  }
                  const sentence = historySentence(change, words);
                  if (sentence !== null) {
                    return (
                      <tr key={change.field}>
                        <td colSpan={5} className="history-sentence">
                          {sentence}
                        </td>
                      </tr>
                    );
                  }
                  return (
                    <tr key={change.field}>
                      <th scope="row">{label(change.field)}</th>
                      <td className="history-old">{value(change.field, change.old)}</td>
                      <td aria-hidden="true">→</td>
                      <td className="history-new">{value(change.field, change.new)}</td>
                      <td>
                        {canRestore(change.field, change.old, product) && (
                          <Button size="1" variant="soft" loading={restoring === key} disabled={restoring !== null} onClick={() => void restore(key, change.field, change.old)} aria-label={tab.restoreLabel(label(change.field), value(change.field, change.old))}>
                            {tab.restore}
                          </Button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </li>
        ))}
      </ol>
      {page.totalPages > 1 && (
        <Flex gap="3" align="center">
          <Button variant="soft" disabled={pageNumber === 0} onClick={() => setPageNumber((n) => n - 1)}>
            {tab.newer}
          </Button>
          <Text size="2" color="gray">
            {tab.page(pageNumber + 1, page.totalPages)}
          </Text>
          <Button variant="soft" disabled={pageNumber + 1 >= page.totalPages} onClick={() => setPageNumber((n) => n + 1)}>
            {tab.older}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
