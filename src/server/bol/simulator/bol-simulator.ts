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
import type { BolCatalogProduct, BolCreateProductContent, BolOrderDetail, BolProcessStatus, BolProblem, BolUploadReportResponse } from '../client/bol-wire';
import { BOL_CSV, BOL_JSON } from '../client/bol-wire';
import { DEMO_MODEL } from '../model/demo-model';
import { modelFileSchema, type ParsedModelFile } from '../model/model-file';
import { attributeRules, classify, contentFailure, contentViolations, eanOf, judgeUpload, recommendChunks } from './sim-content';
import { demoArticles, demoOfferId, demoOrders, type DemoArticle } from './demo-orders';
import { DEFAULT_RATE_LIMITS, RateLimiter, type RateLimitRule } from './rate-limiter';

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

export interface SimulatorOffer {
  offerId: string;
  ean: string;
  price: number;
  stock: number;
  deliveryCode: string;
  fulfilmentType: 'FBR' | 'FBB';
  onHoldByRetailer: boolean;
  mutationDateTime: string;
  referenceCode: string;
}

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
}

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

  /** Forgets every fault not used up yet. */
  clearFaults(): void {
    this.faults.length = 0;
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

  /** The upload sent for an EAN (latest), as bol received it. */
  uploadFor(ean: string): BolCreateProductContent | null {
    let found: BolCreateProductContent | null = null;
    for (const upload of this.uploads.values()) if (eanOf(upload.content) === ean) found = upload.content;
    return found;
  }

  // ---- HTTP ----

  private problem(c: Context, status: number, title: string, detail: string, extra: Partial<BolProblem> = {}): Response {
    const body: BolProblem = { type: 'https://api.bol.com/problems', title, status, detail, host: 'Instance-042', instance: new URL(c.req.url).pathname, ...extra };
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
    app.get('/retailer/orders/:orderId', (c) => {
      const order = this.orders.find((entry) => entry.orderId === c.req.param('orderId'));
      return order ? this.json(order) : this.problem(c, 404, 'Not Found', `Order ${c.req.param('orderId')} was not found.`);
    });
    app.post('/retailer/content/products', async (c) => this.postContent(c));
    app.get('/retailer/content/upload-report/:uploadId', (c) => this.uploadReport(c));
    app.post('/retailer/content/chunk-recommendations', async (c) => this.chunkRecommendations(c));
    app.get('/retailer/content/catalog-products/:ean', (c) => {
      const entry = this.catalog.get(c.req.param('ean'));
      return entry ? this.json(entry) : this.problem(c, 404, 'Not Found', `No product found for EAN ${c.req.param('ean')}.`);
    });
    app.post('/retailer/offers/export', async (c) => this.postOfferExport(c));
    app.get('/retailer/offers/export/:reportId', (c) => {
      const csv = this.exports.get(c.req.param('reportId'));
      if (csv === undefined) return this.problem(c, 404, 'Not Found', `Offer export ${c.req.param('reportId')} was not found.`);
      return new Response(csv, { status: 200, headers: { 'Content-Type': `${BOL_CSV}; charset=UTF-8` } });
    });
    app.get('/shared/process-status/:id', (c) => this.processStatus(c));
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
      return { ok: false, response: this.problem(c, 400, 'Bad Request', 'The request body is not valid JSON.') };
    }
  }

  private orderList(c: Context): Response {
    const query = new URL(c.req.url).searchParams;
    const pageText = query.get('page') ?? '1';
    const page = Number(pageText);
    const violations = [];
    if (!/^\d+$/.test(pageText) || page < 1) violations.push({ name: 'page', reason: `Request contains invalid value(s): '${pageText}', must be 1 or more.` });
    const method = query.get('fulfilment-method') ?? 'FBR';
    if (!['FBR', 'FBB', 'ALL'].includes(method)) violations.push({ name: 'fulfilment-method', reason: `Request contains invalid value(s): '${method}', allowed values: FBR, FBB, ALL.` });
    const status = query.get('status') ?? 'OPEN';
    if (!['OPEN', 'SHIPPED', 'ALL'].includes(status)) violations.push({ name: 'status', reason: `Request contains invalid value(s): '${status}', allowed values: OPEN, SHIPPED, ALL.` });
    if (violations.length > 0) return this.problem(c, 400, 'Error validating request. Consult the bol.com API documentation for more information.', 'Bad request', { violations });

    const reduced = this.orders
      .map((order) => ({
        orderId: order.orderId,
        orderPlacedDateTime: order.orderPlacedDateTime,
        orderItems: order.orderItems
          .filter((item) => method === 'ALL' || item.fulfilment.method === method)
          .map((item) => ({
            orderItemId: item.orderItemId,
            ean: item.product.ean,
            fulfilmentMethod: item.fulfilment.method,
            fulfilmentStatus: item.quantityShipped + item.quantityCancelled >= item.quantity ? 'HANDLED' : 'OPEN',
            quantity: item.quantity,
            quantityShipped: item.quantityShipped,
            quantityCancelled: item.quantityCancelled,
            cancellationRequest: item.cancellationRequest,
            latestChangedDateTime: item.latestChangedDateTime,
          }))
          .filter((item) => status === 'ALL' || (status === 'OPEN' ? item.fulfilmentStatus === 'OPEN' : item.fulfilmentStatus === 'HANDLED')),
      }))
      .filter((order) => order.orderItems.length > 0)
      .sort((a, b) => b.orderPlacedDateTime.localeCompare(a.orderPlacedDateTime));
    const slice = reduced.slice((page - 1) * 50, page * 50);
    // bol's quirk: no orders is `{}`, not `{"orders": []}`.
    return this.json(slice.length > 0 ? { orders: slice } : {});
  }

  private newProcess(eventType: string, description: string, finish: ProcessRecord['finish']): BolProcessStatus {
    this.processCounter += 1;
    const processStatusId = String(1_000_000 + this.processCounter);
    const status: BolProcessStatus = {
      processStatusId,
      eventType,
      description,
      status: 'PENDING',
      createTimestamp: isoWithOffset(this.now()),
      links: [{ rel: 'self', href: `https://api.bol.com/shared/process-status/${processStatusId}`, method: 'GET' }],
    };
    const injected = this.failuresToInject.shift();
    this.processes.set(processStatusId, {
      status,
      pollsLeft: this.options.pollsUntilDone ?? 3,
      finish: injected === undefined ? finish : () => ({ status: 'FAILURE', errorMessage: injected }),
      finishedAt: null,
    });
    return { ...status };
  }

  private processStatus(c: Context): Response {
    const id = c.req.param('id') ?? '';
    const record = this.processes.get(id);
    const retention = this.options.statusRetentionMs ?? 10 * 60_000;
    if (!record || (record.finishedAt !== null && this.now() - record.finishedAt > retention)) {
      return this.problem(c, 404, 'Not Found', `Process status ${id} was not found.`);
    }
    if (record.status.status === 'PENDING') {
      record.pollsLeft -= 1;
      if (record.pollsLeft <= 0) {
        const outcome = record.finish();
        record.status = outcome.status === 'SUCCESS' ? { ...record.status, status: 'SUCCESS', entityId: outcome.entityId } : { ...record.status, status: 'FAILURE', errorMessage: outcome.errorMessage };
        record.finishedAt = this.now();
      }
    }
    return this.json(record.status);
  }

  private async postContent(c: Context): Promise<Response> {
    const read = await this.readBody(c);
    if (!read.ok) return read.response;
    const violations = contentViolations(read.body);
    if (violations.length > 0) {
      return this.problem(c, 400, 'Error validating request. Consult the bol.com API documentation for more information.', 'Bad request', { violations });
    }
    const content = read.body as BolCreateProductContent;
    const status = this.newProcess('CREATE_PRODUCT_CONTENT', 'Create product content.', () => {
      const failure = contentFailure(content);
      if (failure) return { status: 'FAILURE', errorMessage: failure };
      const uploadId = randomUUID();
      this.uploads.set(uploadId, { content, reads: 0 });
      return { status: 'SUCCESS', entityId: uploadId };
    });
    return this.json(status, 202);
  }

  private uploadReport(c: Context): Response {
    const uploadId = c.req.param('uploadId') ?? '';
    const upload = this.uploads.get(uploadId);
    if (!upload) return this.problem(c, 404, 'Not Found', `Upload report ${uploadId} was not found.`);
    upload.reads += 1;
    const complete = upload.reads > (this.options.reportReadsUntilComplete ?? 1);
    const report: BolUploadReportResponse = judgeUpload(uploadId, upload.content, this.rules, complete);
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

  private offerCsv(): string {
    const columns = this.offerExportColumns;
    const valueOf = (offer: SimulatorOffer, column: string): string => {
      switch (column) {
        case 'offerId':
          return offer.offerId;
        case 'ean':
          return offer.ean;
        case 'conditionName':
          return 'NEW';
        case 'conditionCategory':
          return 'NEW';
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

/** How the simulator is set up when `npm start` runs without bol credentials. */
export const SIMULATOR_CREDENTIALS = { clientId: 'simulator-client', clientSecret: 'simulator-secret' } as const;

