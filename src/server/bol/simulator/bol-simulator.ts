/**
 * A local stand-in for bol's Retailer API v10 (and its token endpoint), faithful where code that
 * talks to bol can go wrong: OAuth client credentials in a form body, ~5 minute tokens and
 * 'Expired JWT' 401s, bol's media types (406/415), per-endpoint rate limits with X-RateLimit-*
 * and 429 + Retry-After, asynchronous writes (202 + a process status that finishes after a few
 * polls and is purged later: 404), `{}` for an empty order list, CSV exports whose columns can be
 * reordered, Problem bodies. Faults can be injected for tests. All state is in memory.
 *
 * Used by `npm start` when no bol credentials are set (its own loopback listener) and by tests
 * in-process through `simulator.fetch`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { serve } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import type { BolCatalogProduct, BolCreateOfferRequest, BolCreateProductContent, BolOrderDetail, BolProcessStatus, BolProblem, BolUpdateOfferPriceRequest, BolUpdateOfferRequest, BolUpdateOfferStockRequest, BolUploadReportResponse } from '../client/bol-wire';
import { BOL_CSV, BOL_JSON } from '../client/bol-wire';
import { DEMO_MODEL } from '../model/demo-model';
import { modelFileSchema, type ParsedModelFile } from '../model/model-file';
import { checkImage, DEFAULT_IMAGE_FETCH, type AssetVerdict, type ImageFetchOptions } from './image-fetch';
import { attributeRules, classify, contentFailure, contentViolations, eanOf, judgeUpload, recommendChunks, type Violation } from './sim-content';
import { demoArticles, demoOfferId, demoOrders, isVvbItem, type DemoArticle } from './demo-orders';
import { cancellationViolations, filterOrders, orderListViolations, type OrderListQuery } from './sim-orders';
import { DEFAULT_RATE_LIMITS, RateLimiter, type RateLimitRule } from './rate-limiter';
import { createOfferFailure, createOfferViolations, OFFER_CALLS, pricingViolations, retailerOffer, stockViolations, updateOfferViolations, bundlePriceFailure, type OfferCall, type OfferCallFault, type SimulatorOffer } from './sim-offers';

export const OFFER_EXPORT_COLUMNS = [
  'offerId',
  'ean',
  'conditionName',
  'conditionCategory',
  'conditionComment',
  'bundlePricesPrice',
  'fulfilmentDeliveryCode',
  'stockAmount',
  'onHoldByRetailer',
  'fulfilmentType',
  'mutationDateTime',
  'referenceCode',
  // Added in release 10.18; appended, as bol adds columns at the end.
  'economicOperatorId',
] as const;

export type { SimulatorOffer } from './sim-offers';

export interface BolSimulatorOptions {
  clientId: string;
  clientSecret: string;
  /** bol's tokens live 299 s. */
  tokenLifetimeSeconds?: number;
  /** Polls a new process status answers PENDING before it finishes. */
  pollsUntilDone?: number;
  /** Reads of an upload report answered IN_PROGRESS before it is COMPLETED. */
  reportReadsUntilComplete?: number;
  /** How long a finished process status stays readable (then 404). */
  statusRetentionMs?: number;
  /** The seller's orders (details); default: the demo orders. */
  orders?: BolOrderDetail[];
  /** The seller's offers; default: one per EAN of the demo orders. */
  offers?: SimulatorOffer[];
  /** bol's data model, for value lists and recommendations; default: the demo model. */
  model?: ParsedModelFile;
  rateLimits?: RateLimitRule[];
  /** Column order of the offer export CSV (names from OFFER_EXPORT_COLUMNS). */
  offerExportColumns?: readonly string[];
  now?: () => number;
  /** Print one line per request. */
  log?: (line: string) => void;
  /**
   * How bol downloads the images of a content upload (it declines what it cannot fetch or what is
   * not an image). `npm start` passes the global fetch; without it an http(s) URL counts as published.
   */
  imageFetch?: Partial<ImageFetchOptions> & Pick<ImageFetchOptions, 'fetch'>;
  /** Offer calls that fail from the start (a 429 or a process FAILURE), as `failNextOfferCalls` sets them. */
  offerFaults?: (OfferCallFault & { call: OfferCall })[];
}

/** A fault the next matching request(s) meet instead of (or before) the normal answer. */
export interface SimulatorFault {
  method?: string;
  /** Path (without query) or a pattern of it. */
  path: string | RegExp;
  /** Answer with this status (429 gets Retry-After); leave out for a delay only. */
  status?: number;
  retryAfterSeconds?: number;
  /** A body other than a Problem, e.g. an HTML error page for a 503. */
  body?: string;
  contentType?: string;
  delayMs?: number;
  /** How many requests it hits; default 1. */
  times?: number;
}

interface ProcessRecord {
  status: BolProcessStatus;
  pollsLeft: number;
  finish: () => { status: 'SUCCESS'; entityId: string } | { status: 'FAILURE'; errorMessage: string };
  finishedAt: number | null;
}

interface UploadRecord {
  content: BolCreateProductContent;
  reads: number;
  /** bol's downloads of the asset URLs, started when the upload arrived. */
  images: Promise<Map<string, AssetVerdict>>;
}

/** bol's API host, for Problem.instance (a full URI) and process status links. */
const BOL_API = 'https://api.bol.com';
const VALIDATION_TITLE = 'Error validating request. Consult the bol.com API documentation for more information.';
const CATALOG_LANGUAGES = ['nl', 'nl-BE', 'fr', 'fr-BE'];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const base64url = (value: string) => Buffer.from(value).toString('base64url');

/** bol's timestamps: ISO-8601 with an offset. */
const isoWithOffset = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');

/** The offer export's mutationDateTime: 'yyyy-MM-dd HH:mm:ss.SSS UTC', not ISO. */
const exportTime = (ms: number) => `${new Date(ms).toISOString().replace('T', ' ').replace('Z', '')} UTC`;

function csvField(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export class BolSimulator {
  readonly app: Hono;
  private readonly now: () => number;
  private readonly tokens = new Map<string, number>();
  private readonly processes = new Map<string, ProcessRecord>();
  private readonly uploads = new Map<string, UploadRecord>();
  private readonly catalog = new Map<string, BolCatalogProduct>();
  private readonly exports = new Map<string, string>();
  private readonly faults: (SimulatorFault & { left: number })[] = [];
  private readonly limiter: RateLimiter;
  private readonly model: ParsedModelFile;
  private readonly rules: ReturnType<typeof attributeRules>;
  private processCounter = 0;
  private failuresToInject: string[] = [];
  /** Process failures for one event type (failNextOfferCalls), used before the general ones. */
  private readonly eventFailures = new Map<string, string[]>();
  private offerCounter = 0;
  /** bol's own 429s forced on the next calls of an endpoint (failNextOfferCalls), with its rate limit headers. */
  private readonly forcedLimits: { method: string; pattern: RegExp; left: number; retryAfterSeconds: number }[] = [];
  orders: BolOrderDetail[];
  offers: SimulatorOffer[];
  offerExportColumns: readonly string[];
  /** Requests received, by "METHOD /path" (for tests). */
  readonly requests: string[] = [];
  /** Token requests that were answered with a token. */
  tokensIssued = 0;

  constructor(private readonly options: BolSimulatorOptions) {
    this.now = options.now ?? Date.now;
    this.limiter = new RateLimiter(options.rateLimits ?? DEFAULT_RATE_LIMITS, this.now);
    this.model = options.model ?? modelFileSchema.parse(DEMO_MODEL);
    this.rules = attributeRules(this.model);
    let articles: DemoArticle[] | null = null;
    const demo = () => (articles ??= demoArticles());
    // Placed back from the start of today (UTC): the same orders, with the same times, all day long.
    const today = Math.floor(this.now() / 86_400_000) * 86_400_000;
    this.orders = options.orders ?? demoOrders(demo(), today);
    this.offers = options.offers ?? demoOffersFor(this.orders, demo(), this.now());
    this.offerExportColumns = options.offerExportColumns ?? OFFER_EXPORT_COLUMNS;
    // The EANs we sell already have content on bol.
    for (const offer of this.offers) this.catalog.set(offer.ean, this.catalogEntry(offer.ean, demo().find((article) => article.ean === offer.ean)?.title ?? offer.ean));
    this.app = this.routes();
    for (const fault of options.offerFaults ?? []) this.failNextOfferCalls(fault.call, fault);
  }

  /** In-process fetch for tests: the same answers as the listener, without a port. */
  readonly fetch: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    return this.app.fetch(request);
  };

  /** Serves on loopback; port 0 picks a free one. */
  listen(port = 0): Promise<{ url: string; close: () => Promise<void> }> {
    return new Promise((resolve) => {
      const server = serve({ fetch: this.app.fetch, port, hostname: '127.0.0.1' }, (info) => {
        resolve({
          url: `http://127.0.0.1:${info.port}`,
          close: () => new Promise<void>((done) => server.close(() => done())),
        });
      });
    });
  }

  // ---- fault injection and controls (tests) ----

  inject(fault: SimulatorFault): void {
    this.faults.push({ ...fault, left: fault.times ?? 1 });
  }

  /** Forgets every fault not used up yet (also those of failNextOfferCalls). */
  clearFaults(): void {
    this.faults.length = 0;
    this.forcedLimits.length = 0;
    this.eventFailures.clear();
  }

  /** Every token handed out so far is expired from now on ('Expired JWT'). */
  expireTokens(): void {
    for (const token of this.tokens.keys()) this.tokens.set(token, this.now() - 1);
  }

  /** bol forgets every process status (later reads: 404). */
  purgeProcessStatuses(): void {
    this.processes.clear();
  }

  /** The next `count` processes end in FAILURE with this message. */
  failNextProcesses(message: string, count = 1): void {
    for (let i = 0; i < count; i += 1) this.failuresToInject.push(message);
  }

  /**
   * The next `times` calls of one offer endpoint fail: `RATE_LIMIT` answers 429 with Retry-After,
   * `FAILURE` accepts the call (202) and ends its process in FAILURE with `message`.
   */
  failNextOfferCalls(call: OfferCall, fault: OfferCallFault): void {
    const endpoint = OFFER_CALLS[call];
    const times = fault.times ?? 1;
    if (fault.as === 'RATE_LIMIT') {
      this.forcedLimits.push({ method: endpoint.method, pattern: endpoint.pattern, left: times, retryAfterSeconds: fault.retryAfterSeconds ?? 1 });
      return;
    }
    if (!endpoint.eventType) throw new Error(`GET of an offer has no process to fail; use RATE_LIMIT`);
    const queue = this.eventFailures.get(endpoint.eventType) ?? [];
    for (let i = 0; i < times; i += 1) queue.push(fault.message ?? 'Injected failure: bol could not process the offer.');
    this.eventFailures.set(endpoint.eventType, queue);
  }

  /** The upload sent for an EAN (latest), as bol received it. */
  uploadFor(ean: string): BolCreateProductContent | null {
    let found: BolCreateProductContent | null = null;
    for (const upload of this.uploads.values()) if (eanOf(upload.content) === ean) found = upload.content;
    return found;
  }

  // ---- HTTP ----

  private problem(c: Context, status: number, title: string, detail: string, extra: Partial<BolProblem> = {}): Response {
    const body: BolProblem = { type: 'https://api.bol.com/problems', title, status, detail, host: 'Instance-042', instance: `${BOL_API}${new URL(c.req.url).pathname}`, ...extra };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': BOL_JSON } });
  }

  private json(body: unknown, status = 200): Response {
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': BOL_JSON } });
  }

  private routes(): Hono {
    const app = new Hono();
    app.onError((error, c) => {
      this.options.log?.(`[bol-simulator] ${c.req.method} ${c.req.path} failed: ${error.message}`);
      return this.problem(c, 500, 'Internal Server Error', 'An unexpected error occurred.');
    });

    // Faults first: they stand for anything between us and bol.
    app.use('*', async (c, next) => {
      const path = c.req.path;
      this.requests.push(`${c.req.method} ${path}`);
      this.options.log?.(`[bol-simulator] ${c.req.method} ${c.req.url}`);
      const fault = this.faults.find((entry) => entry.left > 0 && (!entry.method || entry.method === c.req.method) && (typeof entry.path === 'string' ? entry.path === path : entry.path.test(path)));
      if (fault) {
        fault.left -= 1;
        if (fault.delayMs) await sleep(fault.delayMs);
        if (fault.status !== undefined) {
          if (fault.body !== undefined) return new Response(fault.body, { status: fault.status, headers: { 'Content-Type': fault.contentType ?? 'text/html' } });
          if (fault.status === 429) {
            const seconds = fault.retryAfterSeconds ?? 1;
            const response = this.problem(c, 429, 'Too Many Requests', `Too many requests, retry in ${seconds} seconds.`);
            response.headers.set('Retry-After', String(seconds));
            return response;
          }
          return this.problem(c, fault.status, fault.status >= 500 ? 'Internal Server Error' : 'Error', 'Injected fault.');
        }
      }
      await next();
    });

    app.post('/token', async (c) => this.token(c));

    // Authentication, rate limit and media types of every API call.
    app.use('/retailer/*', (c, next) => this.guard(c, next));
    app.use('/shared/*', (c, next) => this.guard(c, next));

    app.get('/retailer/orders', (c) => this.orderList(c));
    app.put('/retailer/orders/cancellation', async (c) => this.cancelOrderItem(c));
    app.get('/retailer/orders/:orderId', (c) => {
      const order = this.orders.find((entry) => entry.orderId === c.req.param('orderId'));
      return order ? this.json(order) : this.problem(c, 404, 'Not Found', `Order ${c.req.param('orderId')} was not found.`);
    });
    app.post('/retailer/content/products', async (c) => this.postContent(c));
    app.get('/retailer/content/upload-report/:uploadId', (c) => this.uploadReport(c));
    app.post('/retailer/content/chunk-recommendations', async (c) => this.chunkRecommendations(c));
    app.get('/retailer/content/catalog-products/:ean', (c) => {
      // `*` (what Node's fetch sends when nothing is set) means no preference, like no header.
      const language = c.req.header('Accept-Language');
      if (language !== undefined && language.trim() !== '*' && !CATALOG_LANGUAGES.includes(language.trim())) {
        return this.problem(c, 406, 'Not Acceptable', `Accept-Language '${language}' is not supported; use one of ${CATALOG_LANGUAGES.join(', ')}.`);
      }
      const entry = this.catalog.get(c.req.param('ean'));
      return entry ? this.json(entry) : this.problem(c, 404, 'Not Found', `No product found for EAN ${c.req.param('ean')}.`);
    });
    app.post('/retailer/offers/export', async (c) => this.postOfferExport(c));
    app.post('/retailer/offers', async (c) => this.createOffer(c));
    app.get('/retailer/offers/:offerId', (c) => this.getOffer(c));
    app.put('/retailer/offers/:offerId', async (c) => this.offerWrite(c, 'UPDATE_OFFER', 'Update', updateOfferViolations, (offer, request: BolUpdateOfferRequest) => this.applyOfferUpdate(offer, request)));
    app.delete('/retailer/offers/:offerId', (c) => this.deleteOffer(c));
    // The bundle prices replace the offer's.
    app.put('/retailer/offers/:offerId/price', async (c) =>
      this.offerWrite(c, 'UPDATE_OFFER_PRICE', 'Update price', (body) => pricingViolations((body as { pricing?: unknown } | null)?.pricing), (offer, { pricing }: BolUpdateOfferPriceRequest) => {
        const failure = bundlePriceFailure(pricing.bundlePrices);
        if (failure) return failure;
        offer.bundlePrices = pricing.bundlePrices.map((price) => ({ ...price }));
        offer.price = pricing.bundlePrices[0]?.unitPrice ?? offer.price;
        return null;
      }),
    );
    app.put('/retailer/offers/:offerId/stock', async (c) =>
      this.offerWrite(c, 'UPDATE_OFFER_STOCK', 'Update stock', (body) => stockViolations(body, ''), (offer, request: BolUpdateOfferStockRequest) => {
        offer.stock = request.amount;
        offer.managedByRetailer = request.managedByRetailer;
        return null;
      }),
    );
    app.get('/retailer/offers/export/:reportId', (c) => {
      const csv = this.exports.get(c.req.param('reportId'));
      if (csv === undefined) return this.problem(c, 404, 'Not Found', `Offer export ${c.req.param('reportId')} was not found.`);
      return new Response(csv, { status: 200, headers: { 'Content-Type': `${BOL_CSV}; charset=UTF-8` } });
    });
    app.get('/shared/process-status/:id', (c) => this.processStatus(c));
    app.get('/shared/process-status', (c) => this.processStatusesByEntity(c));
    app.post('/shared/process-status', async (c) => this.processStatusesBulk(c));
    app.all('*', (c) => this.problem(c, 404, 'Not Found', `No endpoint ${c.req.method} ${c.req.path}.`));
    return app;
  }

  private async token(c: Context): Promise<Response> {
    const oauth = (status: number, error: string, description: string) => c.json({ error, error_description: description }, status as 400);
    // bol stopped accepting token parameters in the URL (November 2024).
    if (new URL(c.req.url).searchParams.has('grant_type')) return oauth(400, 'invalid_request', 'Parameters must be sent in the request body, not in the query string.');
    const basic = /^Basic\s+(.+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
    const [id, secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
    if (id !== this.options.clientId || secret !== this.options.clientSecret) return oauth(401, 'invalid_client', 'Bad client credentials');
    const form = new URLSearchParams(await c.req.text());
    if (form.get('grant_type') !== 'client_credentials') return oauth(400, 'unsupported_grant_type', 'Only grant_type=client_credentials is supported.');
    const lifetime = this.options.tokenLifetimeSeconds ?? 299;
    const issuedAt = Math.floor(this.now() / 1000);
    const token = [
      base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' })),
      base64url(JSON.stringify({ iat: issuedAt, exp: issuedAt + lifetime + 1, client_id: id, jti: randomUUID() })),
      randomBytes(32).toString('base64url'),
    ].join('.');
    this.tokens.set(token, this.now() + lifetime * 1000);
    this.tokensIssued += 1;
    return c.json({ access_token: token, token_type: 'Bearer', expires_in: lifetime, scope: 'RETAILER' });
  }

  private async guard(c: Context, next: () => Promise<void>): Promise<Response | void> {
    const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
    const expiresAt = bearer ? this.tokens.get(bearer) : undefined;
    if (expiresAt === undefined) return this.problem(c, 401, 'Unauthorized', 'Full authentication is required to access this resource.');
    if (this.now() >= expiresAt) {
      const now = this.now();
      return this.problem(c, 401, 'Expired JWT', `JWT expired at ${new Date(expiresAt).toISOString()}. Current time: ${new Date(now).toISOString()}, a difference of ${now - expiresAt} milliseconds.  Allowed clock skew: 1000 milliseconds.`);
    }
    const decision = this.limiter.take(c.req.method, c.req.path);
    const forced = this.forcedLimits.find((entry) => entry.left > 0 && entry.method === c.req.method && entry.pattern.test(c.req.path));
    if (forced && decision) {
      forced.left -= 1;
      decision.allowed = false;
      decision.headers['X-RateLimit-Remaining'] = '0';
      decision.headers['Retry-After'] = String(forced.retryAfterSeconds);
    }
    if (decision && !decision.allowed) {
      const seconds = decision.headers['Retry-After'] ?? '1';
      const response = this.problem(c, 429, 'Too Many Requests', `Too many requests, retry in ${seconds} seconds.`);
      for (const [name, value] of Object.entries(decision.headers)) response.headers.set(name, value);
      return response;
    }
    const wantsCsv = /^\/retailer\/offers\/export\/[^/]+$/.test(c.req.path) && c.req.method === 'GET';
    const expected = wantsCsv ? BOL_CSV : BOL_JSON;
    const accept = c.req.header('Accept') ?? '';
    if (!accept.split(',').some((type) => type.trim().split(';')[0] === expected)) {
      return this.withHeaders(this.problem(c, 406, 'Not Acceptable', `The requested media type is not supported; use ${expected}.`), decision?.headers);
    }
    if (c.req.method === 'POST' || c.req.method === 'PUT') {
      const type = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim();
      if (type !== BOL_JSON) return this.withHeaders(this.problem(c, 415, 'Unsupported Media Type', 'The supplied content-type media type is not supported.'), decision?.headers);
    }
    await next();
    if (decision) for (const [name, value] of Object.entries(decision.headers)) c.res.headers.set(name, value);
  }

  private withHeaders(response: Response, headers: Record<string, string> | undefined): Response {
    for (const [name, value] of Object.entries(headers ?? {})) response.headers.set(name, value);
    return response;
  }

  private async readBody(c: Context): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
    try {
      return { ok: true, body: await c.req.json() };
    } catch {
      return { ok: false, response: this.problem(c, 400, VALIDATION_TITLE, 'Bad request', { violations: [{ name: 'body', reason: 'The request body is not valid JSON.' }] }) };
    }
  }

  private orderList(c: Context): Response {
    const query = new URL(c.req.url).searchParams;
    const violations = orderListViolations(query, this.now());
    if (violations.length > 0) return this.problem(c, 400, VALIDATION_TITLE, 'Bad request', { violations });
    const listQuery: OrderListQuery = {
      page: Number(query.get('page') ?? '1'),
      fulfilmentMethod: (query.get('fulfilment-method') as OrderListQuery['fulfilmentMethod']) ?? null,
      status: (query.get('status') as OrderListQuery['status']) ?? null,
      changeIntervalMinute: query.has('change-interval-minute') ? Number(query.get('change-interval-minute')) : null,
      latestChangeDate: query.get('latest-change-date'),
      vvbOnly: query.get('vvb-only') === 'true',
    };
    const slice = filterOrders(this.orders, listQuery, this.now(), isVvbItem);
    // bol's quirk: no orders is `{}`, not `{"orders": []}`.
    return this.json(slice.length > 0 ? { orders: slice } : {});
  }

  private newProcess(eventType: string, description: string, finish: ProcessRecord['finish'], entityId?: string): BolProcessStatus {
    this.processCounter += 1;
    const processStatusId = String(1_000_000 + this.processCounter);
    const status: BolProcessStatus = {
      processStatusId,
      eventType,
      description,
      status: 'PENDING',
      ...(entityId === undefined ? {} : { entityId }),
      createTimestamp: isoWithOffset(this.now()),
      links: [{ rel: 'self', href: `${BOL_API}/shared/process-status/${processStatusId}`, method: 'GET' }],
    };
    const injected = this.eventFailures.get(eventType)?.shift() ?? this.failuresToInject.shift();
    this.processes.set(processStatusId, {
      status,
      pollsLeft: this.options.pollsUntilDone ?? 3,
      finish: injected === undefined ? finish : () => ({ status: 'FAILURE', errorMessage: injected }),
      finishedAt: null,
    });
    return { ...status };
  }

  /** A status as a poll sees it (a PENDING one counts the poll), or null when unknown or purged. */
  private readStatus(id: string): BolProcessStatus | null {
    const record = this.processes.get(id);
    const retention = this.options.statusRetentionMs ?? 10 * 60_000;
    if (!record || (record.finishedAt !== null && this.now() - record.finishedAt > retention)) return null;
    if (record.status.status === 'PENDING') {
      record.pollsLeft -= 1;
      if (record.pollsLeft <= 0) {
        const outcome = record.finish();
        record.status = outcome.status === 'SUCCESS' ? { ...record.status, status: 'SUCCESS', entityId: outcome.entityId } : { ...record.status, status: 'FAILURE', errorMessage: outcome.errorMessage };
        record.finishedAt = this.now();
      }
    }
    return record.status;
  }

  private processStatus(c: Context): Response {
    const id = c.req.param('id') ?? '';
    const status = this.readStatus(id);
    return status ? this.json(status) : this.problem(c, 404, 'Not Found', `Process status ${id} was not found.`);
  }

  /** GET /shared/process-status?entity-id&event-type&page: newest first, 50 a page. */
  private processStatusesByEntity(c: Context): Response {
    const query = new URL(c.req.url).searchParams;
    const entityId = query.get('entity-id');
    const eventType = query.get('event-type');
    const pageText = query.get('page') ?? '1';
    const violations = [];
    if (!entityId) violations.push({ name: 'entity-id', reason: 'Required request parameter is missing.' });
    if (!eventType || !PROCESS_EVENT_TYPES.includes(eventType)) violations.push({ name: 'event-type', reason: `Request contains invalid value(s): '${eventType ?? ''}', allowed values: ${PROCESS_EVENT_TYPES.join(', ')}.` });
    if (!/^\d+$/.test(pageText) || Number(pageText) < 1) violations.push({ name: 'page', reason: `Request contains invalid value(s): '${pageText}', must be 1 or more.` });
    if (violations.length > 0) return this.problem(c, 400, VALIDATION_TITLE, 'Bad request', { violations });
    const page = Number(pageText);
    const matching = [...this.processes.entries()]
      .filter(([, record]) => record.status.eventType === eventType && record.status.entityId === entityId)
      .map(([id]) => id)
      .reverse();
    const statuses = matching.slice((page - 1) * 50, page * 50).map((id) => this.readStatus(id)).filter((status): status is BolProcessStatus => status !== null);
    return this.json({ processStatuses: statuses });
  }

  /** POST /shared/process-status {processStatusQueries: [{processStatusId}]} (1–1000): the known ones. */
  private async processStatusesBulk(c: Context): Promise<Response> {
    const read = await this.readBody(c);
    if (!read.ok) return read.response;
    const queries = (read.body as { processStatusQueries?: unknown } | null)?.processStatusQueries;
    if (!Array.isArray(queries) || queries.length < 1 || queries.length > 1000 || queries.some((query) => typeof (query as { processStatusId?: unknown } | null)?.processStatusId !== 'string')) {
      return this.problem(c, 400, VALIDATION_TITLE, 'Bad request', { violations: [{ name: 'processStatusQueries', reason: 'Must contain 1 to 1000 items, each with a processStatusId.' }] });
    }
    const statuses = (queries as { processStatusId: string }[]).map((query) => this.readStatus(query.processStatusId)).filter((status): status is BolProcessStatus => status !== null);
    return this.json({ processStatuses: statuses });
  }

  /** PUT /retailer/orders/cancellation: 202 CANCEL_ORDER (entityId: the order item); the process fails for an unknown or handled item. */
  private async cancelOrderItem(c: Context): Promise<Response> {
    const read = await this.readBody(c);
    if (!read.ok) return read.response;
    const violations = cancellationViolations(read.body);
    if (violations.length > 0) return this.problem(c, 400, VALIDATION_TITLE, 'Bad request', { violations });
    const { orderItemId } = (read.body as { orderItems: { orderItemId: string; reasonCode: string }[] }).orderItems[0] ?? { orderItemId: '' };
    const status = this.newProcess(
      'CANCEL_ORDER',
      `Cancel order item ${orderItemId}.`,
      () => {
        const item = this.orders.flatMap((order) => order.orderItems).find((entry) => entry.orderItemId === orderItemId);
        if (!item) return { status: 'FAILURE', errorMessage: `Order item ${orderItemId} does not exist.` };
        const open = item.quantity - item.quantityShipped - item.quantityCancelled;
        if (open <= 0) return { status: 'FAILURE', errorMessage: `Order item ${orderItemId} has already been handled and cannot be cancelled.` };
        item.quantityCancelled += open;
        item.latestChangedDateTime = isoWithOffset(this.now());
        return { status: 'SUCCESS', entityId: orderItemId };
      },
      orderItemId,
    );
    return this.json(status, 202);
  }

  private async postContent(c: Context): Promise<Response> {
    const read = await this.readBody(c);
    if (!read.ok) return read.response;
    const violations = contentViolations(read.body);
    if (violations.length > 0) {
      return this.problem(c, 400, VALIDATION_TITLE, 'Bad request', { violations });
    }
    const content = read.body as BolCreateProductContent;
    const images = this.downloadImages(content);
    const status = this.newProcess('CREATE_PRODUCT_CONTENT', 'Create product content.', () => {
      const failure = contentFailure(content);
      if (failure) return { status: 'FAILURE', errorMessage: failure };
      const uploadId = randomUUID();
      this.uploads.set(uploadId, { content, reads: 0, images });
      return { status: 'SUCCESS', entityId: uploadId };
    });
    return this.json(status, 202);
  }

  /** bol fetches every asset URL of an upload (when the simulator was given a way to). */
  private async downloadImages(content: BolCreateProductContent): Promise<Map<string, AssetVerdict>> {
    const verdicts = new Map<string, AssetVerdict>();
    const imageFetch = this.options.imageFetch;
    if (!imageFetch) return verdicts;
    const options: ImageFetchOptions = { ...DEFAULT_IMAGE_FETCH, ...imageFetch };
    const urls = [...new Set((content.assets ?? []).map((asset) => asset.url))];
    await Promise.all(urls.map(async (url) => verdicts.set(url, await checkImage(url, options))));
    return verdicts;
  }

  private async uploadReport(c: Context): Promise<Response> {
    const uploadId = c.req.param('uploadId') ?? '';
    const upload = this.uploads.get(uploadId);
    if (!upload) return this.problem(c, 404, 'Not Found', `Upload report ${uploadId} was not found.`);
    upload.reads += 1;
    const complete = upload.reads > (this.options.reportReadsUntilComplete ?? 1);
    const report: BolUploadReportResponse = judgeUpload(uploadId, upload.content, this.rules, complete, complete ? await upload.images : new Map());
    if (complete) this.publish(upload.content, report);
    return this.json(report);
  }

  /** A completed upload lands in bol's catalog; published when nothing was declined. */
  private publish(content: BolCreateProductContent, report: BolUploadReportResponse): void {
    const ean = eanOf(content);
    const published = report.attributes.every((attribute) => attribute.status === 'PUBLISHED');
    const brand = content.attributes.find((attribute) => attribute.id === 'Brand')?.values[0]?.value;
    this.catalog.set(ean, {
      published,
      gpc: { chunkId: classify(this.model, content) },
      enrichment: { status: published ? 1 : 0 },
      attributes: report.attributes.filter((attribute) => attribute.status === 'PUBLISHED').map((attribute) => ({ id: attribute.id, values: attribute.values })),
      parties: brand ? [{ name: brand, type: 'Brand', role: 'BRAND' }] : [],
    });
  }

  private catalogEntry(ean: string, title: string): BolCatalogProduct {
    const content: BolCreateProductContent = { language: 'nl', attributes: [{ id: 'EAN', values: [{ value: ean }] }, { id: 'Name', values: [{ value: title }] }] };
    return { published: true, gpc: { chunkId: classify(this.model, content) }, enrichment: { status: 2 }, attributes: content.attributes, parties: [] };
  }

  private async chunkRecommendations(c: Context): Promise<Response> {
    const read = await this.readBody(c);
    if (!read.ok) return read.response;
    const body = read.body as { productContents?: { attributes?: { id?: string; values?: { value?: string }[] }[] }[] };
    const contents = body.productContents;
    const violations = [];
    if (!Array.isArray(contents) || contents.length !== 1) violations.push({ name: 'productContents', reason: 'Must contain exactly 1 item.' });
    const attributes = contents?.[0]?.attributes ?? [];
    if (!Array.isArray(attributes) || attributes.some((attribute) => !Array.isArray(attribute.values) || attribute.values.length !== 1 || !attribute.values[0]?.value)) {
      violations.push({ name: 'productContents[0].attributes', reason: 'Every attribute needs exactly 1 value of 1 to 10000 characters.' });
    }
    if (violations.length > 0) return this.problem(c, 400, 'Error validating request. Consult the bol.com API documentation for more information.', 'Bad request', { violations });
    const text = attributes.map((attribute) => attribute.values?.[0]?.value ?? '').join(' ');
    return this.json({ recommendations: [{ predictions: recommendChunks(this.model, text) }] });
  }

  private async postOfferExport(c: Context): Promise<Response> {
    const read = await this.readBody(c);
    if (!read.ok) return read.response;
    if ((read.body as { format?: string } | null)?.format !== 'CSV') {
      return this.problem(c, 400, 'Error validating request. Consult the bol.com API documentation for more information.', 'Bad request', {
        violations: [{ name: 'format', reason: "Request contains invalid value(s), allowed values: CSV." }],
      });
    }
    const status = this.newProcess('CREATE_OFFER_EXPORT', 'Create an offer export.', () => {
      const reportId = randomUUID();
      this.exports.set(reportId, this.offerCsv());
      return { status: 'SUCCESS', entityId: reportId };
    });
    return this.json(status, 202);
  }

  // ---- offers (docs/bol.md, "Offers in the simulator") ----

  private productTitle(ean: string): string | null {
    const entry = this.catalog.get(ean);
    if (!entry) return null;
    return entry.attributes.find((attribute) => attribute.id === 'Name')?.values[0]?.value ?? '';
  }

  private findOffer(offerId: string): SimulatorOffer | undefined {
    return this.offers.find((offer) => offer.offerId === offerId);
  }

  /** Runs a change on an offer when its process finishes: FAILURE when bol no longer has the offer. */
  private offerChange(offerId: string, change: (offer: SimulatorOffer) => string | null): () => { status: 'SUCCESS'; entityId: string } | { status: 'FAILURE'; errorMessage: string } {
    return () => {
      const offer = this.findOffer(offerId);
      if (!offer) return { status: 'FAILURE', errorMessage: `Offer with id '${offerId}' does not exist.` };
      const failure = change(offer);
      if (failure) return { status: 'FAILURE', errorMessage: failure };
      offer.mutationDateTime = exportTime(this.now());
      return { status: 'SUCCESS', entityId: offerId };
    };
  }

  private newOfferId(): string {
    this.offerCounter += 1;
    const hex = (this.offerCounter + 0x5000).toString(16).padStart(12, '0');
    return `0ffe2c00-0000-4000-8000-${hex}`;
  }

  /** POST /retailer/offers: 202 CREATE_OFFER; the offer exists once the process ends SUCCESS (entityId: its id). */
  private async createOffer(c: Context): Promise<Response> {
    const read = await this.readBody(c);
    if (!read.ok) return read.response;
    const violations = createOfferViolations(read.body);
    if (violations.length > 0) return this.problem(c, 400, VALIDATION_TITLE, 'Bad request', { violations });
    const request = read.body as BolCreateOfferRequest;
    const status = this.newProcess('CREATE_OFFER', `Create an offer for EAN ${request.ean}.`, () => {
      const failure = createOfferFailure(request, (ean) => this.catalog.has(ean), this.offers);
      if (failure) return { status: 'FAILURE', errorMessage: failure };
      const [first] = request.pricing.bundlePrices;
      const offer: SimulatorOffer = {
        offerId: this.newOfferId(),
        ean: request.ean,
        price: first?.unitPrice ?? 0,
        stock: request.stock.amount,
        deliveryCode: request.fulfilment.method === 'FBR' ? (request.fulfilment.deliveryCode ?? '1-8d') : '',
        fulfilmentType: request.fulfilment.method,
        onHoldByRetailer: request.onHoldByRetailer ?? false,
        mutationDateTime: exportTime(this.now()),
        referenceCode: request.reference ?? '',
        bundlePrices: request.pricing.bundlePrices.map((price) => ({ ...price })),
        condition: { ...request.condition },
        managedByRetailer: request.stock.managedByRetailer,
        ...(request.unknownProductTitle && !this.catalog.has(request.ean) ? { unknownProductTitle: request.unknownProductTitle } : {}),
        ...(request.economicOperatorId ? { economicOperatorId: request.economicOperatorId } : {}),
      };
      this.offers.push(offer);
      return { status: 'SUCCESS', entityId: offer.offerId };
    });
    return this.json(status, 202);
  }

  private getOffer(c: Context): Response {
    const offerId = c.req.param('offerId') ?? '';
    const offer = this.findOffer(offerId);
    if (!offer) return this.problem(c, 404, 'Not Found', `Offer with id '${offerId}' was not found.`);
    return this.json(retailerOffer(offer, this.productTitle(offer.ean)));
  }

  /**
   * The three PUTs on one offer: bol's request checks (400 with violations), then 202 and a process
   * that applies `change` when it ends (FAILURE for an unknown offer or the message `change` returns).
   */
  private async offerWrite<T>(c: Context, eventType: string, description: string, check: (body: unknown) => Violation[], change: (offer: SimulatorOffer, body: T) => string | null): Promise<Response> {
    const offerId = c.req.param('offerId') ?? '';
    const read = await this.readBody(c);
    if (!read.ok) return read.response;
    const violations = check(read.body);
    if (violations.length > 0) return this.problem(c, 400, VALIDATION_TITLE, 'Bad request', { violations });
    const body = read.body as T;
    const status = this.newProcess(eventType, `${description} for offer with id ${offerId}.`, this.offerChange(offerId, (offer) => change(offer, body)), offerId);
    return this.json(status, 202);
  }

  /**
   * PUT /retailer/offers/{offer-id}: fulfilment (required), reference and unknownProductTitle
   * when given; onHoldByRetailer takes the document's default (false) when left out.
   */
  private applyOfferUpdate(offer: SimulatorOffer, request: BolUpdateOfferRequest): null {
    offer.fulfilmentType = request.fulfilment.method;
    offer.deliveryCode = request.fulfilment.method === 'FBR' ? (request.fulfilment.deliveryCode ?? offer.deliveryCode) : '';
    offer.onHoldByRetailer = request.onHoldByRetailer ?? false;
    if (request.reference !== undefined) offer.referenceCode = request.reference;
    if (request.unknownProductTitle !== undefined && !this.catalog.has(offer.ean)) offer.unknownProductTitle = request.unknownProductTitle;
    if (request.economicOperatorId !== undefined) offer.economicOperatorId = request.economicOperatorId;
    return null;
  }

  private deleteOffer(c: Context): Response {
    const offerId = c.req.param('offerId') ?? '';
    const status = this.newProcess(
      'DELETE_OFFER',
      `Delete offer with id ${offerId}.`,
      () => {
        const index = this.offers.findIndex((offer) => offer.offerId === offerId);
        if (index < 0) return { status: 'FAILURE', errorMessage: `Offer with id '${offerId}' does not exist.` };
        this.offers.splice(index, 1);
        return { status: 'SUCCESS', entityId: offerId };
      },
      offerId,
    );
    return this.json(status, 202);
  }

  private offerCsv(): string {
    const columns = this.offerExportColumns;
    const valueOf = (offer: SimulatorOffer, column: string): string => {
      switch (column) {
        case 'offerId':
          return offer.offerId;
        case 'ean':
          return offer.ean;
        case 'conditionName':
          return offer.condition?.name ?? 'NEW';
        case 'conditionCategory':
          return offer.condition?.category ?? (offer.condition && offer.condition.name !== 'NEW' ? 'SECONDHAND' : 'NEW');
        case 'conditionComment':
          return offer.condition?.comment ?? '';
        case 'bundlePricesPrice':
          return offer.price.toFixed(2);
        case 'fulfilmentDeliveryCode':
          return offer.fulfilmentType === 'FBR' ? offer.deliveryCode : '';
        case 'stockAmount':
          return String(offer.stock);
        case 'onHoldByRetailer':
          return String(offer.onHoldByRetailer);
        case 'fulfilmentType':
          return offer.fulfilmentType;
        case 'mutationDateTime':
          return offer.mutationDateTime;
        case 'referenceCode':
          return offer.referenceCode;
        case 'economicOperatorId':
          return '0f3c6a52-6d1e-4d43-9a55-5e1b6c2a7d10';
        default:
          return '';
      }
    };
    const lines = [columns.join(',')];
    for (const offer of this.offers) lines.push(columns.map((column) => csvField(valueOf(offer, column))).join(','));
    return `${lines.join('\n')}\n`;
  }
}

/** One offer per EAN the demo orders sold. */
function demoOffersFor(orders: readonly BolOrderDetail[], articles: readonly DemoArticle[], now: number): SimulatorOffer[] {
  const seen = new Map<string, SimulatorOffer>();
  for (const order of orders) {
    for (const item of order.orderItems) {
      if (seen.has(item.product.ean)) continue;
      const article = articles.find((entry) => entry.ean === item.product.ean);
      seen.set(item.product.ean, {
        offerId: demoOfferId(item.product.ean),
        ean: item.product.ean,
        price: article?.price ?? item.unitPrice,
        stock: (Number(item.product.ean.slice(-3)) % 40) + 1,
        deliveryCode: article?.deliveryCode ?? '1-2d',
        fulfilmentType: item.fulfilment.method === 'FBB' ? 'FBB' : 'FBR',
        onHoldByRetailer: false,
        mutationDateTime: exportTime(now - (Number(item.product.ean.slice(-4)) % 500) * 3_600_000),
        referenceCode: '',
      });
    }
  }
  return [...seen.values()];
}

/** ProcessStatus.eventType values (bol's shared.json). */
const PROCESS_EVENT_TYPES = [
  'CREATE_SHIPMENT', 'CANCEL_ORDER', 'CHANGE_TRANSPORT', 'HANDLE_RETURN_ITEM', 'CREATE_RETURN_ITEM', 'CREATE_INBOUND', 'DELETE_OFFER', 'CREATE_OFFER',
  'UPDATE_OFFER', 'UPDATE_OFFER_STOCK', 'UPDATE_OFFER_PRICE', 'CREATE_OFFER_EXPORT', 'UNPUBLISHED_OFFER_REPORT', 'CREATE_PRODUCT_CONTENT',
  'CREATE_SUBSCRIPTION', 'UPDATE_SUBSCRIPTION', 'DELETE_SUBSCRIPTION', 'SEND_SUBSCRIPTION_TST_MSG', 'CREATE_SHIPPING_LABEL', 'CREATE_REPLENISHMENT',
  'UPDATE_REPLENISHMENT', 'REQUEST_PRODUCT_DESTINATIONS', 'CREATE_SOV_SEARCH_TERM_REPORT', 'CREATE_SOV_CATEGORY_REPORT', 'UPLOAD_INVOICE',
  'CREATE_CAMPAIGN_PERFORMANCE_REPORT',
];

/** How the simulator is set up when `npm start` runs without bol credentials. */
export const SIMULATOR_CREDENTIALS = { clientId: 'simulator-client', clientSecret: 'simulator-secret' } as const;

