/**
 * Where the embedded PGlite runs on the main thread (PGLITE_THREAD=0, and the tests' in-memory
 * databases; docs/architecture.md, "The embedded database's thread"), its queries resolve as
 * promise continuations (microtasks) without ever returning to the event loop: a bulk job that
 * goes from query to query (a feed import, batch after batch) would starve every HTTP request,
 * timer and /healthz until it ends (measured: the loop blocked up to 10 s during a 100,000-row
 * import). Bulk jobs call this between their units of work so waiting requests are read and queue
 * their queries in between.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
