/**
 * Following one process status to its end with back-off: the first poll after pollIntervalMs,
 * each next wait twice the last, at most pollMaxIntervalMs, until bol reports SUCCESS, FAILURE or
 * TIMEOUT, forgets the status (404: PURGED) or our bound pollTimeoutMs passes (TIMEOUT).
 * docs/bol.md, "The offer port".
 */
import { endOf, type BolClient, type ProcessOutcome } from './bol-client';
import type { BolClientTiming } from './bol-client-options';
import { BolApiError } from './bol-errors';
import type { BolProcessStatus } from './bol-wire';

/** The wait before poll number `poll` (0 = the first). */
export function pollDelay(poll: number, timing: Pick<BolClientTiming, 'pollIntervalMs' | 'pollMaxIntervalMs'>): number {
  return Math.min(timing.pollIntervalMs * 2 ** poll, Math.max(timing.pollIntervalMs, timing.pollMaxIntervalMs));
}

export async function followProcess(client: BolClient, started: BolProcessStatus): Promise<ProcessOutcome> {
  const { http } = client;
  const deadline = http.now() + http.timing.pollTimeoutMs;
  let latest = started;
  for (let poll = 0; ; poll += 1) {
    const outcome = endOf(latest);
    if (outcome) return outcome;
    if (http.now() >= deadline) {
      return {
        outcome: 'TIMEOUT',
        status: latest,
        message: `bol had not finished process ${latest.processStatusId} after ${Math.round(http.timing.pollTimeoutMs / 1000)} s; its outcome can be read again later`,
      };
    }
    await http.sleep(pollDelay(poll, http.timing));
    try {
      latest = await client.getProcessStatus(started.processStatusId);
    } catch (error) {
      if (!(error instanceof BolApiError && error.status === 404)) throw error;
      return { outcome: 'PURGED', message: `bol no longer knows process ${started.processStatusId} (finished statuses are purged after a while)` };
    }
  }
}
