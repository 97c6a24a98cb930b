/**
 * When the server runs an import by itself: a supplier's feed (stored in `suppliers.schedule`) or
 * bol's orders. Rules and decisions are in docs/jobs.md ("Schedules").
 *
 * - `daily`: every day at `time` (HH:MM, 24-hour clock) in `timeZone`;
 * - `every`: every `hours` hours (1–24), counted from the last run's start.
 * `timeZone` is an IANA name; Europe/Amsterdam unless the seller chooses another.
 */
import { z } from 'zod';

export const DEFAULT_SCHEDULE_TIME_ZONE = 'Europe/Amsterdam';

const timeZone = z
  .string()
  .min(1)
  .max(64)
  .refine((name) => isKnownTimeZone(name), { message: 'Unknown time zone' });

export const feedScheduleSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('daily'),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM, e.g. 03:30'),
    timeZone: timeZone.default(DEFAULT_SCHEDULE_TIME_ZONE),
  }),
  z.object({
    kind: z.literal('every'),
    hours: z.number().int().min(1).max(24),
    timeZone: timeZone.default(DEFAULT_SCHEDULE_TIME_ZONE),
  }),
]);

export type FeedSchedule = z.infer<typeof feedScheduleSchema>;

function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * A schedule of a job that belongs to no supplier (bol's order import, docs/jobs.md): the supplier
 * shapes, or every N minutes (5 to 1,440), e.g. every 15 minutes.
 */
export const runScheduleSchema = z.union([
  feedScheduleSchema,
  z.object({
    kind: z.literal('minutes'),
    minutes: z.number().int().min(5).max(1_440),
    timeZone: timeZone.default(DEFAULT_SCHEDULE_TIME_ZONE),
  }),
]);

export type RunSchedule = z.infer<typeof runScheduleSchema>;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Offset of `timeZone` from UTC at `instant`, in ms (Amsterdam in summer: +2 h). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The calendar day (y, m 1–12, d) in `timeZone` at `instant`. */
function localDay(instant: number, timeZone: string): { y: number; m: number; d: number } {
  const local = new Date(instant + zoneOffsetMs(instant, timeZone));
  return { y: local.getUTCFullYear(), m: local.getUTCMonth() + 1, d: local.getUTCDate() };
}

/**
 * The instant the wall clock in `timeZone` shows y-m-d hh:mm. A time that does not exist (the hour
 * skipped when summer time starts) moves forward by the gap (02:30 becomes 03:30); a time that
 * happens twice (when summer time ends) is its first occurrence.
 */
export function zonedTimeToInstant(y: number, m: number, d: number, hh: number, mm: number, timeZone: string): number {
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const before = wall - zoneOffsetMs(wall - DAY_MS, timeZone);
  const after = wall - zoneOffsetMs(wall + DAY_MS, timeZone);
  const shows = (instant: number) => instant + zoneOffsetMs(instant, timeZone) === wall;
  const valid = [before, after].filter(shows);
  if (valid.length > 0) return Math.min(...valid);
  // In the gap: read with the offset from before the change, which lands after the gap.
  return before;
}

/**
 * When a scheduled job runs next: the start of the slot to run, which may lie in the past (then it
 * is due now; a slot missed while the server was down is run once, not once per missed slot).
 *
 * - `daily`: the first HH:MM in the time zone after the last run's start; never run: the first
 *   HH:MM at or after the start of the current minute (so a scheduler that looks every few seconds
 *   sees it due during that minute);
 * - `every` N hours / `minutes` N: N after the last run's start; never run: due now (the start of
 *   the current minute, so processes looking at the same time agree on the slot).
 *
 * `lastRunStart` is the start of the last run of any trigger (a run by hand moves an interval on).
 */
export function nextRunAt(schedule: RunSchedule, lastRunStart: Date | null, now: Date): Date {
  if (schedule.kind === 'every' || schedule.kind === 'minutes') {
    const stepMs = schedule.kind === 'every' ? schedule.hours * 60 * MINUTE_MS : schedule.minutes * MINUTE_MS;
    // Never ran: due now, as the slot of the current minute (the same slot for every process that looks).
    return lastRunStart ? new Date(lastRunStart.getTime() + stepMs) : new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  }
  const [hh, mm] = schedule.time.split(':').map(Number) as [number, number];
  const tz = schedule.timeZone;
  // Strictly after the last run, or at/after the current minute when it never ran.
  const after = lastRunStart ? lastRunStart.getTime() + 1 : Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  const day = localDay(after, tz);
  for (let offset = 0; offset < 3; offset += 1) {
    const date = new Date(Date.UTC(day.y, day.m - 1, day.d + offset));
    const slot = zonedTimeToInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), hh, mm, tz);
    if (slot >= after) return new Date(slot);
  }
  throw new Error('no daily slot within three days'); // unreachable: every day has the time once
}

/** Whether a job with this schedule should start now. */
export function isDue(schedule: RunSchedule, lastRunStart: Date | null, now: Date): boolean {
  return nextRunAt(schedule, lastRunStart, now).getTime() <= now.getTime();
}
