/**
 * /parser (docs/feeds.md, "The Parser screen"): the suppliers with their feed, schedule and last
 * run; add or edit one (source, credentials, column mapping, transforms, schedule), Test feed
 * before saving, Save, Run. Offline it shows the list last fetched and refuses to save, saying why.
 */
import { Badge, Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useCallback, useEffect, useState } from 'react';
import type { SupplierDetails } from '../../../shared/suppliers';
import { ApiFailure } from '../../api/client';
import { setSupplierEnabled, listSuppliers } from '../../api/suppliers';
import { countText, dateTimeText, offlineDataNote } from '../../lib/format';
import { noServerSays } from '../../lib/no-server-sentence';
import { isOnline, watchOnline } from '../../lib/online';
import { formOf, newSupplierForm, type SupplierForm } from './supplier-form';
import { nextRunOf, runCountsText, RUN_STATUS_TEXT, runStatusColor, scheduleText } from './supplier-list-text';
import { SupplierEditor } from './SupplierEditor';
import './parser.css';
import { messages } from '../../../shared/messages';

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
      setNotice(`${supplier.supplierName} is ${supplier.enabled ? 'disabled: scheduled imports skip it' : 'enabled'}.`);
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
          Suppliers
        </Heading>
        <Button size="3" onClick={() => setEditing(newSupplierForm())}>
          Add supplier
        </Button>
      </Flex>
      {fromDevice !== null && (
        <Callout.Root color="amber" role="status">
          <Callout.Text>{offlineDataNote(fromDevice, '')}. Saving, Test feed and Run need the server.</Callout.Text>
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
        <Text>{messages.loading}</Text>
      ) : list.length === 0 ? (
        <Card size="3" className="parser-empty">
          <Flex direction="column" gap="2">
            <Text weight="bold">No suppliers yet</Text>
            <Text>
              Add a supplier with the address of its feed (CSV, XML or Excel), or upload its file. Test feed shows the first products as they would be imported
              before anything is saved.
            </Text>
          </Flex>
        </Card>
      ) : (
        <ul className="parser-list" aria-label="Suppliers">
          {list.map((supplier) => (
            <SupplierRow key={supplier.supplierId} supplier={supplier} onEdit={() => setEditing(formOf(supplier))} onToggle={() => void toggle(supplier)} />
          ))}
        </ul>
      )}
    </Flex>
  );
}

function SupplierRow({ supplier, onEdit, onToggle }: { supplier: SupplierDetails; onEdit: () => void; onToggle: () => void }) {
  const run = supplier.lastRun;
  const next = nextRunOf(supplier, new Date());
  const source = supplier.feedSource === 'upload' ? (supplier.uploadedFile ? `Uploaded file ${supplier.uploadedFile.name}` : 'Uploaded file (none yet)') : supplier.supplierUrlFeed;
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
                {supplier.enabled ? 'Enabled' : 'Disabled'}
              </Badge>
              <Badge size="2" color="gray">
                {supplier.feedFormat.toUpperCase()}
              </Badge>
            </Flex>
            <Text size="2" color="gray" className="parser-source">
              {source}
            </Text>
            <Text size="2">
              Schedule: {scheduleText(supplier.schedule)} · {countText(supplier.productCount)} products
            </Text>
            {next && <Text size="2">Next run: {dateTimeText(next.getTime())}</Text>}
            <Text size="2" className="parser-last-run">
              {run ? (
                <>
                  Last run: {dateTimeText(run.dateTimeOperation)}{' '}
                  <Badge color={runStatusColor(run.status)}>{RUN_STATUS_TEXT[run.status]}</Badge>
                  {run.status !== 'running' && run.status !== 'failed' ? ` ${runCountsText(run, countText)}` : ''}
                  {run.status === 'failed' ? ` ${run.message}` : ''}
                </>
              ) : (
                'Never imported'
              )}
            </Text>
          </Flex>
          <Flex gap="2" wrap="wrap">
            <Button size="3" variant="soft" onClick={onEdit} aria-label={`Edit ${supplier.supplierName}`}>
              Edit
            </Button>
            <Button size="3" variant="soft" color={supplier.enabled ? 'gray' : 'green'} onClick={onToggle}>
              {supplier.enabled ? 'Disable' : 'Enable'}
            </Button>
          </Flex>
        </Flex>
      </Card>
    </li>
  );
}
