/** The schedule rules (docs/jobs.md, "Schedules"): when a scheduled job is due, in Amsterdam time, across DST changes. */
import { describe, expect, it } from 'vitest';
import { feedScheduleSchema, isDue, nextRunAt, runScheduleSchema, zonedTimeToInstant, type RunSchedule } from '../../src/shared/schedule';

const at = (iso: string) => new Date(iso);
const daily = (time: string, timeZone = 'Europe/Amsterdam'): RunSchedule => ({ kind: 'daily', time, timeZone });

describe('zonedTimeToInstant', () => {
  it('reads wall-clock times in Amsterdam in winter (+1) and summer (+2)', () => {
    expect(new Date(zonedTimeToInstant(2026, 1, 15, 3, 30, 'Europe/Amsterdam')).toISOString()).toBe('2026-01-15T02:30:00.000Z');
    expect(new Date(zonedTimeToInstant(2026, 7, 15, 3, 30, 'Europe/Amsterdam')).toISOString()).toBe('2026-07-15T01:30:00.000Z');
  });

  it('moves a time in the hour skipped when summer time starts forward by the gap', () => {
    // 29 March 2026: 02:00 becomes 03:00; 02:30 does not exist and runs at 03:30 summer time.
    expect(new Date(zonedTimeToInstant(2026, 3, 29, 2, 30, 'Europe/Amsterdam')).toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('takes the first of a time that happens twice when summer time ends', () => {
    // 25 October 2026: 03:00 summer time becomes 02:00 winter time; 02:30 happens at 00:30Z and 01:30Z.
    expect(new Date(zonedTimeToInstant(2026, 10, 25, 2, 30, 'Europe/Amsterdam')).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('works in other time zones', () => {
    expect(new Date(zonedTimeToInstant(2026, 3, 8, 2, 30, 'America/New_York')).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(new Date(zonedTimeToInstant(2026, 6, 1, 9, 0, 'UTC')).toISOString()).toBe('2026-06-01T09:00:00.000Z');
  });
});

describe('nextRunAt: daily', () => {
  it('runs at the next HH:MM after the last run, in Amsterdam time', () => {
    expect(nextRunAt(daily('03:30'), at('2026-01-15T02:30:04Z'), at('2026-01-15T12:00:00Z')).toISOString()).toBe('2026-01-16T02:30:00.000Z');
    expect(nextRunAt(daily('23:15'), at('2026-07-01T10:00:00Z'), at('2026-07-01T10:00:01Z')).toISOString()).toBe('2026-07-01T21:15:00.000Z');
  });

  it('is 23 hours after the previous run across the start of summer time, 25 across its end', () => {
    const beforeSpring = nextRunAt(daily('04:00'), at('2026-03-28T03:00:00Z'), at('2026-03-28T03:00:00Z'));
    expect(beforeSpring.toISOString()).toBe('2026-03-29T02:00:00.000Z');
    const beforeAutumn = nextRunAt(daily('04:00'), at('2026-10-24T02:00:00Z'), at('2026-10-24T02:00:00Z'));
    expect(beforeAutumn.toISOString()).toBe('2026-10-25T03:00:00.000Z');
  });

  it('runs a time skipped by the change to summer time once, at the end of the gap', () => {
    expect(nextRunAt(daily('02:30'), at('2026-03-28T01:30:00Z'), at('2026-03-28T12:00:00Z')).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // And the day after, at 02:30 summer time again.
    expect(nextRunAt(daily('02:30'), at('2026-03-29T01:30:02Z'), at('2026-03-29T02:00:00Z')).toISOString()).toBe('2026-03-30T00:30:00.000Z');
  });

  it('runs a time that happens twice at the change to winter time once', () => {
    const first = nextRunAt(daily('02:30'), at('2026-10-24T00:30:00Z'), at('2026-10-24T12:00:00Z'));
    expect(first.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    // After that run, the repeated 02:30 an hour later is not due: the next is the day after.
    const afterFirst = nextRunAt(daily('02:30'), at('2026-10-25T00:30:03Z'), at('2026-10-25T01:30:30Z'));
    expect(afterFirst.toISOString()).toBe('2026-10-26T01:30:00.000Z');
    expect(isDue(daily('02:30'), at('2026-10-25T00:30:03Z'), at('2026-10-25T01:30:30Z'))).toBe(false);
  });

  it('a never-run schedule is due during its minute, not before, and waits for tomorrow after it', () => {
    expect(isDue(daily('03:30'), null, at('2026-01-15T02:29:59Z'))).toBe(false);
    expect(isDue(daily('03:30'), null, at('2026-01-15T02:30:00Z'))).toBe(true);
    expect(isDue(daily('03:30'), null, at('2026-01-15T02:30:45Z'))).toBe(true);
    expect(nextRunAt(daily('03:30'), null, at('2026-01-15T02:30:45Z')).toISOString()).toBe('2026-01-15T02:30:00.000Z');
    expect(nextRunAt(daily('03:30'), null, at('2026-01-15T02:31:00Z')).toISOString()).toBe('2026-01-16T02:30:00.000Z');
  });

  it('a slot missed while the server was down is due once, as the first slot after the last run', () => {
    const next = nextRunAt(daily('03:30'), at('2026-01-10T02:30:00Z'), at('2026-01-15T12:00:00Z'));
    expect(next.toISOString()).toBe('2026-01-11T02:30:00.000Z');
    expect(isDue(daily('03:30'), at('2026-01-10T02:30:00Z'), at('2026-01-15T12:00:00Z'))).toBe(true);
    // Once it ran (now), the next is tomorrow's.
    expect(nextRunAt(daily('03:30'), at('2026-01-15T12:00:00Z'), at('2026-01-15T12:00:01Z')).toISOString()).toBe('2026-01-16T02:30:00.000Z');
  });
});

describe('nextRunAt: every N hours or minutes', () => {
  it('counts from the start of the last run, whoever started it', () => {
    expect(nextRunAt({ kind: 'every', hours: 6, timeZone: 'Europe/Amsterdam' }, at('2026-03-29T00:10:00Z'), at('2026-03-29T01:00:00Z')).toISOString()).toBe('2026-03-29T06:10:00.000Z');
    expect(nextRunAt({ kind: 'minutes', minutes: 15, timeZone: 'Europe/Amsterdam' }, at('2026-01-15T10:00:00Z'), at('2026-01-15T10:05:00Z')).toISOString()).toBe('2026-01-15T10:15:00.000Z');
  });

  it('is elapsed time, unaffected by DST: six hours stay six hours across the change', () => {
    expect(nextRunAt({ kind: 'every', hours: 6, timeZone: 'Europe/Amsterdam' }, at('2026-10-24T22:00:00Z'), at('2026-10-24T22:00:00Z')).toISOString()).toBe('2026-10-25T04:00:00.000Z');
  });

  it('is due at once when it never ran', () => {
    const now = at('2026-01-15T10:00:00Z');
    expect(isDue({ kind: 'every', hours: 1, timeZone: 'Europe/Amsterdam' }, null, now)).toBe(true);
    expect(isDue({ kind: 'minutes', minutes: 15, timeZone: 'Europe/Amsterdam' }, at('2026-01-15T09:50:00Z'), now)).toBe(false);
    expect(isDue({ kind: 'minutes', minutes: 15, timeZone: 'Europe/Amsterdam' }, at('2026-01-15T09:45:00Z'), now)).toBe(true);
  });
});

describe('schedule shapes', () => {
  it('defaults the time zone to Europe/Amsterdam and refuses bad values', () => {
    expect(feedScheduleSchema.parse({ kind: 'daily', time: '03:30' })).toEqual({ kind: 'daily', time: '03:30', timeZone: 'Europe/Amsterdam' });
    expect(feedScheduleSchema.safeParse({ kind: 'daily', time: '3:30' }).success).toBe(false);
    expect(feedScheduleSchema.safeParse({ kind: 'every', hours: 25 }).success).toBe(false);
    expect(feedScheduleSchema.safeParse({ kind: 'minutes', minutes: 15 }).success).toBe(false);
    expect(runScheduleSchema.parse({ kind: 'minutes', minutes: 15 })).toEqual({ kind: 'minutes', minutes: 15, timeZone: 'Europe/Amsterdam' });
    expect(runScheduleSchema.safeParse({ kind: 'minutes', minutes: 4 }).success).toBe(false);
    expect(runScheduleSchema.safeParse({ kind: 'daily', time: '03:30', timeZone: 'Nowhere/Special' }).success).toBe(false);
  });
});
