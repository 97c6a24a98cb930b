/**
 * Feed import and image re-export for the supplier chosen in the filter, their outcome, and the
 * parsing history (newest first). An import runs as a background job: its live progress bar shows
 * here until it ends (docs/jobs.md).
 */
import { Button, Flex, Table, Text } from '@radix-ui/themes';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useAtomValue, useStore } from 'jotai';
import { Fragment, memo, useCallback, useEffect, useState } from 'react';
import type { FeedRunReport, ParsingHistoryEntry } from '../../../shared/contract';
import type { Job } from '../../../shared/jobs';
import { startFeedImport } from '../../api/jobs';
import { JobProgress, jobOutcomeLines, jobProblemLines, useFollowedJobs } from '../jobs';
import { serverSaysNow, toApiFailure } from '../../api/client';
import { reasonOf } from '../../lib/job-items';
import { countText, dateTimeText } from '../../lib/format';
import { getParsingHistory, reexportImages } from '../../api/feeds';
import { productFilterAtoms } from './product-list-state';
import { loadReferenceLists, suppliersAtom } from '../../state/reference-lists';
import { onlineAtom } from '../../state/sync';
import { actionScope, chosenSupplier, feedScopeLabel, historyLabel, importConfirmation, runOutcome, runProblems, skippedLine, supplierActionState } from './supplier-actions-rules';
import { useMessages } from '../../i18n/language';
import { listActionsMessages } from '../../../shared/list-actions-messages';
import { jobProgressMessages } from '../../../shared/job-progress-messages';
import { STATUS_WORDS } from '../../../shared/status-words';

const HISTORY_SIZE = 10;
/** While a history entry says running, the history is read again this often, so it never says "Running" after the run ended. */
const HISTORY_REFRESH_MS = 2_000;

type Busy = 'import' | 'images' | null;

/** Memoised: it reads its own atoms, so a new answer of the list does not render it again. */
export const SupplierActions = memo(function SupplierActions({ onCatalogueChanged }: { onCatalogueChanged: () => void }) {
  const store = useStore();
  const words = useMessages(listActionsMessages, 'listActions').feed;
  const jobWords = useMessages(jobProgressMessages, 'jobProgress');
  const statusWords = useMessages(STATUS_WORDS, 'statusWords');
  const suppliers = useAtomValue(suppliersAtom);
  const supplierName = useAtomValue(productFilterAtoms.supplier);
  const online = useAtomValue(onlineAtom);
  const supplier = chosenSupplier(suppliers, supplierName);
  const [busy, setBusy] = useState<Busy>(null);
  const [outcome, setOutcome] = useState<{ text: string; ok: boolean; warning?: true }[]>([]);
  const [problems, setProblems] = useState<{ lines: string[]; hidden: number }>({ lines: [], hidden: 0 });
  const [history, setHistory] = useState<ParsingHistoryEntry[] | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const state = supplierActionState({ supplier, online, busy: busy !== null }, words);
  const [expanded, setExpanded] = useState<number | null>(null);

  const loadHistory = useCallback(async () => {
    try {
      setHistory((await getParsingHistory(HISTORY_SIZE)).content);
    } catch (error) {
      console.error('Loading the parsing history failed', error);
    }
  }, []);

  const finished = useCallback(() => {
    setBusy(null);
    onCatalogueChanged();
    void loadReferenceLists(store);
    if (historyOpen) void loadHistory();
  }, [historyOpen, loadHistory, onCatalogueChanged, store]);

  const followed = useFollowedJobs((ended: Job[]) => {
    if (ended.length > 0) {
      setOutcome((lines) => [...jobOutcomeLines(ended, statusWords, serverSaysNow), ...lines.filter((line) => !line.ok)]);
      setProblems(jobProblemLines(ended, undefined, jobWords, serverSaysNow));
    }
    finished();
  });

  // The parsing history never keeps saying "Running" once the run ended.
  const historyRunning = historyOpen && (history ?? []).some((entry) => entry.status === 'running');
  useEffect(() => {
    if (!historyRunning) return;
    const timer = setInterval(() => void loadHistory(), HISTORY_REFRESH_MS);
    return () => clearInterval(timer);
  }, [historyRunning, loadHistory]);

  async function runImport() {
    if (!supplier) return;
    setBusy('import');
    setProblems({ lines: [], hidden: 0 });
    setOutcome([]);
    followed.follow([]);
    try {
      const answer = await startFeedImport(supplier.supplierId);
      // Suppliers left out of an 'All' run because one of theirs runs: said at once.
      setOutcome(answer.skipped.map((skipped) => skippedLine(skipped, serverSaysNow)));
      if (historyOpen) void loadHistory();
      followed.follow(answer.jobs);
      if (answer.jobs.length === 0) finished();
    } catch (error) {
      setOutcome([{ text: toApiFailure(error).message, ok: false }]);
      finished();
    }
  }

  async function run(kind: Exclude<Busy, null>) {
    if (!supplier) return;
    if (kind === 'import') return runImport();
    setBusy(kind);
    setProblems({ lines: [], hidden: 0 });
    setOutcome([{ text: words.storingImagesOf(actionScope(supplier, words)), ok: true }]);
    try {
      const report: FeedRunReport = await reexportImages(supplier.supplierId);
      setOutcome(runOutcome(report, serverSaysNow));
      setProblems(runProblems(report, undefined, jobWords, serverSaysNow));
    } catch (error) {
      const failure = toApiFailure(error);
      const entries = (failure.body as Partial<FeedRunReport> | null)?.entries;
      setOutcome(entries?.length ? runOutcome({ entries, skipped: [] }) : [{ text: failure.message, ok: false }]);
    } finally {
      finished();
    }
  }

  const confirmation = supplier ? importConfirmation(supplier, suppliers, words) : null;

  // Part of the table's header (docs/product-list.md, "A list that shows the list"). Importing
  // every supplier's feed asks first: it is the heaviest thing the list can start.
  return (
    <div className="supplier-actions" role="group" aria-label={words.region}>
      <Flex gap="2" align="center" wrap="wrap" className="toolbar-group">
        <Text size="1" color="gray" data-frame="feed-scope">
          {feedScopeLabel(supplier, supplierName, words)}
        </Text>
        <Button size="2" variant="soft" data-frame="feed-action" disabled={!state.enabled} onClick={() => (confirmation ? setConfirming(true) : void run('import'))}>
          {busy === 'import' ? words.importing : words.runImport}
        </Button>
        {confirmation && (
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={confirmation.title}
            description={confirmation.description}
            cancelLabel={words.keepCatalogue}
            confirmLabel={confirmation.confirmLabel}
            onConfirm={() => void run('import')}
          />
        )}
        <Button size="2" variant="soft" data-frame="feed-action" disabled={!state.enabled} onClick={() => void run('images')}>
          {busy === 'images' ? words.storing : words.reexport}
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
          {historyOpen ? words.hideHistory : words.history}
        </Button>
        {state.reason && (
          <Text size="1" color="gray" data-frame="feed-reason">
            {state.reason}
          </Text>
        )}
      </Flex>
      {followed.jobs.length > 0 && (
        // Stays after the end, full, with the final counts, until the next run.
        <Flex direction="column" gap="2" className="toolbar-line" data-testid="feed-progress" data-following={followed.following}>
          {followed.jobs.map((job) => (
            <JobProgress key={job.id} job={job} label={words.importOf(job.supplierName ?? words.theFeed)} />
          ))}
        </Flex>
      )}
      {outcome.length > 0 && (
        <Flex direction="column" className="toolbar-line" role="status" data-testid="feed-outcome">
          {outcome.map((line) => (
            <Text key={line.text} size="1" color={line.warning ? 'amber' : line.ok ? undefined : 'red'} weight={line.warning ? 'medium' : undefined}>
              {line.warning ? '⚠ ' : ''}
              {line.text}
            </Text>
          ))}
          {problems.lines.length > 0 && (
            <ul className="feed-problems" aria-label={words.rowsRefused} data-testid="feed-problems">
              {problems.lines.map((line) => (
                <li key={line}>
                  <Text size="1">{line}</Text>
                </li>
              ))}
              {problems.hidden > 0 && (
                <li>
                  <Text size="1" color="gray">
                    {words.andMoreInHistory(problems.hidden)}
                  </Text>
                </li>
              )}
            </ul>
          )}
        </Flex>
      )}
      {historyOpen && (
        <Table.Root size="1" className="toolbar-line" data-testid="parsing-history">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{words.columns.started}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{words.columns.supplier}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{words.columns.operation}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{words.columns.outcome}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{words.columns.details}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(history ?? []).map((entry) => {
              const label = historyLabel(entry, words, statusWords.jobKind);
              const open = expanded === entry.id;
              return (
                <Fragment key={entry.id}>
                  <Table.Row>
                    <Table.Cell>{dateTimeText(entry.dateTimeOperation)}</Table.Cell>
                    <Table.Cell>{entry.supplierName}</Table.Cell>
                    <Table.Cell>{label.operation}</Table.Cell>
                    <Table.Cell>{label.status}</Table.Cell>
                    <Table.Cell>
                      {serverSaysNow(entry) ?? entry.message}
                      {entry.problems.length > 0 && (
                        <Button size="1" variant="ghost" ml="2" aria-expanded={open} onClick={() => setExpanded(open ? null : entry.id)}>
                          {open ? words.hideRefused : words.refusedLines(refusedCountText(entry))}
                        </Button>
                      )}
                    </Table.Cell>
                  </Table.Row>
                  {open && (
                    <Table.Row>
                      <Table.Cell colSpan={5}>
                        <ul className="feed-problems" aria-label={words.refusedIn(label.operation, entry.supplierName)} data-testid="history-problems">
                          {entry.problems.map((problem) => (
                            <li key={`${problem.line}:${problem.reason}`}>
                              <Text size="1">{jobWords.line(problem.line, reasonOf(problem, serverSaysNow))}</Text>
                            </li>
                          ))}
                          {entry.refused > entry.problems.length && (
                            <li>
                              <Text size="1" color="gray">
                                {words.andMoreKept(entry.refused - entry.problems.length, entry.problems.length)}
                              </Text>
                            </li>
                          )}
                        </ul>
                      </Table.Cell>
                    </Table.Row>
                  )}
                </Fragment>
              );
            })}
            {history?.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={5}>{words.noImports}</Table.Cell>
              </Table.Row>
            )}
          </Table.Body>
        </Table.Root>
      )}
    </div>
  );
});

function refusedCountText(entry: ParsingHistoryEntry): string {
  return countText(entry.refused);
}
