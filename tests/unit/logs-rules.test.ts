/** The Logs screen's rules (docs/jobs.md, "Screens"): its filters' choices, what a read shows, how it is followed. */
import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/shared/contract';
import type { Job, JobStatus } from '../../src/shared/jobs';
import { ALL_SUPPLIERS_ID } from '../../src/shared/constants';
import type { LogsRead } from '../../src/app/features/logs/load-logs';
import { jobsOfRead, kindOptions, logsPhase, outcomeOptions, supplierOptions, totalPagesOfRead } from '../../src/app/features/logs/logs-rules';

const job = (id: number, status: JobStatus) => ({ id, status }) as Job;
const page = (content: Job[], totalPages = 1): Page<Job> => ({ content, totalPages }) as Page<Job>;

describe('Logs rules', () => {
  it('offers every kind and outcome, "With problems" first among the outcomes', () => {
    expect(kindOptions()[0]).toEqual({ value: '', label: 'Every kind' });
    expect(kindOptions()).toContainEqual({ value: 'order-import', label: 'Order import' });
    expect(outcomeOptions().slice(0, 3)).toEqual([
      { value: '', label: 'Every outcome' },
      { value: 'problems', label: 'With problems' },
      { value: 'queued', label: 'Queued' },
    ]);
    expect(outcomeOptions()).toContainEqual({ value: 'partial', label: 'Partly succeeded' });
  });

  it('offers the real suppliers by id, never the lists\' "All" entry', () => {
    expect(
      supplierOptions([
        { supplierId: ALL_SUPPLIERS_ID, supplierName: 'All' },
        { supplierId: 3, supplierName: 'Chair Co' },
      ]),
    ).toEqual([
      { value: '', label: 'Every supplier' },
      { value: '3', label: 'Chair Co' },
    ]);
  });

  it("shows a read's jobs and pages, from the server or the device, and none for a failed read", () => {
    const jobs = [job(2, 'running'), job(1, 'success')];
    expect(jobsOfRead({ kind: 'network', page: page(jobs, 4) })).toBe(jobs);
    expect(totalPagesOfRead({ kind: 'device', page: page(jobs, 4), fetchedAt: 0 })).toBe(4);
    expect(jobsOfRead({ kind: 'none', message: 'offline' })).toEqual([]);
    expect(totalPagesOfRead({ kind: 'none', message: 'offline' })).toBe(0);
    expect(jobsOfRead(null)).toEqual([]);
    expect(totalPagesOfRead(null)).toBe(0);
  });

  it('is followed live while a job on the page is queued or runs, now and then otherwise', () => {
    const read = (...statuses: JobStatus[]): LogsRead => ({ kind: 'network', page: page(statuses.map((status, index) => job(index, status))) });
    expect(logsPhase(read('success', 'running'))).toBe('running');
    expect(logsPhase(read('queued'))).toBe('running');
    expect(logsPhase(read('success', 'failed', 'cancelled'))).toBe('idle');
    expect(logsPhase({ kind: 'none', message: 'The server did not answer' })).toBe('idle');
  });
});
