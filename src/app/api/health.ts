/**
 * The probe of the server while it cannot be reached (docs/offline.md "Reaching the server"):
 * GET /healthz/live, the cheapest call there is (200 while the process answers, no token, no
 * database), past every cache. Its status, or 0 when no answer came within 10 s.
 */
const PROBE_TIMEOUT_MS = 10_000;

export async function probeServer(): Promise<number> {
  try {
    const response = await globalThis.fetch('/healthz/live', { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return response.status;
  } catch {
    return 0;
  }
}
