/**
 * /parser (docs/feeds.md, "The Parser screen"): the suppliers with their feed, schedule and last
 * run; add or edit one (source, credentials, column mapping, transforms, schedule), Test feed
 * before saving, Save, Run. Offline it shows the list last fetched and refuses to save, saying why.
 */
import { Badge, Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useCallback, useEffect, useState } from 'react';
import type { SupplierDetails } from '../../../shared/suppliers';
import { ApiFailure, serverSaysNow } from '../../api/client';
import { setSupplierEnabled, listSuppliers } from '../../api/suppliers';
import { countText, dateTimeText, offlineDataNote } from '../../lib/format';
import { noServerSays } from '../../lib/no-server-sentence';
import { isOnline, watchOnline } from '../../lib/online';
import { formOf, newSupplierForm, type SupplierForm } from './supplier-form';
import { nextRunOf, runCountsText, runStatusColor, scheduleText } from './supplier-list-text';
import { SupplierEditor } from './SupplierEditor';
import './parser.css';
import { messages } from '../../../shared/messages';
import { parserMessages, type ParserWords } from '../../../shared/parser-messages';
import { messagesNow, useMessages } from '../../i18n/language';

const KEPT_LIST_KEY = 'backoffice.parser.suppliers';

interface KeptList {
  suppliers: SupplierDetails[];
  fetchedAt: number;
}

function readKeptList(): KeptList | null {
  try {
    const text = localStorage.getItem(KEPT_LIST_KEY);
    return text ? (JSON.parse(text) as KeptList) : null;
  } catch {
    return null;
  }
}

const failureText = (failure: unknown) => (failure instanceof ApiFailure ? failure.message : String(failure));

/** The list from the server (kept on the device as it arrives), or without an answer the copy kept last. */
async function fetchList(): Promise<{ list: SupplierDetails[] | null; fromDevice: number | null; error: string | null }> {
  try {
    const found = await listSuppliers();
    try {
      localStorage.setItem(KEPT_LIST_KEY, JSON.stringify({ suppliers: found, fetchedAt: Date.now() } satisfies KeptList));
    } catch {
      // A full storage only costs the offline copy.
    }
    return { list: found, fromDevice: null, error: null };
  } catch (failure) {
    const kept = readKeptList();
    if (failure instanceof ApiFailure && failure.status === 0 && kept) return { list: kept.suppliers, fromDevice: kept.fetchedAt, error: null };
    return { list: null, fromDevice: null, error: failureText(failure) };
  }
}

export default function ParserPage() {
  const [list, setList] = useState<SupplierDetails[] | null>(null);
  const [fromDevice, setFromDevice] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [online, setOnline] = useState(isOnline());
  const [editing, setEditing] = useState<SupplierForm | null>(null);
  const words = useMessages(parserMessages, 'parser');
  const loadingText = useMessages(messages).loading;

  const [loads, setLoads] = useState(0);
  const reload = useCallback(() => setLoads((count) => count + 1), []);

  useEffect(() => {
    let live = true;
    fetchList().then((read) => {
      if (!live) return;
      if (read.list) setList(read.list);
      else setList((current) => current ?? []);
      setFromDevice(read.fromDevice);
      setError(read.error);
    });
    return () => {
      live = false;
    };
  }, [loads]);

  useEffect(
    () =>
      watchOnline((now) => {
        setOnline(now);
        if (now) reload();
      }),
    [reload],
  );

  async function toggle(supplier: SupplierDetails) {
    setNotice(null);
    if (!isOnline()) {
      setError(noServerSays('parserEnable'));
      return;
    }
    try {
      await setSupplierEnabled(supplier.supplierId, !supplier.enabled);
      const say = messagesNow(parserMessages, 'parser');
      setNotice(supplier.enabled ? say.disabledNotice(supplier.supplierName) : say.enabledNotice(supplier.supplierName));
      reload();
    } catch (failure) {
      setError(failureText(failure));
    }
  }

  if (editing) {
    return (
      <SupplierEditor
        initial={editing}
        online={online}
        onClose={(message) => {
          setEditing(null);
          setNotice(message);
          reload();
        }}
      />
    );
  }

  return (
    <Flex direction="column" gap="4" className="parser-page">
      <Flex justify="between" align="center" wrap="wrap" gap="3">
        <Heading as="h2" size="5">
          {words.suppliers}
        </Heading>
        <Button size="3" onClick={() => setEditing(newSupplierForm())}>
          {words.addSupplier}
        </Button>
      </Flex>
      {fromDevice !== null && (
        <Callout.Root color="amber" role="status">
          <Callout.Text>{offlineDataNote(fromDevice, '')}. {words.offlineNeeds}</Callout.Text>
        </Callout.Root>
      )}
      {error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      )}
      {notice && (
        <Callout.Root color="green" role="status">
          <Callout.Text>{notice}</Callout.Text>
        </Callout.Root>
      )}
      {list === null ? (
        <Text>{loadingText}</Text>
      ) : list.length === 0 ? (
        <Card size="3" className="parser-empty">
          <Flex direction="column" gap="2">
            <Text weight="bold">{words.noSuppliersTitle}</Text>
            <Text>{words.noSuppliersHint}</Text>
          </Flex>
        </Card>
      ) : (
        <ul className="parser-list" aria-label={words.suppliers}>
          {list.map((supplier) => (
            <SupplierRow key={supplier.supplierId} words={words} supplier={supplier} onEdit={() => setEditing(formOf(supplier))} onToggle={() => void toggle(supplier)} />
          ))}
        </ul>
      )}
    </Flex>
  );
}

function SupplierRow({ words, supplier, onEdit, onToggle }: { words: ParserWords; supplier: SupplierDetails; onEdit: () => void; onToggle: () => void }) {
  const run = supplier.lastRun;
  const next = nextRunOf(supplier, new Date());
  const source = supplier.feedSource === 'upload' ? (supplier.uploadedFile ? words.uploadedFile(supplier.uploadedFile.name) : words.noUploadedFile) : supplier.supplierUrlFeed;
  return (
    <li className="parser-row" data-testid={`supplier-${supplier.supplierId}`}>
      <Card size="2">
        <Flex gap="3" justify="between" wrap="wrap" align="start">
          <Flex direction="column" gap="1" className="parser-row-main">
            <Flex gap="2" align="center" wrap="wrap">
              <Text weight="bold" size="4">
                {supplier.supplierName}
              </Text>
              <Badge size="2" color={supplier.enabled ? 'green' : 'gray'}>
                {supplier.enabled ? words.enabled : words.disabled}
              </Badge>
              <Badge size="2" color="gray">
                {supplier.feedFormat.toUpperCase()}
              </Badge>
            </Flex>
            <Text size="2" color="gray" className="parser-source">
              {source}
            </Text>
            <Text size="2">
              {words.schedule(scheduleText(supplier.schedule, words), countText(supplier.productCount))}
            </Text>
            {next && <Text size="2">{words.nextRun(dateTimeText(next.getTime()))}</Text>}
            <Text size="2" className="parser-last-run">
              {run ? (
                <>
                  {words.lastRun} {dateTimeText(run.dateTimeOperation)}{' '}
                  <Badge color={runStatusColor(run.status)}>{words.runStatus[run.status]}</Badge>
                  {run.status !== 'running' && run.status !== 'failed' ? ` ${runCountsText(run, countText, words)}` : ''}
                  {run.status === 'failed' ? ` ${serverSaysNow(run) ?? run.message}` : ''}
                </>
              ) : (
                words.neverImported
              )}
            </Text>
          </Flex>
          <Flex gap="2" wrap="wrap">
            <Button size="3" variant="soft" onClick={onEdit} aria-label={words.editSupplier(supplier.supplierName)}>
              {words.edit}
            </Button>
            <Button size="3" variant="soft" color={supplier.enabled ? 'gray' : 'green'} onClick={onToggle}>
              {supplier.enabled ? words.disable : words.enable}
            </Button>
          </Flex>
        </Flex>
      </Card>
    </li>
  );
}
