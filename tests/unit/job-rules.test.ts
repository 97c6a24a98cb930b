/** How jobs read on screen (docs/jobs.md, "Screens"). */
import { describe, expect, it } from 'vitest';
import type { Job } from '../../src/shared/jobs';
import {
  durationText,
  jobOutcomeLines,
  jobProblemLines,
  logsFilterFromSearch,
  logsFilterToSearch,
  progressText,
  progressValue,
  refusalText,
  scheduleText,
  startedByText,
  statusTone,
} from '../../src/app/features/jobs/job-rules';

const job = (over: Partial<Job>): Job => ({
  id: 1,
  kind: 'feed-import',
  supplierId: 3,
  supplierName: 'Chair Co',
  status: 'running',
  trigger: 'user',
  startedBy: 'anna',
  createdAt: '2026-11-25T10:00:00.000Z',
  startedAt: '2026-11-25T10:00:00.000Z',
  finishedAt: null,
  scheduledFor: null,
  cancelRequested: false,
  read: 12_000,
  written: 11_990,
  refused: 10,
  percent: 42,
  message: '',
  historyId: null,
  ...over,
});

describe('job rules', () => {
  it('writes progress with counts and percent, and a queued job as waiting', () => {
    expect(progressText(job({}))).toBe('Chair Co: 12,000 read, 11,990 written, 10 refused (42%)');
    expect(progressText(job({ percent: null, cancelRequested: true }))).toBe('Chair Co: stopping… 12,000 read, 11,990 written, 10 refused');
    expect(progressText(job({ status: 'queued' }))).toBe('Chair Co: waiting to start…');
    expect(progressText(job({ status: 'partial' }))).toBe('Chair Co: Partly succeeded: 12,000 read, 11,990 written, 10 refused');
    expect(progressText(job({ kind: 'content-creation', supplierName: null, read: 5, written: 4, refused: 1 }))).toBe('5 items read, 4 written, 1 refused (42%)');
  });

  it('fills the bar when the job ended; leaves it indeterminate without a known size', () => {
    expect(progressValue(job({}))).toBe(42);
    expect(progressValue(job({ percent: null }))).toBeNull();
    expect(progressValue(job({ status: 'failed', percent: null }))).toBe(100);
  });

  it('names who started it, colours outcomes (partly done is amber, never green), and durations', () => {
    expect(startedByText(job({}))).toBe('anna');
    expect(startedByText(job({ trigger: 'schedule', startedBy: '' }))).toBe('Schedule');
    expect(statusTone('success')).toBe('green');
    expect(statusTone('partial')).toBe('amber');
    expect(statusTone('interrupted')).toBe('red');
    expect(durationText('2026-11-25T10:00:00Z', '2026-11-25T10:00:04.4Z', 0)).toBe('4 s');
    expect(durationText('2026-11-25T10:00:00Z', '2026-11-25T10:02:05Z', 0)).toBe('2 min 05 s');
    expect(durationText('2026-11-25T10:00:00Z', '2026-11-25T11:02:00Z', 0)).toBe('1 h 02 min');
    expect(durationText('2026-11-25T10:00:00Z', null, Date.parse('2026-11-25T10:00:30Z'))).toBe('30 s');
    expect(durationText(null, null, 0)).toBe('');
  });

  it('reads refused lines and items, and the outcome of finished imports', () => {
    expect(refusalText({ line: 4, reason: 'Title is missing' })).toBe('Line 4: Title is missing');
    expect(refusalText({ productId: 8, reason: 'Choose a Bol category for this product first' })).toBe('Product 8: Choose a Bol category for this product first');
    const ended = [job({ status: 'partial', message: 'Read 3 rows: 2 new, 0 updated, 0 unchanged, 1 refused', refused: 1, refusals: [{ line: 3, reason: 'Title is missing' }] })];
    expect(jobOutcomeLines(ended)).toEqual([{ text: 'Chair Co: Read 3 rows: 2 new, 0 updated, 0 unchanged, 1 refused', ok: true, warning: true }]);
    expect(jobProblemLines(ended)).toEqual({ lines: ['Chair Co, line 3: Title is missing'], hidden: 0 });
    expect(jobProblemLines([job({ status: 'partial', refused: 150, refusals: [{ line: 3, reason: 'x' }] })], 100)).toEqual({ lines: ['Chair Co, line 3: x'], hidden: 149 });
    expect(jobOutcomeLines([job({ status: 'failed', message: 'The feed could not be downloaded' })])[0]).toEqual({ text: 'Chair Co: The feed could not be downloaded', ok: false });
  });

  it('keeps the Logs filters in the URL', () => {
    const filter = logsFilterFromSearch(new URLSearchParams('kind=feed-import&supplierId=4&outcome=problems&page=2'));
    expect(filter).toEqual({ kind: 'feed-import', supplierId: '4', outcome: 'problems', page: 2 });
    expect(logsFilterToSearch(filter).toString()).toBe('kind=feed-import&supplierId=4&outcome=problems&page=2');
    expect(logsFilterFromSearch(new URLSearchParams('supplierId=x&page=-1'))).toEqual({ kind: '', supplierId: '', outcome: '', page: 0 });
    expect(logsFilterToSearch({ kind: '', supplierId: '', outcome: '', page: 0 }).toString()).toBe('');
  });

  it('writes schedules in words', () => {
    expect(scheduleText(null)).toBe('Only by hand');
    expect(scheduleText({ kind: 'minutes', minutes: 15, timeZone: 'Europe/Amsterdam' })).toBe('Every 15 minutes');
    expect(scheduleText({ kind: 'minutes', minutes: 60, timeZone: 'Europe/Amsterdam' })).toBe('Every hour');
    expect(scheduleText({ kind: 'every', hours: 4, timeZone: 'Europe/Amsterdam' })).toBe('Every 4 hours');
    expect(scheduleText({ kind: 'daily', time: '03:30', timeZone: 'Europe/Amsterdam' })).toBe('Daily at 03:30 (Europe/Amsterdam)');
  });
});
