/**
 * Feed import and image re-export for the supplier chosen in the filter, their outcome, and the
 * parsing history (newest first).
 */
import { Button, Card, Flex, Table, Text } from '@radix-ui/themes';
import { useAtomValue, useStore } from 'jotai';
import { useCallback, useState } from 'react';
import type { FeedRunReport, ParsingHistoryEntry } from '../../../shared/contract';
import { toApiFailure } from '../../api/client';
import { dateTimeText } from '../../lib/format';
import { getParsingHistory, reexportImages, runFeedImport } from '../../api/feeds';
import { productFilterAtoms } from './product-list-state';
import { loadReferenceLists, suppliersAtom } from '../../state/reference-lists';
import { onlineAtom } from '../../state/sync';
import { actionScope, chosenSupplier, feedScopeLabel, historyLabel, runOutcome, runProblems, supplierActionState } from './supplier-actions-rules';

const HISTORY_SIZE = 10;

type Busy = 'import' | 'images' | null;

export function SupplierActions({ onCatalogueChanged }: { onCatalogueChanged: () => void }) {
  const store = useStore();
  const suppliers = useAtomValue(suppliersAtom);
  const supplierName = useAtomValue(productFilterAtoms.supplier);
  const online = useAtomValue(onlineAtom);
  const supplier = chosenSupplier(suppliers, supplierName);
  const [busy, setBusy] = useState<Busy>(null);
  const [outcome, setOutcome] = useState<{ text: string; ok: boolean; warning?: true }[]>([]);
  const [problems, setProblems] = useState<{ lines: string[]; hidden: number }>({ lines: [], hidden: 0 });
  const [history, setHistory] = useState<ParsingHistoryEntry[] | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const state = supplierActionState({ supplier, online, busy: busy !== null });

  const loadHistory = useCallback(async () => {
    try {
      setHistory((await getParsingHistory(HISTORY_SIZE)).content);
    } catch (error) {
      console.error('Loading the parsing history failed', error);
    }
  }, []);

  async function run(kind: Exclude<Busy, null>) {
    if (!supplier) return;
    setBusy(kind);
    setProblems({ lines: [], hidden: 0 });
    setOutcome([{ text: kind === 'import' ? `Importing the feed of ${actionScope(supplier)}…` : `Storing the images of ${actionScope(supplier)}…`, ok: true }]);
    try {
      const report: FeedRunReport = kind === 'import' ? await runFeedImport(supplier.supplierId) : await reexportImages(supplier.supplierId);
      setOutcome(runOutcome(report));
      setProblems(runProblems(report));
    } catch (error) {
      const failure = toApiFailure(error);
      const entries = (failure.body as Partial<FeedRunReport> | null)?.entries;
      setOutcome(entries?.length ? runOutcome({ entries, skipped: [] }) : [{ text: failure.message, ok: false }]);
    } finally {
      setBusy(null);
      onCatalogueChanged();
      void loadReferenceLists(store);
      if (historyOpen) void loadHistory();
    }
  }

  return (
    <Card size="1" className="supplier-actions">
      <Flex gap="2" align="center" wrap="wrap">
        <Text size="2" weight="medium">
          {feedScopeLabel(supplier, supplierName)}
        </Text>
        <Button size="2" disabled={!state.enabled} onClick={() => void run('import')}>
          {busy === 'import' ? 'Importing...' : 'Run feed import'}
        </Button>
        <Button size="2" variant="soft" disabled={!state.enabled} onClick={() => void run('images')}>
          {busy === 'images' ? 'Storing images...' : 'Re-export images'}
        </Button>
        <Button
          size="2"
          variant="ghost"
          aria-expanded={historyOpen}
          onClick={() => {
            if (!historyOpen) void loadHistory();
            setHistoryOpen(!historyOpen);
          }}
        >
          {historyOpen ? 'Hide parsing history' : 'Parsing history'}
        </Button>
        {state.reason && (
          <Text size="1" color="gray">
            {state.reason}
          </Text>
        )}
      </Flex>
      {outcome.length > 0 && (
        <Flex direction="column" mt="2" role="status" data-testid="feed-outcome">
          {outcome.map((line) => (
            <Text key={line.text} size="1" color={line.warning ? 'amber' : line.ok ? undefined : 'red'} weight={line.warning ? 'medium' : undefined}>
              {line.warning ? '⚠ ' : ''}
              {line.text}
            </Text>
          ))}
          {problems.lines.length > 0 && (
            <ul className="feed-problems" aria-label="Rows refused" data-testid="feed-problems">
              {problems.lines.map((line) => (
                <li key={line}>
                  <Text size="1">{line}</Text>
                </li>
              ))}
              {problems.hidden > 0 && (
                <li>
                  <Text size="1" color="gray">
                    and {problems.hidden} more (see the parsing history)
                  </Text>
                </li>
              )}
            </ul>
          )}
        </Flex>
      )}
      {historyOpen && (
        <Table.Root size="1" mt="2" data-testid="parsing-history">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Started</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Supplier</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Operation</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Outcome</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Details</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(history ?? []).map((entry) => {
              const label = historyLabel(entry);
              return (
                <Table.Row key={entry.id}>
                  <Table.Cell>{dateTimeText(entry.dateTimeOperation)}</Table.Cell>
                  <Table.Cell>{entry.supplierName}</Table.Cell>
                  <Table.Cell>{label.operation}</Table.Cell>
                  <Table.Cell>{label.status}</Table.Cell>
                  <Table.Cell>{entry.message}</Table.Cell>
                </Table.Row>
              );
            })}
            {history?.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={5}>No imports yet.</Table.Cell>
              </Table.Row>
            )}
          </Table.Body>
        </Table.Root>
      )}
    </Card>
  );
}
