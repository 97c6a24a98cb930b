/**
 * Live, ready and draining (docs/deployment.md, "Running on several machines"): on SIGTERM the process stops
 * being ready, refuses new requests with 503, and lets the running ones finish within a bounded
 * time before it closes the database. A load balancer polls /healthz/ready to take it out of rotation.
 */
import type { MiddlewareHandler } from 'hono';

export const SHUTTING_DOWN_MESSAGE = 'The server is shutting down; send the request again';

export class ServerLifecycle {
  private running = 0;
  private lastActivity = 0;
  private draining = false;
  private idleWaiters: (() => void)[] = [];

  get isDraining(): boolean {
    return this.draining;
  }

  get runningRequests(): number {
    return this.running;
  }

  /** When a request last started or ended (ms since the epoch); the catalogue upkeep waits for quiet. */
  get lastActivityAt(): number {
    return this.lastActivity;
  }

  /** Counts running requests; once draining, answers new ones 503 (the health checks still answer). */
  track(): MiddlewareHandler {
    return async (c, next) => {
      if (this.draining && !c.req.path.startsWith('/healthz')) {
        c.header('Connection', 'close');
        c.header('Retry-After', '1');
        return c.json({ message: SHUTTING_DOWN_MESSAGE }, 503);
      }
      this.running += 1;
      this.lastActivity = Date.now();
      try {
        await next();
      } finally {
        this.running -= 1;
        this.lastActivity = Date.now();
        if (this.running === 0) this.wakeIdle();
      }
    };
  }

  startDraining(): void {
    this.draining = true;
  }

  /** Resolves true once no request runs, or false when `timeoutMs` passes first. */
  whenIdle(timeoutMs: number): Promise<boolean> {
    if (this.running === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  private wakeIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const wake of waiters) wake();
  }
}
