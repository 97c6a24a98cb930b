/**
 * The one HTTP client of the app (ofetch). It adds the bearer token to every call but login and
 * turns failures into ApiFailure with the HTTP status and the server's message. It never toasts
 * or redirects: the caller decides what a failure means (offline, it may mean "queue it").
 */
import { FetchError, ofetch, type FetchOptions } from 'ofetch';
import { jwtAtom, signOutAtom } from '../state/session';
import { appStore } from '../state/store';

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

export function toApiFailure(error: unknown): ApiFailure {
  if (error instanceof ApiFailure) return error;
  if (error instanceof FetchError) {
    const status = error.response?.status ?? 0;
    const data: unknown = error.data;
    const serverMessage =
      typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
        ? data.message
        : null;
    const message = serverMessage ?? (status === 0 ? 'No connection to the server' : `${status} ${error.response?.statusText ?? ''}`.trim());
    return new ApiFailure(message, status, data);
  }
  return new ApiFailure(error instanceof Error ? error.message : String(error), 0, null);
}

const baseFetch = ofetch.create({
  baseURL: '/',
  timeout: 30_000,
  retry: 0,
  onRequest({ options }) {
    const token = appStore.get(jwtAtom);
    if (token) options.headers.set('Authorization', `Bearer ${token}`);
  },
  onResponseError({ response, options }) {
    // The server refused the session itself (deactivated, password changed, expired): end it here
    // too, so the route guard takes the person to /login (docs/security.md, "Accounts").
    // Changes waiting in the outbox are kept for when the author signs in again.
    const sent = options.headers instanceof Headers ? options.headers.get('Authorization') : null;
    if (response.status === 401 && sent !== null && sent === `Bearer ${appStore.get(jwtAtom) ?? ''}`) appStore.set(signOutAtom, 'expired');
  },
});

/** Calls the API; rejects with ApiFailure. */
export async function apiFetch<T>(path: string, options: FetchOptions<'json'> = {}): Promise<T> {
  try {
    return await baseFetch<T>(path, options);
  } catch (error) {
    throw toApiFailure(error);
  }
}

/** The login call: the only one without a bearer token. */
export async function publicFetch<T>(path: string, options: FetchOptions<'json'> = {}): Promise<T> {
  try {
    return await ofetch<T>(path, { baseURL: '/', timeout: 30_000, retry: 0, ...options });
  } catch (error) {
    throw toApiFailure(error);
  }
}

/** Calls the API when the answer's headers matter too; rejects with ApiFailure. */
export async function apiFetchWithHeaders<T>(path: string, options: FetchOptions<'json'> = {}): Promise<{ data: T; headers: Headers }> {
  try {
    const response = await baseFetch.raw<T>(path, options);
    return { data: response._data as T, headers: response.headers };
  } catch (error) {
    throw toApiFailure(error);
  }
}

/**
 * Calls the API for an answer read as a stream (a long export): resolves once the headers are in,
 * with the body still coming. A refusal is read as JSON and rejects with ApiFailure like any call.
 */
export async function apiStream(path: string, options: FetchOptions<'stream'> = {}): Promise<{ body: ReadableStream<Uint8Array>; headers: Headers }> {
  let response;
  try {
    response = await baseFetch.raw<ReadableStream<Uint8Array>, 'stream'>(path, { ...options, responseType: 'stream', ignoreResponseError: true });
  } catch (error) {
    throw toApiFailure(error);
  }
  const body = response._data;
  if (!response.ok || !body) {
    const text = body ? await new Response(body).text().catch(() => '') : '';
    let data: unknown = null;
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
    const message = typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string' ? data.message : `${response.status} ${response.statusText}`.trim();
    throw new ApiFailure(message, response.status, data);
  }
  return { body, headers: response.headers };
}
