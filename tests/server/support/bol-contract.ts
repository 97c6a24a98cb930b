/**
 * Contract checking of everything that passes between our bol client (or a test) and the
 * simulator: a fetch that records each exchange, and the list of its departures from bol's
 * OpenAPI documents, after the documented quirks of the real API (each named) are set aside.
 * See docs/bol.md, "Contract tests".
 */
import { BolClient } from '../../../src/server/bol/client/bol-client';
import type { BolLanguage } from '../../../src/server/bol/client/bol-client-options';
import { BOL_JSON } from '../../../src/server/bol/client/bol-wire';
import { BolSimulator, SIMULATOR_CREDENTIALS, type BolSimulatorOptions } from '../../../src/server/bol/simulator/bol-simulator';
import { BolOpenApi, type ExchangeRecord } from './bol-openapi';

export const openApi = new BolOpenApi();

/** Wraps a fetch so every request and answer is kept (bodies read from clones). */
export function recordingFetch(inner: typeof fetch, exchanges: ExchangeRecord[]): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const requestBody = request.body ? await request.clone().text() : null;
    const response = await inner(request);
    exchanges.push({
      method: request.method,
      url: request.url,
      requestHeaders: new Headers(request.headers),
      requestBody,
      status: response.status,
      responseHeaders: new Headers(response.headers),
      responseBody: await response.clone().text(),
    });
    return response;
  };
}

/**
 * The simulator and a client whose every exchange is recorded, on a virtual clock (each wait of
 * the client moves it), and `raw` for calls with a valid token that the client never makes
 * (a body that is not a string is sent as JSON).
 */
export function recordingBolKit(options: Partial<BolSimulatorOptions> = {}, client: { language?: BolLanguage } = {}) {
  const clock = { now: Date.parse('2025-06-01T12:00:00Z') };
  const exchanges: ExchangeRecord[] = [];
  const simulator = new BolSimulator({ ...SIMULATOR_CREDENTIALS, pollsUntilDone: 2, now: () => clock.now, ...options });
  const fetch = recordingFetch(simulator.fetch, exchanges);
  const bolClient = new BolClient({
    apiUrl: 'http://bol.test',
    tokenUrl: 'http://bol.test/token',
    ...SIMULATOR_CREDENTIALS,
    ...client,
    fetch,
    now: () => clock.now,
    sleep: async (ms) => {
      clock.now += ms;
    },
  });
  const raw = async (method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) => {
    const token = await bolClient.http.tokens.get();
    const body = init.body === undefined || typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    return fetch(`http://bol.test${path}`, {
      method,
      body,
      headers: { Authorization: `Bearer ${token}`, Accept: BOL_JSON, ...(body !== undefined ? { 'Content-Type': BOL_JSON } : {}), ...init.headers },
    });
  };
  return { simulator, client: bolClient, clock, exchanges, raw };
}

/** A documented way the real bol API departs from its OpenAPI document; the simulator keeps it. */
export interface BolQuirk {
  name: string;
  /** Whether this departure (one message of the checker) of this exchange is the quirk. */
  excuses: (exchange: ExchangeRecord, departure: string) => boolean;
}

const pathOf = (exchange: ExchangeRecord) => new URL(exchange.url).pathname;

/** Statuses bol answers although its document does not list them for the operation. */
export const STATUSES_OUTSIDE_THE_DOCUMENT = [400, 401, 403, 406, 415, 429, 500, 502, 503, 504];

export const BOL_QUIRKS: BolQuirk[] = [
  {
    // docs/bol.md: an empty order list is `{}` although ReducedOrders requires `orders`.
    name: 'an empty order list is {} without the required orders',
    excuses: (exchange, departure) => exchange.method === 'GET' && pathOf(exchange) === '/retailer/orders' && exchange.status === 200 && exchange.responseBody === '{}' && departure.includes('"missingProperty":"orders"'),
  },
  {
    // bol's own examples leave out unitId for attributes without a unit, and bol accepts that.
    name: 'content values without a unit leave out the required unitId',
    excuses: (exchange, departure) => exchange.method === 'POST' && pathOf(exchange) === '/retailer/content/products' && departure.includes('request body') && departure.includes('"missingProperty":"unitId"'),
  },
  {
    // 400 (a query parameter bol refuses, where only 200 is listed), 401 (expired or missing token), 406 (Accept), 415 (Content-Type), 429 (rate limit), 5xx: not
    // in the document for most operations, yet bol answers them, each with a Problem body.
    name: 'statuses outside the document answer with a Problem',
    excuses: (exchange, departure) => STATUSES_OUTSIDE_THE_DOCUMENT.includes(exchange.status) && departure.includes(`status ${exchange.status} is not declared`),
  },
  {
    // Live and demo answers give each process status link a `method` ("GET"), which Link does not define.
    name: 'process status links carry a method',
    excuses: (_exchange, departure) => /\/links\/\d+ must NOT have additional properties \{"additionalProperty":"method"\}/.test(departure),
  },
  {
    // Problems other than validation errors (401, 404, 406, 429, …) leave out `violations`.
    name: 'Problems other than 400 leave out violations',
    excuses: (exchange, departure) => exchange.status !== 400 && departure.includes('"missingProperty":"violations"'),
  },
];

export interface ContractResult {
  /** Every departure no quirk explains: must be empty. */
  deviations: string[];
  /** Names of the quirks that explained something. */
  quirksSeen: Set<string>;
  /** Exchanges checked (the token endpoint is OAuth, not part of the documents). */
  checked: number;
}

function headerDepartures(exchange: ExchangeRecord): string[] {
  const where = `${exchange.method} ${pathOf(exchange)} → ${exchange.status}`;
  const out: string[] = [];
  for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
    if (exchange.status === 401) continue; // refused before the rate limiter: bol counts per client
    const value = exchange.responseHeaders.get(name);
    if (value === null || !/^\d+$/.test(value)) out.push(`${where}: header ${name} missing or not a number ('${value ?? ''}')`);
  }
  if (exchange.status === 429 && !/^\d+$/.test(exchange.responseHeaders.get('Retry-After') ?? '')) out.push(`${where}: 429 without Retry-After seconds`);
  const type = exchange.responseHeaders.get('Content-Type') ?? '';
  if (exchange.responseBody.startsWith('{') && type.split(';')[0]?.trim() !== BOL_JSON) out.push(`${where}: JSON body with Content-Type '${type}'`);
  return out;
}

/** Problems in answers with a status outside the document are still checked against Problem. */
function outsideStatusBody(exchange: ExchangeRecord): string[] {
  if (!STATUSES_OUTSIDE_THE_DOCUMENT.includes(exchange.status)) return [];
  const matched = openApi.match(exchange.method, pathOf(exchange));
  if (!matched || matched.operation.responses[String(exchange.status)]) return [];
  const problem = (openApi.documents.shared as unknown as { components: { schemas: { Problem: Parameters<BolOpenApi['validator']>[1] } } }).components.schemas.Problem;
  return openApi.checkJson('shared', problem, exchange.responseBody, `${exchange.method} ${pathOf(exchange)} → ${exchange.status} body (Problem)`);
}

/**
 * `requests: false` leaves the requests unchecked: for tests that send bol a wrong request on
 * purpose to see its refusal (the refusal itself is still checked).
 */
export function checkContract(exchanges: readonly ExchangeRecord[], quirks: readonly BolQuirk[] = BOL_QUIRKS, options: { requests?: boolean } = {}): ContractResult {
  const deviations: string[] = [];
  const quirksSeen = new Set<string>();
  let checked = 0;
  for (const exchange of exchanges) {
    if (pathOf(exchange) === '/token') continue;
    checked += 1;
    const departures = [...(options.requests === false ? [] : openApi.checkRequest(exchange)), ...openApi.checkResponse(exchange), ...outsideStatusBody(exchange), ...headerDepartures(exchange)];
    for (const departure of departures) {
      const quirk = quirks.find((entry) => entry.excuses(exchange, departure));
      if (quirk) quirksSeen.add(quirk.name);
      else deviations.push(departure);
    }
  }
  return { deviations, quirksSeen, checked };
}
