/**
 * /logs (docs/jobs.md, "Logs"): every background job, newest first, filtered by kind, supplier and
 * outcome; when it started and ended, how long it took, who started it, its counts, a live
 * progress bar while it runs, its refused lines with their reasons and as a CSV download; and the
 * schedule of bol's order import. Offline it shows the last fetched copy.
 */
import { Badge, Button, Callout, Card, Flex, Heading, Select, Table, Text } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import { Fragment, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ALL_SUPPLIERS_ID } from '../../../shared/constants';
import { JOB_KINDS, JOB_STATUSES, type Job } from '../../../shared/jobs';
import { toApiFailure } from '../../api/client';
import { downloadRefusals, getJob } from '../../api/jobs';
import { countText, dateAndTime, offlineDataNote } from '../../lib/format';
import { suppliersAtom } from '../../state/reference-lists';
import { onlineAtom } from '../../state/sync';
import {
  countsText,
  durationText,
  isActive,
  JOB_KIND_LABEL,
  JOB_POLL_MS,
  JOB_STATUS_LABEL,
  JobProgress,
  logsFilterFromSearch,
  logsFilterToSearch,
  refusalText,
  startedByText,
  statusTone,
  type LogsFilter,
} from '../jobs';
import { saveFile } from '../products';
import { OrderImportSchedule } from './OrderImportSchedule';
import { loadLogs, LOGS_PAGE_SIZE, type LogsRead } from './load-logs';
import './logs.css';

const ANY = 'any';
/** Without a running job the list is read again this often (schedules start jobs by themselves). */
const IDLE_REFRESH_MS = 15_000;

function Moment({ time }: { time: string | null }) {
  if (!time) return <Text color="gray">—</Text>;
  const { date, time: clock } = dateAndTime(time);
  return (
    <span className="logs-moment">
      <span>{date}</span> <span>{clock}</span>
    </span>
  );
}

function FilterSelect({ label, value, options, onChange }: { label: string; value: string; options: { value: string; label: string }[]; onChange: (value: string) => void }) {
  return (
    <Flex direction="column" gap="1" className="logs-filter">
      <Text as="label" size="1" weight="medium">
        {label}
      </Text>
      <Select.Root value={value === '' ? ANY : value} onValueChange={(next) => onChange(next === ANY ? '' : next)}>
        <Select.Trigger aria-label={label} />
        <Select.Content>
          {options.map((option) => (
            <Select.Item key={option.value || ANY} value={option.value || ANY}>
              {option.label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}

function JobDetails({ job, online }: { job: Job; online: boolean }) {
  const [detail, setDetail] = useState<Job | null>(null);
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (!online) return;
    let stopped = false;
    getJob(job.id)
      .then((answer) => !stopped && setDetail(answer))
      .catch((error: unknown) => !stopped && setMessage(toApiFailure(error).message));
    return () => {
      stopped = true;
    };
  }, [job.id, job.status, job.refused, online]);
  const refusals = detail?.refusals ?? [];
  async function download() {
    try {
      saveFile(await downloadRefusals(job.id), `job-${job.id}-refused.csv`);
    } catch (error) {
      setMessage(toApiFailure(error).message);
    }
  }
  return (
    <Flex direction="column" gap="2" className="logs-details" data-testid="job-details">
      {job.message && <Text size="2">{job.message}</Text>}
      {!online && <Text size="1" color="gray">The refused lines need a connection.</Text>}
      {message && (
        <Text size="1" color="red">
          {message}
        </Text>
      )}
      {refusals.length > 0 && (
        <>
          <Flex gap="2" align="center" wrap="wrap">
            <Text size="2" weight="medium">
              Refused ({countText(job.refused)})
            </Text>
            <Button size="2" variant="soft" onClick={() => void download()}>
              Download refused lines (CSV)
            </Button>
          </Flex>
          <ul className="logs-refusals" aria-label={`Refused in job ${job.id}`} data-testid="job-refusals">
            {refusals.map((refusal, index) => (
              <li key={index}>
                <Text size="1">{refusalText(refusal)}</Text>
              </li>
            ))}
            {job.refused > refusals.length && (
              <li>
                <Text size="1" color="gray">
                  and {countText(job.refused - refusals.length)} more (the first {countText(refusals.length)} are kept)
                </Text>
              </li>
            )}
          </ul>
        </>
      )}
      {detail && refusals.length === 0 && job.refused === 0 && <Text size="1" color="gray">Nothing was refused.</Text>}
    </Flex>
  );
}

export default function LogsPage() {
  const [search, setSearch] = useSearchParams();
  const filter = logsFilterFromSearch(search);
  const online = useAtomValue(onlineAtom);
  const suppliers = useAtomValue(suppliersAtom).filter((supplier) => supplier.supplierId !== ALL_SUPPLIERS_ID);
  const [read, setRead] = useState<LogsRead | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const query = { ...filter, size: LOGS_PAGE_SIZE };
  const queryKey = JSON.stringify(query);

  // Every read: on a filter change, on Refresh, and by timer (live while a job runs).
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  useEffect(() => {
    let stopped = false;
    void loadLogs(JSON.parse(queryKey) as typeof query, online).then((answer) => {
      if (stopped) return;
      setRead(answer);
      setNow(Date.now());
    });
    return () => {
      stopped = true;
    };
    // `query` is read through queryKey, its JSON.
  }, [queryKey, online, round]);

  const jobs = read && read.kind !== 'none' ? read.page.content : [];
  const anyActive = jobs.some(isActive);
  useEffect(() => {
    if (!online) return;
    const timer = setTimeout(reload, anyActive ? JOB_POLL_MS : IDLE_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [anyActive, online, read, reload]);

  const change = (next: Partial<LogsFilter>) => setSearch(logsFilterToSearch({ ...filter, page: 0, ...next }));
  const totalPages = read && read.kind !== 'none' ? read.page.totalPages : 0;

  return (
    <Flex direction="column" gap="3" className="logs-page">
      <Heading size="5" as="h1">
        Logs
      </Heading>
      <Card size="1">
        <Flex gap="3" wrap="wrap" align="end">
          <FilterSelect label="Kind" value={filter.kind} onChange={(kind) => change({ kind })} options={[{ value: '', label: 'Every kind' }, ...JOB_KINDS.map((kind) => ({ value: kind, label: JOB_KIND_LABEL[kind] }))]} />
          <FilterSelect
            label="Supplier"
            value={filter.supplierId}
            onChange={(supplierId) => change({ supplierId })}
            options={[{ value: '', label: 'Every supplier' }, ...suppliers.map((supplier) => ({ value: String(supplier.supplierId), label: supplier.supplierName }))]}
          />
          <FilterSelect
            label="Outcome"
            value={filter.outcome}
            onChange={(outcome) => change({ outcome })}
            options={[{ value: '', label: 'Every outcome' }, { value: 'problems', label: 'With problems' }, ...JOB_STATUSES.map((status) => ({ value: status, label: JOB_STATUS_LABEL[status] }))]}
          />
          <Button size="2" variant="soft" onClick={reload} disabled={!online}>
            Refresh
          </Button>
        </Flex>
      </Card>
      {read?.kind === 'device' && (
        <Callout.Root color="amber" size="1" data-testid="logs-offline">
          <Callout.Text>{offlineDataNote(read.fetchedAt, 'kept on this device')}</Callout.Text>
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
              <Table.ColumnHeaderCell>Job</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Started</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Ended</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Duration</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Started by</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Outcome</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {jobs.map((job) => {
              const expanded = open === job.id;
              return (
                <Fragment key={job.id}>
                  <Table.Row data-testid="job-row" data-job-id={job.id} data-status={job.status}>
                    <Table.Cell>
                      <Text as="div" size="2" weight="medium">
                        {JOB_KIND_LABEL[job.kind]}
                      </Text>
                      {job.supplierName && (
                        <Text as="div" size="1" color="gray">
                          {job.supplierName}
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell>
                      <Moment time={job.startedAt} />
                    </Table.Cell>
                    <Table.Cell>
                      <Moment time={job.finishedAt} />
                    </Table.Cell>
                    <Table.Cell>{durationText(job.startedAt, job.finishedAt, now)}</Table.Cell>
                    <Table.Cell>{startedByText(job)}</Table.Cell>
                    <Table.Cell className="logs-outcome">
                      {isActive(job) ? (
                        <JobProgress job={job} label={`Progress of job ${job.id}`} />
                      ) : (
                        <Flex direction="column" gap="1">
                          <Flex gap="2" align="center" wrap="wrap">
                            <Badge color={statusTone(job.status)} size="2">
                              {JOB_STATUS_LABEL[job.status]}
                            </Badge>
                            <Button size="2" variant="ghost" aria-expanded={expanded} onClick={() => setOpen(expanded ? null : job.id)}>
                              {expanded ? 'Hide details' : 'Details'}
                            </Button>
                          </Flex>
                          <Text size="1" color="gray">
                            {countsText(job)}
                          </Text>
                        </Flex>
                      )}
                    </Table.Cell>
                  </Table.Row>
                  {expanded && (
                    <Table.Row>
                      <Table.Cell colSpan={6}>
                        <JobDetails job={job} online={online} />
                      </Table.Cell>
                    </Table.Row>
                  )}
                </Fragment>
              );
            })}
            {read && read.kind !== 'none' && jobs.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={6}>No jobs yet.</Table.Cell>
              </Table.Row>
            )}
          </Table.Body>
        </Table.Root>
      </div>
      <Flex gap="2" align="center">
        <Button size="2" variant="soft" disabled={filter.page === 0} onClick={() => change({ page: filter.page - 1 })}>
          Previous
        </Button>
        <Text size="2">
          Page {filter.page + 1} of {Math.max(1, totalPages)}
        </Text>
        <Button size="2" variant="soft" disabled={filter.page + 1 >= totalPages} onClick={() => change({ page: filter.page + 1 })}>
          Next
        </Button>
      </Flex>
      <OrderImportSchedule online={online} />
    </Flex>
  );
}
