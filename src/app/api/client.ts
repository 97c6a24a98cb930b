/**
 * The one HTTP client of the app (ofetch). It adds the bearer token to every call but login and
 * turns failures into ApiFailure with the HTTP status and the server's message (in the language
 * shown when the answer names its sentence, docs/languages.md). It never toasts
 * or redirects: the caller decides what a failure means (offline, it may mean "queue it").
 */
import { FetchError, ofetch, type FetchOptions, type ResponseType } from 'ofetch';
import { jwtAtom, signOutAtom } from '../state/session';
import { appStore } from '../state/store';
import { packAtom } from '../i18n/language';
import { heardFromServer, reachability } from '../lib/online';
import { probeServer } from './health';
import { markedByServer } from '../../shared/server-answer';

// While the server does not answer, the probe asks it again (docs/offline.md "Reaching the server"):
// set where every call starts, so the login page recovers too.
reachability.setProbe(probeServer);

export class ApiFailure extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 when no answer came (offline, timeout, connection reset). */
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

/**
 * What an answer of the server says, in the language shown now: its sentence worded by the
 * language's pack when it names one (docs/languages.md, "Sentences the server writes"; English has
 * no pack), else its `message`; null without one. The outbox's drainer reads refusals through it.
 */
export function serverSaysNow(data: unknown): string | null {
  const worded = appStore.get(packAtom)?.says?.(data);
  if (worded) return worded;
  return typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string' ? data.message : null;
}

export function toApiFailure(error: unknown): ApiFailure {
  if (error instanceof ApiFailure) return error;
  if (error instanceof FetchError) {
    const status = error.response?.status ?? 0;
    const data: unknown = error.data;
    const serverMessage = serverSaysNow(data);
    const message = serverMessage ?? (status === 0 ? 'No connection to the server' : `${status} ${error.response?.statusText ?? ''}`.trim());
    return new ApiFailure(message, status, data);
  }
  return new ApiFailure(error instanceof Error ? error.message : String(error), 0, null);
}

/** A call the caller itself stopped (its signal): it says nothing about the server. */
function stoppedByCaller(error: unknown): boolean {
  const cause = error instanceof FetchError ? (error.cause as { name?: unknown } | undefined) : (error as { name?: unknown } | null);
  return typeof cause === 'object' && cause !== null && cause.name === 'AbortError';
}

/**
 * Runs one call and tells the reachability what it heard (docs/offline.md "Reaching the server"):
 * an answer, or none at all; the failure is rethrown as ApiFailure.
 */
async function heard<T>(call: () => Promise<T>, answer: (result: T) => { status: number; headers?: Headers } = () => ({ status: 200 })): Promise<T> {
  const sentAt = Date.now();
  try {
    const result = await call();
    const { status, headers } = answer(result);
    heardFromServer(status, sentAt, markedByServer(headers));
    return result;
  } catch (error) {
    const failure = toApiFailure(error);
    // A 503 of the server's own (busy, no bol connection) is an answer, not the server gone.
    if (!stoppedByCaller(error)) heardFromServer(failure.status, sentAt, error instanceof FetchError && markedByServer(error.response?.headers));
    throw failure;
  }
}

const baseFetch = ofetch.create({
  baseURL: '/',
  timeout: 30_000,
  retry: 0,
  onResponseError({ response, options }) {
    // The server refused the session itself (deactivated, password changed, expired): end it here
    // too, so the route guard takes the person to /login (docs/security.md, "Accounts").
    // Changes waiting in the outbox are kept for when the author signs in again.
    const sent = options.headers instanceof Headers ? options.headers.get('Authorization') : null;
    if (response.status === 401 && sent !== null && sent === `Bearer ${appStore.get(jwtAtom) ?? ''}`) appStore.set(signOutAtom, 'expired');
  },
});

/**
 * The call's options with the session's bearer token, read as the call is made. Not an `onRequest`
 * hook: ofetch awaits its hooks, so the request would leave a few microtasks later, after React has
 * rendered the event that made the call (docs/product-list.md "Speed": the list's filter call
 * leaves before the page renders the change). Without hooks, ofetch calls `fetch` at once.
 */
function withToken<R extends ResponseType>(options: FetchOptions<R>): FetchOptions<R> {
  const token = appStore.get(jwtAtom);
  if (!token) return options;
  const headers = new Headers(options.headers);
  headers.set('Authorization', `Bearer ${token}`);
  return { ...options, headers };
}

/** Calls the API; rejects with ApiFailure. */
export function apiFetch<T>(path: string, options: FetchOptions<'json'> = {}): Promise<T> {
  return heard(() => baseFetch<T>(path, withToken(options)));
}

/** The login call: the only one without a bearer token. */
export function publicFetch<T>(path: string, options: FetchOptions<'json'> = {}): Promise<T> {
  return heard(() => ofetch<T>(path, { baseURL: '/', timeout: 30_000, retry: 0, ...options }));
}

/** Calls the API when the answer's headers matter too; rejects with ApiFailure. */
export async function apiFetchWithHeaders<T>(path: string, options: FetchOptions<'json'> = {}): Promise<{ data: T; headers: Headers }> {
  const response = await heard(() => baseFetch.raw<T>(path, withToken(options)));
  return { data: response._data as T, headers: response.headers };
}

/**
 * A conditional read (docs/offline.md "Open forms stay fresh"): GET with If-None-Match, past every
 * cache (the service worker leaves the API alone; `no-store` keeps the browser's cache out too).
 * Null when the server answers 304: the record is still the one named by `etag`.
 */
export async function apiFetchIfChanged<T>(path: string, etag: string): Promise<{ data: T; etag: string | null } | null> {
  const response = await heard(
    () => baseFetch.raw<T>(path, withToken({ headers: { 'If-None-Match': etag }, cache: 'no-store' })),
    (answer) => answer,
  );
  if (response.status === 304) return null;
  return { data: response._data as T, etag: response.headers.get('ETag') };
}

/**
 * Calls the API for an answer read as a stream (a long export): resolves once the headers are in,
 * with the body still coming. A refusal is read as JSON and rejects with ApiFailure like any call.
 */
export async function apiStream(path: string, options: FetchOptions<'stream'> = {}): Promise<{ body: ReadableStream<Uint8Array>; headers: Headers }> {
  const response = await heard(
    () => baseFetch.raw<ReadableStream<Uint8Array>, 'stream'>(path, withToken({ ...options, responseType: 'stream', ignoreResponseError: true })),
    (answer) => answer,
  );
  const body = response._data;
  if (!response.ok || !body) {
    const text = body ? await new Response(body).text().catch(() => '') : '';
    let data: unknown = null;
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
    throw new ApiFailure(serverSaysNow(data) ?? `${response.status} ${response.statusText}`.trim(), response.status, data);
  }
  return { body, headers: response.headers };
}
