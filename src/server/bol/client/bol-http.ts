/**
 * One exchange with bol's API, made reliable: bearer token (renewed once on a 401), bol's media
 * types, 429 honoured with Retry-After, 5xx and network failures retried with exponential backoff
 * and jitter, each a bounded number of times. Anything else bol refuses becomes a BolApiError
 * whose message is built from bol's Problem body.
 */
import { BolApiError, parseProblem, problemMessage } from './bol-errors';
import { DEFAULT_BOL_TIMING, type AnnouncedRateLimit, type BolClientOptions, type BolClientTiming, type BolLanguage } from './bol-client-options';
import { BolTokenCache, defaultSleep } from './bol-token';
import { BOL_JSON } from './bol-wire';

export interface BolRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path with query, e.g. /retailer/orders?page=2 */
  path: string;
  body?: unknown;
  accept?: string;
  /** Further request headers, e.g. Accept-Language. */
  headers?: Record<string, string>;
  /** What the call is, for messages: 'Reading bol orders'. */
  what: string;
}

/** Counters of what the transport had to do; the job reports and tests read them. */
export interface BolTransportStats {
  requests: number;
  rateLimited: number;
  serverErrors: number;
  tokenRenewals: number;
}

export class BolHttp {
  readonly timing: BolClientTiming;
  readonly tokens: BolTokenCache;
  readonly stats: BolTransportStats = { requests: 0, rateLimited: 0, serverErrors: 0, tokenRenewals: 0 };

  constructor(private readonly options: BolClientOptions) {
    this.timing = { ...DEFAULT_BOL_TIMING, ...options.timing };
    this.tokens = new BolTokenCache(options, this.timing);
  }

  /** The content language (docs/bol.md, "Switching to real bol credentials"). */
  get language(): BolLanguage {
    return this.options.language ?? 'nl';
  }

  now(): number {
    return this.options.now?.() ?? Date.now();
  }

  sleep(ms: number): Promise<void> {
    return (this.options.sleep ?? defaultSleep)(ms);
  }

  private backoff(retry: number): number {
    const ceiling = Math.min(this.timing.backoffBaseMs * 2 ** (retry - 1), this.timing.backoffMaxMs);
    return ceiling / 2 + Math.random() * (ceiling / 2);
  }

  private readonly rateListeners = new Set<(announced: AnnouncedRateLimit) => void>();

  /**
   * Tells `listener` bol's announced budget of every answer that carries the X-RateLimit-* headers
   * (docs/bol.md, "Rate limits and the bench"); the offer sync paces each kind of call by it.
   * Answers the function that stops telling.
   */
  onRateLimit(listener: (announced: AnnouncedRateLimit) => void): () => void {
    this.rateListeners.add(listener);
    return () => this.rateListeners.delete(listener);
  }

  /** Passes bol's X-RateLimit-* headers on, when the answer has them. */
  private announce(method: string, path: string, headers: Headers): void {
    if (this.rateListeners.size === 0) return;
    const limit = Number(headers.get('X-RateLimit-Limit') ?? NaN);
    const remaining = Number(headers.get('X-RateLimit-Remaining') ?? NaN);
    const resetSeconds = Number(headers.get('X-RateLimit-Reset') ?? NaN);
    if (![limit, remaining, resetSeconds].every(Number.isFinite) || limit <= 0) return;
    for (const listener of this.rateListeners) listener({ method, path, limit, remaining, resetSeconds });
  }

  /** The successful response (2xx); its body is still unread. */
  async send(request: BolRequest): Promise<Response> {
    const fetchFn = this.options.fetch ?? fetch;
    const url = new URL(request.path, this.options.apiUrl);
    let renewed = false;
    let rateLimitedRetries = 0;
    let serverErrorRetries = 0;
    for (;;) {
      const token = await this.tokens.get();
      const headers: Record<string, string> = { ...request.headers, Authorization: `Bearer ${token}`, Accept: request.accept ?? BOL_JSON };
      if (request.body !== undefined) headers['Content-Type'] = BOL_JSON;
      this.stats.requests += 1;
      let response: Response;
      try {
        response = await fetchFn(url, {
          method: request.method,
          headers,
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal: AbortSignal.timeout(this.timing.requestTimeoutMs),
        });
      } catch (error) {
        serverErrorRetries += 1;
        if (serverErrorRetries > this.timing.max5xxRetries) {
          throw new BolApiError(0, `${request.what} failed: bol could not be reached (${error instanceof Error ? error.message : String(error)})`);
        }
        await this.sleep(this.backoff(serverErrorRetries));
        continue;
      }
      this.announce(request.method, url.pathname, response.headers);
      if (response.ok) return response;

      const text = await response.text().catch(() => '');
      const problem = parseProblem(text);
      const message = problemMessage(`${request.what} failed`, response.status, problem, response.statusText);

      if (response.status === 401 && !renewed) {
        // 'Expired JWT' (or a token bol no longer accepts): one new token, one more try.
        renewed = true;
        this.stats.tokenRenewals += 1;
        this.tokens.invalidate(token);
        continue;
      }
      if (response.status === 429) {
        this.stats.rateLimited += 1;
        rateLimitedRetries += 1;
        const seconds = Number(response.headers.get('Retry-After'));
        const waitMs = Number.isFinite(seconds) && seconds > 0 ? seconds * this.timing.retryAfterUnitMs : this.backoff(rateLimitedRetries);
        if (rateLimitedRetries > this.timing.max429Retries || waitMs > this.timing.maxRetryAfterMs) throw new BolApiError(429, message, problem);
        await this.sleep(waitMs);
        continue;
      }
      if (response.status >= 500) {
        this.stats.serverErrors += 1;
        serverErrorRetries += 1;
        if (serverErrorRetries > this.timing.max5xxRetries) throw new BolApiError(response.status, message, problem);
        await this.sleep(this.backoff(serverErrorRetries));
        continue;
      }
      throw new BolApiError(response.status, message, problem);
    }
  }

  async json<T>(request: BolRequest): Promise<T> {
    const response = await this.send(request);
    const text = await response.text();
    if (text.trim() === '') return {} as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new BolApiError(response.status, `${request.what} failed: bol's answer is not JSON`);
    }
  }
}
