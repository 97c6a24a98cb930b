/**
 * The simulated clock of a device in the outbox tests. It starts a week before the server's clock:
 * the test jumps it ahead to wait out retries and lost answers, and every change set it stamps must
 * stay within the window the server believes, the last 30 days up to 10 minutes ahead
 * (docs/security.md, "Times from devices").
 */
const WEEK_MS = 7 * 24 * 60 * 60_000;

export function deviceClock(serverNow: number = Date.now()): { now: number } {
  return { now: serverNow - WEEK_MS };
}
