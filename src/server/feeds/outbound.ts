/**
 * Outbound downloads of feeds and images, addresses a supplier controls (docs/security.md,
 * "Outbound fetches and imports"):
 * - http and https only; paths ('/demo/feeds/home.csv') resolve against this server's own origin,
 *   and this server is reached only for its demo files (/demo/feeds/, /demo/images/);
 * - every other target must be on the public internet (outbound-addresses.ts): a literal IP is
 *   checked before connecting, a host name is resolved and every address checked inside the
 *   connection's own DNS lookup, so the connection goes to the address that was checked (no
 *   window for DNS rebinding);
 * - redirects are followed by hand, at most MAX_REDIRECTS, each target checked the same way;
 * - a refused target gets one generic reason: nothing it answered is ever read or reported;
 * - a supplier's login goes only to the origin it was entered for (docs/security.md, "Feed
 *   credentials"), and what a server chose to say (status text, redirect target, connection
 *   error) is cleaned by upstream-text.ts before it enters a reason.
 * The operator's OUTBOUND_ALLOW lets chosen hosts or ranges through. Tests may pass deps.fetch as
 * the transport (each hop is still checked by URL, redirects still followed here).
 */
import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { allowsAddress, allowsHost, EMPTY_ALLOW_LIST, isNonPublicAddress, type AllowList } from './outbound-addresses';
import { cleanUpstreamText, knownLoginOf, type KnownLogin } from './upstream-text';

export interface OutboundPolicy {
  /** OUTBOUND_ALLOW: hosts and ranges an operator lets through although they are not public. */
  allow: AllowList;
  /** FEED_MAX_BYTES: a feed download stops past this many bytes. */
  maxFeedBytes: number;
}

export const DEFAULT_MAX_FEED_BYTES = 1024 * 1024 * 1024;
export const DEFAULT_OUTBOUND_POLICY: OutboundPolicy = { allow: EMPTY_ALLOW_LIST, maxFeedBytes: DEFAULT_MAX_FEED_BYTES };
export const MAX_REDIRECTS = 5;
/** Time allowed from sending a request until its answer's headers arrive. */
export const HEADERS_TIMEOUT_MS = 30_000;
const USER_AGENT = 'bol-backoffice feed reader';

/** What a download takes from the app (feed-deps.ts); every field has a default. */
export interface OutboundDeps {
  /** Outbound HTTP (feed downloads, image re-export). Defaults to the global fetch; tests pass a fake. */
  fetch?: typeof fetch;
  /**
   * This server's own origin (e.g. http://127.0.0.1:8080): feed and image URLs stored as paths
   * ('/demo/feeds/…') are fetched from here.
   */
  selfOrigin?: string;
  /** What supplier-controlled downloads may reach and how large a feed may be (OUTBOUND_ALLOW, FEED_MAX_BYTES). */
  outbound?: OutboundPolicy;
}

export class DownloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DownloadError';
  }
}

/** A target outside what may be fetched; its message is the same whatever the target would have answered. */
export class RefusedTargetError extends DownloadError {
  constructor(address: string) {
    super(`'${address}' was not fetched: it leads to this server or to a private or otherwise non-public network address`);
    this.name = 'RefusedTargetError';
  }
}

/** Raised by the transport for an answer whose status is not an HTTP one (download() names the address). */
class NotHttpError extends Error {}

/** Raised inside the connection's DNS lookup when a host name resolves to a refused address. */
class RefusedAddressLookupError extends Error {
  readonly refusedTarget = true;
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

const DEMO_PATH = /^\/demo\/(?:feeds|images)\/[^/]+$/;

/** This server's own demo feeds and pictures: the one place on this server a download may go. */
export function isOwnDemoFile(url: URL, selfOrigin: string | undefined): boolean {
  if (!selfOrigin) return false;
  let self: URL;
  try {
    self = new URL(selfOrigin);
  } catch {
    return false;
  }
  return url.origin === self.origin && DEMO_PATH.test(url.pathname) && url.search === '';
}

export function portOf(url: URL): number {
  return Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
}

type TargetCheck = 'own-demo' | 'allowed-host' | 'resolve-and-check';

/** What may be done with a URL before connecting; throws RefusedTargetError for a refused one. */
export function checkTarget(url: URL, original: string, policy: OutboundPolicy, selfOrigin: string | undefined): TargetCheck {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RefusedTargetError(original);
  if (url.username !== '' || url.password !== '') throw new RefusedTargetError(original);
  if (isOwnDemoFile(url, selfOrigin)) return 'own-demo';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = portOf(url);
  if (allowsHost(policy.allow, host, port)) return 'allowed-host';
  if (isIP(host) !== 0) {
    if (isNonPublicAddress(host) && !allowsAddress(policy.allow, host, port)) throw new RefusedTargetError(original);
    return 'resolve-and-check';
  }
  if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) throw new RefusedTargetError(original);
  return 'resolve-and-check';
}

/** A DNS lookup for the connection that refuses when any address of the host is not public. */
export function guardedLookup(allow: AllowList, port: number): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family, hints: options.hints }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.length === 0 || addresses.some((a) => isNonPublicAddress(a.address) && !allowsAddress(allow, a.address, port));
      if (refused) return callback(new RefusedAddressLookupError('refused address'), '', 0);
      const first = addresses[0];
      if (options.all) return (callback as (e: null, a: typeof addresses) => void)(null, addresses);
      return callback(null, first?.address ?? '', first?.family ?? 4);
    });
  };
}

type Transport = (url: URL, signal: AbortSignal, check: TargetCheck, extraHeaders: Record<string, string>) => Promise<Response>;

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** One GET with node:http(s), connecting only to checked addresses, redirects not followed. */
function nodeTransport(allow: AllowList): Transport {
  return (url, signal, check, extraHeaders) =>
    new Promise<Response>((resolve, reject) => {
      const lookup = check === 'resolve-and-check' ? guardedLookup(allow, portOf(url)) : undefined;
      const client = url.protocol === 'https:' ? https : http;
      const request = client.request(
        url,
        { method: 'GET', signal, lookup, agent: false, headers: { ...extraHeaders, 'User-Agent': USER_AGENT, Accept: '*/*', 'Accept-Encoding': 'identity' } },
        (answer) => {
          const status = answer.statusCode ?? 0;
          const headers = new Headers();
          for (const [name, value] of Object.entries(answer.headers)) {
            if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
          }
          if (status < 200 || status > 599) {
            answer.destroy();
            reject(new NotHttpError());
            return;
          }
          const body = NULL_BODY_STATUSES.has(status) ? null : (Readable.toWeb(answer) as unknown as ReadableStream<Uint8Array>);
          if (!body) answer.resume();
          resolve(new Response(body, { status, statusText: answer.statusMessage ?? '', headers }));
        },
      );
      request.on('error', reject);
      request.end();
    });
}

function fetchTransport(fetchFn: typeof fetch): Transport {
  return (url, signal, _check, extraHeaders) => fetchFn(url, { signal, redirect: 'manual', headers: { ...extraHeaders, 'User-Agent': USER_AGENT } });
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface DownloadOptions {
  /** The whole download (all hops and the body) may take this long. */
  timeoutMs: number;
  /** Refuse the body once it passes this many bytes (also when the declared length is larger). */
  maxBytes?: number;
  /** What to call the body in the size message ('feed', 'image'). */
  what?: string;
  /**
   * A supplier's login headers and the origin (scheme, host, port) they were entered for: sent on
   * every hop to exactly that origin, on no other (not the first address when it is elsewhere, not
   * after a redirect elsewhere). A null origin sends them nowhere.
   */
  credentials?: { origin: string | null; headers: Record<string, string> };
}

function isRefusedLookup(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = (current as Error & { cause?: unknown }).cause) {
    if ((current as Partial<RefusedAddressLookupError>).refusedTarget) return true;
  }
  return false;
}

/** Wraps a body so reading it fails with a DownloadError once more than maxBytes came through. */
function capBody(body: ReadableStream<Uint8Array>, maxBytes: number, what: string): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(new DownloadError(`the ${what} is larger than ${formatBytes(maxBytes)}`));
        else controller.enqueue(chunk);
      },
    }),
  );
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024)).toLocaleString('en-US')} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * GET an address a supplier controls; answers the final 2xx response with a body, otherwise
 * throws a DownloadError (RefusedTargetError for a refused target) with a reason for people.
 */
export async function download(deps: OutboundDeps, address: string, options: DownloadOptions | number): Promise<Response> {
  const { timeoutMs, maxBytes, what = 'download', credentials } = typeof options === 'number' ? { timeoutMs: options } : options;
  const login: KnownLogin = knownLoginOf(credentials?.headers ?? {});
  const policy = deps.outbound ?? DEFAULT_OUTBOUND_POLICY;
  const transport = deps.fetch ? fetchTransport(deps.fetch) : nodeTransport(policy.allow);
  // The timeout covers the whole download: a feed that stalls half-way must not hold its supplier forever.
  const controller = new AbortController();
  const total = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), timeoutMs);
  total.unref();
  const timeoutText = () => `no answer within ${Math.round(timeoutMs / 1000)} s`;

  let url = resolveAddress(address, deps.selfOrigin);
  // The address as given, or (after a redirect) where the supplier's server sent us, cleaned.
  let where = url.href;
  for (let hop = 0; ; hop += 1) {
    const check = checkTarget(url, address, policy, deps.selfOrigin);
    let response: Response;
    const headersTimer = setTimeout(() => controller.abort(new DOMException('no headers', 'TimeoutError')), Math.min(HEADERS_TIMEOUT_MS, timeoutMs));
    try {
      response = await transport(url, controller.signal, check, credentials && url.origin === credentials.origin ? credentials.headers : {});
    } catch (error) {
      clearTimeout(total);
      if (isRefusedLookup(error)) throw new RefusedTargetError(address);
      if (error instanceof NotHttpError) throw new DownloadError(`${where} gave an answer that is not HTTP`);
      if (error instanceof DownloadError) throw error;
      const timedOut = controller.signal.aborted || (error instanceof Error && error.name === 'TimeoutError');
      throw new DownloadError(`${where} could not be fetched (${timedOut ? timeoutText() : cleanUpstreamText(errorText(error), login)})`);
    } finally {
      clearTimeout(headersTimer);
    }
    if (REDIRECT_STATUSES.has(response.status)) {
      await response.body?.cancel().catch(() => undefined);
      const location = response.headers.get('location');
      if (hop >= MAX_REDIRECTS) {
        clearTimeout(total);
        throw new DownloadError(`${address} redirected more than ${MAX_REDIRECTS} times`);
      }
      let next: URL | null = null;
      try {
        next = location ? new URL(location, url) : null;
      } catch {
        next = null;
      }
      if (!next) {
        clearTimeout(total);
        throw new DownloadError(`${where} redirected to an address that is not a web address`);
      }
      url = next;
      where = cleanUpstreamText(url.href, login);
      continue;
    }
    if (!response.ok) {
      clearTimeout(total);
      await response.body?.cancel().catch(() => undefined);
      const statusText = cleanUpstreamText(response.statusText, login);
      throw new DownloadError(`${where} answered HTTP ${response.status}${statusText ? ` ${statusText}` : ''}`);
    }
    if (!response.body) {
      clearTimeout(total);
      throw new DownloadError(`${where} answered without a body`);
    }
    if (maxBytes !== undefined) {
      const declared = Number(response.headers.get('content-length') ?? Number.NaN);
      if (Number.isFinite(declared) && declared > maxBytes) {
        clearTimeout(total);
        await response.body.cancel().catch(() => undefined);
        throw new DownloadError(`the ${what} is larger than ${formatBytes(maxBytes)}`);
      }
      return new Response(capBody(response.body, maxBytes, what), { status: response.status, headers: response.headers });
    }
    return response;
  }
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
