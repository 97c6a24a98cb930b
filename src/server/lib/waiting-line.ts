/**
 * A few places for heavy work (an EAN sheet read in a worker, a product export holding a database
 * connection): at most `concurrent` hold one at a time, up to `maxWaiting` more wait their turn in
 * the order they came, and one more is refused at once with `whenFull`'s error (a 429 or 503 with
 * its reason and Retry-After), so a burst of requests neither piles up without end nor starves the
 * server's other calls.
 */
export interface WaitingLineLimits {
  /** Holders at the same time. */
  concurrent: number;
  /** Waiting for a place; one more is refused. */
  maxWaiting: number;
}

export class WaitingLine {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly limits: WaitingLineLimits,
    private readonly whenFull: () => Error,
  ) {}

  /** Holders now, and those waiting (for the tests and the log). */
  get state(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * A place, once one is free; `whenFull`'s error when too many wait already. The answer frees it:
   * call it once the work ended, failed or was cancelled (more calls do nothing).
   */
  async enter(): Promise<() => void> {
    if (this.running >= this.limits.concurrent) {
      if (this.waiting.length >= this.limits.maxWaiting) throw this.whenFull();
      // The place is handed over by the holder that frees it (running stays as it is).
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    };
  }
}
