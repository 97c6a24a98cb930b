/**
 * bol's OAuth client-credentials token: asked for with Basic auth and a form body (bol refuses
 * parameters in the query string since November 2024), kept until shortly before its ~5 minutes
 * run out, and dropped on a 401 so the next call fetches a new one. Concurrent callers share one
 * token request: asking bol too often can get the address blocked.
 */
import { BolApiError, parseProblem, problemMessage } from './bol-errors';
import type { BolClientOptions, BolClientTiming } from './bol-client-options';
import type { BolTokenResponse } from './bol-wire';

export class BolTokenCache {
  private token: { value: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;
  /** Token requests made so far (for tests and the log). */
  requests = 0;

  constructor(
    private readonly options: BolClientOptions,
    private readonly timing: BolClientTiming,
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  async get(): Promise<string> {
    if (this.token && this.now() < this.token.expiresAt - this.timing.renewBeforeMs) return this.token.value;
    this.pending ??= this.fetchToken().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** Forget the token (bol said it expired); the next get() asks for a new one. */
  invalidate(rejected?: string): void {
    if (rejected === undefined || this.token?.value === rejected) this.token = null;
  }

  private async fetchToken(): Promise<string> {
    const fetchFn = this.options.fetch ?? fetch;
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    let lastError: BolApiError | null = null;
    for (let attempt = 0; attempt <= this.timing.max5xxRetries; attempt += 1) {
      if (attempt > 0) await (this.options.sleep ?? defaultSleep)(Math.min(this.timing.backoffBaseMs * 2 ** attempt, this.timing.backoffMaxMs));
      this.requests += 1;
      let response: Response;
      try {
        response = await fetchFn(this.options.tokenUrl, {
          method: 'POST',
          headers: { Authorization: `Basic ${basic}`, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=client_credentials',
          signal: AbortSignal.timeout(this.timing.requestTimeoutMs),
        });
      } catch (error) {
        lastError = new BolApiError(0, `Signing in to bol failed: bol could not be reached (${error instanceof Error ? error.message : String(error)})`);
        continue;
      }
      const text = await response.text();
      if (response.status >= 500) {
        lastError = new BolApiError(response.status, problemMessage('Signing in to bol failed', response.status, parseProblem(text), response.statusText));
        continue;
      }
      if (!response.ok) {
        throw new BolApiError(response.status, problemMessage('bol refused the client id and secret', response.status, parseProblem(text), response.statusText));
      }
      const body = parseProblem(text) as Partial<BolTokenResponse> | null;
      if (!body?.access_token || String(body.token_type).toLowerCase() !== 'bearer' || typeof body.expires_in !== 'number') {
        throw new BolApiError(response.status, 'Signing in to bol failed: the token answer has no bearer access_token and expires_in');
      }
      this.token = { value: body.access_token, expiresAt: this.now() + body.expires_in * 1_000 };
      return body.access_token;
    }
    throw lastError ?? new BolApiError(0, 'Signing in to bol failed');
  }
}

export const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
