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
const FUTURE_TOLERANCE_MS = 10 * 60_000;
const EARLIEST = Date.UTC(2020, 0, 1);

export function authorOf(c: Context<AuthEnv>): string {
  return c.get('user').username;
}

/**
 * The device time of a whole save from `X-Made-At` (milliseconds since the epoch), or null when
 * absent or not believable (before 2020, or further ahead of the server than 10 minutes).
 */
export function madeAtOf(header: string | undefined, now: number): Date | null {
  if (header === undefined || !/^\d{1,15}$/.test(header)) return null;
  const at = Number(header);
  if (at < EARLIEST || at > now + FUTURE_TOLERANCE_MS) return null;
  return new Date(at);
}
