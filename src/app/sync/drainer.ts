/**
 * Sends the outbox to the server, one entry at a time, in order per entity (DESIGN.md section 4).
 * Everything it needs comes in `DrainDeps`, so tests drive it with a fake transport and clock.
 */
import type { Product } from '../../shared/contract';
import { fromCachedProduct, toCachedProduct, type BackofficeDatabase } from '../db/database';
import { classifyAnswer, type AnswerClass, type HeadersLike } from './classify-answer';
import {
  isProduct,
  recordOwnVersion,
  uploadResultMetaKey,
  uploadIdOfPlaceholder,
  placeholderPath,
  type BolModelPayload,
  type OutboxEntry,
} from './outbox';

export interface OutboxRequest {
  method: 'PUT' | 'POST' | 'DELETE';
  /** Path on the app's own host, e.g. /api/v1/product. */
  url: string;
  headers: Record<string, string>;
  body?: string | FormData;
}

/** The part of a fetch Response the drainer reads. */
export interface ResponseLike {
  status: number;
  headers: HeadersLike;
  text(): Promise<string>;
}

export interface DrainDeps {
  db: BackofficeDatabase;
  /** fetch-like; a rejection means no answer (network error, reset, timeout). */
  send: (request: OutboxRequest) => Promise<ResponseLike>;
  token: () => string | null;
  currentUser: () => string | null;
  now: () => number;
  random: () => number;
  /** Runs fn while holding a lock shared by every tab (navigator.locks); see `browserLock`. */
  lock?: <T>(name: string, fn: () => Promise<T>) => Promise<T>;
  /** An answer slower than this counts as a timeout (default 30 s). */
  timeoutMs?: number;
}

export interface DrainSummary {
  sent: number;
  retried: number;
  conflicts: number;
  failed: number;
  /** A 401 (or no session) stopped the drain; everything was kept. */
  pausedForAuth: boolean;
}

export const LAST_SYNC_META_KEY = 'lastSyncAt';
const DEFAULT_TIMEOUT_MS = 30_000;

class TimeoutError extends Error {
  constructor(ms: number) {
    super(`No answer within ${Math.round(ms / 1000)} s`);
    this.name = 'TimeoutError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError(ms)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Without navigator.locks: at least one drain at a time within this tab. */
const tabQueues = new Map<string, Promise<unknown>>();
function inTabLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const previous = tabQueues.get(name) ?? Promise.resolve();
  const run = previous.then(fn, fn);
  tabQueues.set(
    name,
    run.catch(() => undefined),
  );
  return run;
}

/** One drainer across tabs: navigator.locks when the browser has it, else within this tab. */
export function browserLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (locks) return locks.request(name, () => fn()) as Promise<unknown> as Promise<T>;
  return inTabLock(name, fn);
}

export async function drainOutbox(deps: DrainDeps): Promise<DrainSummary> {
  const lock = deps.lock ?? inTabLock;
  return lock(`outbox-drain:${deps.db.name}`, () => drainWhileLocked(deps));
}

async function drainWhileLocked(deps: DrainDeps): Promise<DrainSummary> {
  const { db } = deps;
  const summary: DrainSummary = { sent: 0, retried: 0, conflicts: 0, failed: 0, pausedForAuth: false };
  // We hold the lock, so an entry still 'sending' belongs to a tab that closed or reloaded
  // mid-request. Sending it again is safe: it carries the same Idempotency-Key.
  await db.outbox.where('status').equals('sending').modify({ status: 'pending' });

  /** Entries that got a "not now" answer in this drain: not tried twice in one drain. */
  const deferred = new Set<string>();
  for (;;) {
    const entries = await db.outbox.orderBy('seq').toArray();
    const present = new Set(entries.map((entry) => entry.id));
    const blocked = new Set<string>();
    let progressed = false;
    for (const entry of entries) {
      if (blocked.has(entry.entityKey)) continue;
      const user = deps.currentUser();
      const token = deps.token();
      const ready =
        entry.status === 'pending' &&
        entry.nextAttemptAt <= deps.now() &&
        !deferred.has(entry.id) &&
        !(entry.dependsOn ?? []).some((id) => present.has(id) && id !== entry.id);
      if (!ready) {
        // The head of an entity that cannot go now holds back everything after it.
        blocked.add(entry.entityKey);
        continue;
      }
      if (!user || !token) {
        summary.pausedForAuth = true;
        return summary;
      }
      if (entry.author !== user) {
        // Another person's change: it waits for them to sign in.
        blocked.add(entry.entityKey);
        continue;
      }
      const outcome = await sendOne(deps, entry, token, summary);
      progressed = true;
      if (outcome === 'paused') {
        summary.pausedForAuth = true;
        return summary;
      }
      if (outcome !== 'done') {
        blocked.add(entry.entityKey);
        if (outcome === 'deferred') deferred.add(entry.id);
      } else {
        present.delete(entry.id);
      }
    }
    if (!progressed) return summary;
  }
}

type SendOutcome = 'done' | 'deferred' | 'stopped' | 'paused' | 'skipped';

async function sendOne(deps: DrainDeps, snapshot: OutboxEntry, token: string, summary: DrainSummary): Promise<SendOutcome> {
  const { db } = deps;
  const now = deps.now();
  // Claim it; an entry changed since the snapshot (merged, discarded) waits for the next pass.
  const claimed = await db.transaction('rw', db.outbox, async () => {
    const fresh = await db.outbox.get(snapshot.id);
    if (!fresh || fresh.status !== 'pending' || fresh.seq !== snapshot.seq) return null;
    const sending: OutboxEntry = { ...fresh, status: 'sending', attempts: fresh.attempts + 1, lastAttemptAt: now, updatedAt: now };
    await db.outbox.put(sending);
    return sending;
  });
  if (!claimed) return 'skipped';

  const { sentProduct, ...request } = await buildRequest(db, claimed, token);
  let response: ResponseLike | null = null;
  let noAnswer: string | null = null;
  try {
    response = await withTimeout(deps.send(request), deps.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  } catch (error) {
    noAnswer = error instanceof TimeoutError ? error.message : `No connection: ${error instanceof Error ? error.message : String(error)}`;
  }
  const status = response?.status ?? 0;
  const body = response ? await readBody(response) : undefined;
  const headers: HeadersLike = response?.headers ?? { get: () => null };

  let verdict: AnswerClass = classifyAnswer(status, headers, claimed.attempts, deps.random, deps.now());
  let answer: unknown = body;
  // A delete sent again after its answer was lost finds the image gone: that is what we wanted.
  if (claimed.kind === 'image-delete' && status === 404) verdict = { kind: 'done' };
  // A save sent again after its answer was lost meets its own new version: the 412 body then
  // already carries exactly our change, so it is a success, not a conflict.
  if (verdict.kind === 'conflict' && claimed.kind === 'product-save' && isProduct(body) && carriesChange(body, sentProduct)) {
    verdict = { kind: 'done' };
    answer = body;
  }

  const later = deps.now();
  switch (verdict.kind) {
    case 'done':
      await applySuccess(db, claimed, answer, headers, later);
      summary.sent += 1;
      return 'done';
    case 'retry':
      await db.outbox.update(claimed.id, {
        status: 'pending',
        nextAttemptAt: later + verdict.delayMs,
        lastError: noAnswer ?? `The server answered ${status}; trying again later`,
        updatedAt: later,
      });
      summary.retried += 1;
      return 'deferred';
    case 'pause-auth':
      await db.outbox.update(claimed.id, {
        status: 'pending',
        attempts: claimed.attempts - 1,
        lastError: 'Sign in again to send this change',
        updatedAt: later,
      });
      return 'paused';
    case 'conflict':
      await db.outbox.update(claimed.id, {
        status: 'conflict',
        serverCopy: body,
        lastError: messageOf(body) ?? 'Someone else changed this in the meantime',
        updatedAt: later,
      });
      summary.conflicts += 1;
      return 'stopped';
    case 'failed':
      await db.outbox.update(claimed.id, {
        status: 'failed',
        lastError: messageOf(body) ?? `The server refused it (${status})`,
        updatedAt: later,
      });
      summary.failed += 1;
      return 'stopped';
  }
}

async function readBody(response: ResponseLike): Promise<unknown> {
  try {
    const text = await response.text();
    if (text === '') return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  } catch {
    return undefined;
  }
}

function messageOf(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string') {
    return (body as { message: string }).message;
  }
  return null;
}

function versionFromEtag(headers: HeadersLike): number | null {
  const match = /(\d+)/.exec(headers.get('ETag') ?? '');
  return match ? Number(match[1]) : null;
}

/** Replaces upload placeholders by the paths their uploads answered (kept in meta). */
async function resolvePlaceholders(db: BackofficeDatabase, product: Product): Promise<Product> {
  const images = await Promise.all(
    product.productImages.map(async (image) => {
      const uploadId = uploadIdOfPlaceholder(image.filePath);
      if (!uploadId) return image;
      const path = (await db.meta.get(uploadResultMetaKey(uploadId)))?.value;
      return typeof path === 'string' ? { ...image, filePath: path } : image;
    }),
  );
  return { ...product, productImages: images };
}

async function buildRequest(
  db: BackofficeDatabase,
  entry: OutboxEntry,
  token: string,
): Promise<OutboxRequest & { sentProduct?: Product }> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, 'Idempotency-Key': entry.id };
  if (entry.baseVersion !== null) headers['If-Match'] = `"${entry.baseVersion}"`;
  switch (entry.kind) {
    case 'product-save': {
      const product = fromCachedProduct(await resolvePlaceholders(db, entry.payload.product));
      headers['Content-Type'] = 'application/json';
      return { method: 'PUT', url: '/api/v1/product', headers, body: JSON.stringify(product), sentProduct: product };
    }
    case 'bol-model-save':
      headers['Content-Type'] = 'application/json';
      return { method: 'POST', url: '/api/v1/bol/data/model/product', headers, body: JSON.stringify(entry.payload.model) };
    case 'image-upload': {
      const file = await db.files.get(entry.payload.fileId);
      const form = new FormData();
      form.append('multipartFile', new Blob([file?.bytes ?? new ArrayBuffer(0)], { type: entry.payload.type }), entry.payload.name);
      return { method: 'POST', url: '/api/v1/media/save/image', headers, body: form };
    }
    case 'image-delete':
      return { method: 'DELETE', url: `/api/v1/image/${encodeURIComponent(entry.payload.imageId)}`, headers };
  }
}

/** Every field PUT /product saves (docs/products.md), compared as the server stores them. */
export function carriesChange(server: Product, mine: Product | undefined): boolean {
  if (!mine) return false;
  const text = (value: string | null) => (value ?? '').trim();
  const same =
    text(server.ean) === text(mine.ean) &&
    server.supplierEan === mine.supplierEan &&
    server.isChangeEan === mine.isChangeEan &&
    server.sku === mine.sku &&
    text(server.title) === text(mine.title) &&
    server.description === mine.description &&
    Number(server.sellingPrice) === Number(mine.sellingPrice) &&
    Number(server.priceSupplier) === Number(mine.priceSupplier) &&
    Number(server.deliveryPrice) === Number(mine.deliveryPrice) &&
    server.deliveryCode === mine.deliveryCode &&
    server.weight === mine.weight &&
    server.width === mine.width &&
    server.length === mine.length &&
    server.height === mine.height &&
    server.productSize === mine.productSize &&
    server.color === mine.color &&
    server.material === mine.material &&
    text(server.brand) === text(mine.brand) &&
    server.categoryId === mine.categoryId &&
    server.stock === mine.stock &&
    server.passedModeration === mine.passedModeration &&
    server.mainProduct === mine.mainProduct &&
    text(server.familyKey) === text(mine.familyKey) &&
    server.buyBlock === mine.buyBlock &&
    server.isExportOnBol === mine.isExportOnBol &&
    server.productImages.length === mine.productImages.length;
  if (!same) return false;
  return server.productImages.every((image, index) => {
    const other = mine.productImages[index];
    return other !== undefined && image.id === other.id && image.filePath === other.filePath && image.name === other.name && image.altImage === other.altImage;
  });
}

/** Later waiting changes of the same record by the same author now build on `version`. */
async function rebaseLater(db: BackofficeDatabase, done: OutboxEntry, kind: OutboxEntry['kind'], version: number): Promise<boolean> {
  const others = await db.outbox.where('entityKey').equals(done.entityKey).toArray();
  let laterSaves = false;
  for (const other of others) {
    if (other.id === done.id || other.kind !== kind || other.author !== done.author || other.seq < done.seq) continue;
    if (other.status === 'conflict') continue;
    laterSaves = true;
    if (other.baseVersion === null || other.baseVersion < version) await db.outbox.update(other.id, { baseVersion: version });
  }
  return laterSaves;
}

/** Whether anything else of the same record waits after `done` (any kind, any status). */
async function hasLaterEntries(db: BackofficeDatabase, done: OutboxEntry): Promise<boolean> {
  const others = await db.outbox.where('entityKey').equals(done.entityKey).toArray();
  return others.some((other) => other.id !== done.id && other.seq > done.seq);
}

async function applySuccess(db: BackofficeDatabase, entry: OutboxEntry, answer: unknown, headers: HeadersLike, now: number): Promise<void> {
  await db.transaction('rw', [db.outbox, db.products, db.bolModels, db.files, db.meta], async () => {
    await db.outbox.delete(entry.id);
    await db.meta.put({ key: LAST_SYNC_META_KEY, value: now });
    switch (entry.kind) {
      case 'product-save': {
        const server = isProduct(answer) ? answer : null;
        const version = server?.version ?? versionFromEtag(headers);
        // Later saves are rebased before any later product-save may race in (same transaction).
        const laterSaves = version === null ? false : await rebaseLater(db, entry, 'product-save', version);
        // Sent with If-Match, so the server went from exactly baseVersion to version.
        if (version !== null && entry.baseVersion !== null) await recordOwnVersion(db, entry.entityKey, entry.author, entry.baseVersion, version);
        if (!server) return;
        const local = await db.products.get(server.productId);
        // With more changes of this product waiting (saves, but also image deletes and uploads,
        // which the local copy already shows), the local copy stays mine, only on the new version.
        // Taking the server's copy here brought back an image whose delete was still waiting, and
        // the next save built on that copy re-created the image after the delete.
        const laterChanges = laterSaves || (await hasLaterEntries(db, entry));
        if (laterChanges && local) await db.products.put({ ...local, version: server.version, dateUpdate: server.dateUpdate });
        else await db.products.put(toCachedProduct(server));
        return;
      }
      case 'bol-model-save': {
        const model = typeof answer === 'object' && answer !== null ? (answer as BolModelPayload) : null;
        const version = (typeof model?.version === 'number' ? model.version : null) ?? versionFromEtag(headers);
        const laterSaves = version === null ? false : await rebaseLater(db, entry, 'bol-model-save', version);
        // Like product saves: a later edit of the model opened before this save builds on its result.
        if (version !== null && entry.baseVersion !== null) await recordOwnVersion(db, entry.entityKey, entry.author, entry.baseVersion, version);
        if (model && typeof model.productId === 'number' && !laterSaves) await db.bolModels.put(model);
        return;
      }
      case 'image-delete': {
        const version = versionFromEtag(headers);
        if (version === null) return;
        await rebaseLater(db, entry, 'product-save', version);
        // The delete raised the version by one; an edit made on the version before builds on this one.
        await recordOwnVersion(db, entry.entityKey, entry.author, version - 1, version);
        const local = await db.products.get(entry.payload.productId);
        if (local && local.version < version) await db.products.put({ ...local, version });
        return;
      }
      case 'image-upload': {
        const path = typeof answer === 'string' ? answer : null;
        await db.files.delete(entry.payload.fileId);
        if (path === null) return;
        await db.meta.put({ key: uploadResultMetaKey(entry.id), value: path });
        const placeholder = placeholderPath(entry.id);
        const swap = (product: Product): Product => ({
          ...product,
          productImages: product.productImages.map((image) => (image.filePath === placeholder ? { ...image, filePath: path } : image)),
        });
        const waiting = await db.outbox.where('entityKey').equals(entry.entityKey).toArray();
        for (const other of waiting) {
          if (other.kind !== 'product-save') continue;
          await db.outbox.update(other.id, {
            payload: { product: swap(other.payload.product) },
            dependsOn: (other.dependsOn ?? []).filter((id) => id !== entry.id),
          });
        }
        const local = await db.products.get(entry.payload.productId);
        if (local) await db.products.put(toCachedProduct(swap(fromCachedProduct(local))));
        return;
      }
    }
  });
}
