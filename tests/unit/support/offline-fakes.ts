/** Test doubles for the offline engine: isolated fake-IndexedDB databases and a strict transport. */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { randomUUID } from 'node:crypto';
import type { Product } from '../../../src/shared/contract';
import { openDatabase, type BackofficeDatabase } from '../../../src/app/db/database';
import type { DrainDeps, OutboxRequest, ResponseLike } from '../../../src/app/sync/drainer';

export function testDatabaseName(): string {
  return `backoffice-test-${randomUUID()}`;
}

export function openTestDatabase(name: string = testDatabaseName(), upToVersion?: number): BackofficeDatabase {
  return openDatabase(name, { indexedDB, IDBKeyRange, ...(upToVersion === undefined ? {} : { upToVersion }) });
}

export function makeProduct(overrides: Partial<Product> = {}): Product {
  const productId = overrides.productId ?? 1;
  return {
    productId,
    ean: '8712345000015',
    supplierEan: '',
    isChangeEan: false,
    sku: `SKU-${productId}`,
    title: `Product ${productId}`,
    description: '',
    sellingPrice: 10,
    priceSupplier: 5,
    deliveryPrice: 0,
    deliveryCode: '1-2d',
    weight: null,
    width: null,
    length: null,
    height: null,
    productSize: '',
    color: '',
    material: '',
    supplier: { supplierId: 1, supplierName: 'Acme' },
    brand: null,
    categoryId: null,
    categoryName: null,
    stock: 1,
    passedModeration: false,
    mainProduct: false,
    familyKey: null,
    buyBlock: false,
    isExportOnBol: false,
    numberOfImages: 0,
    version: 1,
    dateCreate: '2024-01-01T00:00:00.000Z',
    dateUpdate: '2024-01-01T00:00:00.000Z',
    productImages: [],
    ...overrides,
  };
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export function response({ status, body, headers = {} }: FakeAnswer): ResponseLike {
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return {
    status,
    headers: { get: (name) => lower.get(name.toLowerCase()) ?? null },
    text: async () => (body === undefined ? '' : JSON.stringify(body)),
  };
}

type Reply = FakeAnswer | Error | ((request: OutboxRequest) => Promise<ResponseLike> | ResponseLike);

interface Expectation {
  method: OutboxRequest['method'];
  url: string;
  reply: Reply;
}

/**
 * A transport that answers only the requests it was told to expect, in order. Anything else is
 * recorded as unexpected (and rejected), so `verify()` fails a test that relied on an accident.
 */
export class StrictTransport {
  readonly requests: OutboxRequest[] = [];
  readonly unexpected: string[] = [];
  private readonly queue: Expectation[] = [];

  expect(method: OutboxRequest['method'], url: string, reply: Reply): this {
    this.queue.push({ method, url, reply });
    return this;
  }

  readonly send = async (request: OutboxRequest): Promise<ResponseLike> => {
    this.requests.push(request);
    const next = this.queue[0];
    if (!next || next.method !== request.method || next.url !== request.url) {
      const description = `${request.method} ${request.url}`;
      this.unexpected.push(description);
      throw new Error(`Unexpected request ${description}`);
    }
    this.queue.shift();
    if (next.reply instanceof Error) throw next.reply;
    if (typeof next.reply === 'function') return next.reply(request);
    return response(next.reply);
  };

  verify(): void {
    if (this.unexpected.length > 0) throw new Error(`Unexpected requests: ${this.unexpected.join(', ')}`);
    if (this.queue.length > 0) throw new Error(`Expected but not sent: ${this.queue.map((e) => `${e.method} ${e.url}`).join(', ')}`);
  }
}

export interface TestSession {
  user: string | null;
  token: string | null;
}

export function drainDeps(
  db: BackofficeDatabase,
  transport: StrictTransport,
  options: { session?: TestSession; clock?: { now: number }; random?: () => number; timeoutMs?: number; parallel?: number } = {},
): DrainDeps {
  const session = options.session ?? { user: 'anna', token: 'token-anna' };
  const clock = options.clock ?? { now: 1_000_000 };
  return {
    db,
    send: transport.send,
    token: () => session.token,
    currentUser: () => session.user,
    now: () => clock.now,
    random: options.random ?? (() => 0.5),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.parallel === undefined ? {} : { parallel: options.parallel }),
  };
}

export function headerOf(request: OutboxRequest | undefined, name: string): string | undefined {
  return request?.headers[name];
}

export function jsonBody(request: OutboxRequest | undefined): unknown {
  return typeof request?.body === 'string' ? JSON.parse(request.body) : undefined;
}
