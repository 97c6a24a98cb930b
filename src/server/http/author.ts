/**
 * Who makes a change, for the product history (docs/security.md, "Accounts", "Authors"): the
 * signed-in user's name from the token, and when the change was made on the device.
 *
 * The app's outbox sends a waiting change only with its author's own token (a change made by
 * someone else waits until they sign in again), so the token's user is the person who made it,
 * however late it is sent. The device time comes with the change: in the change set (`madeAt`)
 * or, for whole saves, in the `X-Made-At` header.
 */
import type { Context } from 'hono';
import type { AuthEnv } from './require-token';

export const MADE_AT_HEADER = 'X-Made-At';
/** A device clock ahead of the server by more than this is not believed. */
export const MADE_AT_FUTURE_TOLERANCE_MS = 10 * 60_000;
/** A change made on a device longer ago than this is not believed (docs/security.md, "Times from devices"). */
export const MADE_AT_MAX_AGE_MS = 30 * 24 * 60 * 60_000;

/** Whether a device time (ms since the epoch) is believable at the server's `now`: a finite time in the last 30 days, at most 10 minutes ahead. */
function believable(at: number, now: number): boolean {
  return Number.isFinite(at) && at >= now - MADE_AT_MAX_AGE_MS && at <= now + MADE_AT_FUTURE_TOLERANCE_MS;
}

/** A device time as a person can read it in a refusal: the ISO time, or the number itself when it is no time at all. */
function shown(at: number): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? String(at).slice(0, 40) : date.toISOString();
}

/**
 * Why a change set's `madeAt` is refused, or null when it is believable: it must be a finite time
 * within the last 30 days and not more than 10 minutes ahead of the server's clock. The answer
 * names the field, so a batch refuses that one item with it and keeps the others.
 */
export function madeAtProblem(madeAt: number, now: number, field = 'madeAt'): string | null {
  if (believable(madeAt, now)) return null;
  return `${field}: must be a time within the last 30 days and at most 10 minutes ahead of the server's clock, got ${shown(madeAt)}`;
}

export function authorOf(c: Context<AuthEnv>): string {
  return c.get('user').username;
}

/**
 * The device time of a whole save from `X-Made-At` (milliseconds since the epoch), or null when
 * absent or not believable (by the rule of madeAtProblem). The header only informs the history, so
 * a time outside the window is recorded as unknown rather than refusing the save.
 */
export function madeAtOf(header: string | undefined, now: number): Date | null {
  if (header === undefined || !/^\d{1,15}$/.test(header)) return null;
  const at = Number(header);
  return believable(at, now) ? new Date(at) : null;
}
