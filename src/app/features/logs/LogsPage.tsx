/**
 * /logs (docs/jobs.md, "Logs"): every background job, newest first, filtered by kind, supplier and
 * outcome; when it started and ended, how long it took, who started it, its counts, a live
 * progress bar while it runs, its refused lines with their reasons and as a CSV download; and the
 * schedule of bol's order import. Offline it shows the last fetched copy. Decisions live in
 * logs-rules.ts; the list is followed by the jobs feature's follower.
 */
import { Button, Callout, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { JobListQuery } from '../../api/jobs';
import { offlineDataNote } from '../../lib/format';
import { onlineAtom } from '../../state/sync';
import { logsFilterFromSearch, logsFilterToSearch, useJobFollower, type LogsFilter } from '../jobs';
import { JobRow } from './JobRow';
import { loadLogs, LOGS_PAGE_SIZE, type LogsRead } from './load-logs';
import { LogsFilterBar } from './LogsFilterBar';
import { jobsOfRead, logsPhase, totalPagesOfRead } from './logs-rules';
import { OrderImportSchedule } from './OrderImportSchedule';
import './logs.css';
import { logsMessages } from '../../../shared/logs-messages';
import { useMessages } from '../../i18n/language';


export default function LogsPage() {
  const [search, setSearch] = useSearchParams();
  const filter = logsFilterFromSearch(search);
  const online = useAtomValue(onlineAtom);
  // The last read, and when it came (running jobs' durations count to it).
  const [{ read, now }, setShown] = useState<{ read: LogsRead | null; now: number }>(() => ({ read: null, now: Date.now() }));
  const [open, setOpen] = useState<number | null>(null);
  const words = useMessages(logsMessages, 'logs');
  const queryKey = JSON.stringify({ ...filter, size: LOGS_PAGE_SIZE });

  // Refresh starts a new read at once.
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((value) => value + 1), []);

  // Online: read now (filters changed, Refresh, back online), then live while a job runs, now and then otherwise.
  useJobFollower<LogsRead>({
    key: `${queryKey}|${round}`,
    enabled: online,
    first: 'due',
    read: () => loadLogs(JSON.parse(queryKey) as JobListQuery, true),
    phaseOf: logsPhase,
    onAnswer: (answer) => setShown({ read: answer, now: Date.now() }),
  });

  // Offline: the copy last fetched for these filters.
  useEffect(() => {
    if (online) return undefined;
    let stopped = false;
    void loadLogs(JSON.parse(queryKey) as JobListQuery, false).then((answer) => !stopped && setShown({ read: answer, now: Date.now() }));
    return () => {
      stopped = true;
    };
  }, [queryKey, online, round]);

  const jobs = jobsOfRead(read);
  const totalPages = totalPagesOfRead(read);
  const change = (next: Partial<LogsFilter>) => setSearch(logsFilterToSearch({ ...filter, page: 0, ...next }));

  return (
    <Flex direction="column" gap="3" className="logs-page">
      <Heading size="5" as="h1">
        {words.title}
      </Heading>
      <LogsFilterBar filter={filter} online={online} onChange={change} onRefresh={reload} />
      {read?.kind === 'device' && (
        <Callout.Root color="amber" size="1" data-testid="logs-offline">
          <Callout.Text>{offlineDataNote(read.fetchedAt, words.keptOnDevice)}</Callout.Text>
        </Callout.Root>
      )}
      {read?.kind === 'none' && (
        <Callout.Root color="red" size="1">
          <Callout.Text>{read.message}</Callout.Text>
        </Callout.Root>
      )}
      <div className="logs-table-scroll">
        <Table.Root size="1" className="logs-table" data-testid="logs-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{words.job}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{words.started}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{words.ended}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{words.duration}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{words.startedBy}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{words.outcome}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {jobs.map((job) => (
              <JobRow key={job.id} job={job} now={now} online={online} expanded={open === job.id} onToggle={() => setOpen(open === job.id ? null : job.id)} />
            ))}
            {read && read.kind !== 'none' && jobs.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={6}>{words.noJobs}</Table.Cell>
              </Table.Row>
            )}
          </Table.Body>
        </Table.Root>
      </div>
      <Flex gap="2" align="center">
        <Button size="2" variant="soft" disabled={filter.page === 0} onClick={() => change({ page: filter.page - 1 })}>
          {words.previous}
        </Button>
        <Text size="2">
          {words.page(filter.page + 1, Math.max(1, totalPages))}
        </Text>
        <Button size="2" variant="soft" disabled={filter.page + 1 >= totalPages} onClick={() => change({ page: filter.page + 1 })}>
          {words.next}
        </Button>
      </Flex>
      <OrderImportSchedule online={online} />
    </Flex>
  );
}
