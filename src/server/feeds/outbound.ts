/**
 * Outbound downloads of feeds and images: through deps.fetch (tests pass a fake), with paths
 * ('/demo/feeds/home.csv') resolved against this server's own origin.
 */
import type { AppDeps } from '../app-deps';

export type OutboundDeps = Pick<AppDeps, 'fetch' | 'selfOrigin'>;

export class DownloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DownloadError';
  }
}

/** The absolute URL of a feed or image address, or a DownloadError saying why there is none. */
export function resolveAddress(address: string, selfOrigin: string | undefined): URL {
  const trimmed = address.trim();
  if (trimmed === '') throw new DownloadError('no address is set');
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) {
    if (!selfOrigin) throw new DownloadError(`'${trimmed}' is a path on this server, but the server does not know its own address`);
    return new URL(trimmed, selfOrigin);
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new DownloadError(`'${trimmed}' is not a web address`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DownloadError(`'${trimmed}' is not an http or https address`);
  return url;
}

/** GET an address; answers the response when it is 2xx with a body, otherwise a DownloadError. */
export async function download(deps: OutboundDeps, address: string, timeoutMs: number): Promise<Response> {
  const url = resolveAddress(address, deps.selfOrigin);
  const fetchFn = deps.fetch ?? fetch;
  let response: Response;
  try {
    // The timeout covers the whole download: a feed that stalls half-way must not hold its supplier forever.
    response = await fetchFn(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${Math.round(timeoutMs / 1000)} s` : errorText(error);
    throw new DownloadError(`${url.href} could not be fetched (${reason})`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new DownloadError(`${url.href} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
  }
  if (!response.body) throw new DownloadError(`${url.href} answered without a body`);
  return response;
}

export function errorText(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error && cause.message ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}

/** Reads a body into memory, refusing (and cancelling) it as soon as it grows past the limit. */
export async function readLimited(body: ReadableStream<Uint8Array>, limitBytes: number): Promise<Uint8Array | null> {
  const parts: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    parts.push(value);
  }
  return Buffer.concat(parts);
}
