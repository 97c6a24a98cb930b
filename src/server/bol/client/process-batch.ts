/**
 * Following many process statuses at once (docs/bol.md, "Offers follow the catalogue"): every
 * status waiting for a look is read in one `POST /shared/process-status` (up to 1000 ids), so
 * thousands of offer changes cost a few status calls a second instead of one each. Each status
 * keeps its own back-off (process-poll.ts, pollDelay), bound and outcome, as followProcess gives.
 */
import { endOf, type BolClient, type ProcessOutcome } from './bol-client';
import type { BolProcessStatus } from './bol-wire';
import { pollDelay } from './process-poll';

/** Whatever follows a process to its end (followProcess one by one, or this batcher). */
export interface ProcessFollower {
  follow(started: BolProcessStatus): Promise<ProcessOutcome>;
}

interface Waiting {
  started: BolProcessStatus;
  latest: BolProcessStatus;
  poll: number;
  dueAt: number;
  deadline: number;
  resolve: (outcome: ProcessOutcome) => void;
  reject: (error: unknown) => void;
}

/** bol's bound of one status query. */
const MAX_IDS_PER_QUERY = 1_000;

export class ProcessStatusBatcher implements ProcessFollower {
  private readonly waiting = new Map<string, Waiting>();
  private looping = false;

  constructor(private readonly client: BolClient) {}

  follow(started: BolProcessStatus): Promise<ProcessOutcome> {
    const done = endOf(started);
    if (done) return Promise.resolve(done);
    const { http } = this.client;
    return new Promise((resolve, reject) => {
      const now = http.now();
      this.waiting.set(started.processStatusId, { started, latest: started, poll: 0, dueAt: now + pollDelay(0, http.timing), deadline: now + http.timing.pollTimeoutMs, resolve, reject });
      if (!this.looping) void this.loop();
    });
  }

  private async loop(): Promise<void> {
    this.looping = true;
    const { http } = this.client;
    try {
      while (this.waiting.size > 0) {
        const next = Math.min(...[...this.waiting.values()].map((entry) => entry.dueAt));
        const wait = next - http.now();
        if (wait > 0) await http.sleep(Math.min(wait, http.timing.pollIntervalMs));
        const now = http.now();
        const due = [...this.waiting.values()].filter((entry) => entry.dueAt <= now).slice(0, MAX_IDS_PER_QUERY);
        if (due.length === 0) continue;
        let answers: BolProcessStatus[];
        try {
          answers = await this.client.getProcessStatuses(due.map((entry) => entry.started.processStatusId));
        } catch (error) {
          // The connection failed past the transport's retries: every status asked for fails with it.
          for (const entry of due) this.settle(entry, null, error);
          continue;
        }
        const byId = new Map(answers.map((status) => [status.processStatusId, status]));
        const at = http.now();
        for (const entry of due) {
          const status = byId.get(entry.started.processStatusId);
          if (!status) {
            this.settle(entry, { outcome: 'PURGED', message: `bol no longer knows process ${entry.started.processStatusId} (finished statuses are purged after a while)` });
            continue;
          }
          entry.latest = status;
          const outcome = endOf(status);
          if (outcome) this.settle(entry, outcome);
          else if (at >= entry.deadline) {
            const seconds = Math.round(http.timing.pollTimeoutMs / 1000);
            this.settle(entry, { outcome: 'TIMEOUT', status, message: `bol had not finished process ${status.processStatusId} after ${seconds} s; its outcome can be read again later` });
          } else {
            entry.poll += 1;
            entry.dueAt = at + pollDelay(entry.poll, http.timing);
          }
        }
      }
    } finally {
      this.looping = false;
    }
  }

  private settle(entry: Waiting, outcome: ProcessOutcome | null, error?: unknown): void {
    this.waiting.delete(entry.started.processStatusId);
    if (outcome) entry.resolve(outcome);
    else entry.reject(error);
  }
}
