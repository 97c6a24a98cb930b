/**
 * Outbox entries across an app update (docs/offline.md "Protocol version"): rows exactly as the
 * build before the protocol version stored them drain through this engine, sent as that build sent
 * them; new entries carry this build's version, and their change-set bodies say so; a refusal of
 * the version becomes the entry's failure. On fake IndexedDB.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toCachedProduct, type BackofficeDatabase } from '../../src/app/db/database';
import { drainOutbox, type OutboxRequest } from '../../src/app/sync/drainer';
import { enqueueProductChange, listOutbox } from '../../src/app/sync/outbox';
import { buildChangeSet } from '../../src/shared/change-set';
import { messages } from '../../src/shared/messages';
import { WRITE_PROTOCOL_VERSION } from '../../src/shared/write-protocol';
import { drainDeps, headerOf, jsonBody, makeProduct, openTestDatabase, response, StrictTransport } from './support/offline-fakes';

let db: BackofficeDatabase;
beforeEach(() => {
  db = openTestDatabase();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** The bookkeeping of an entry as the previous build stored it (its EntryCommon): no `protocol`. */
function previousBuildRow(id: string, seq: number, entityKey: string) {
  return {
    id,
    entityKey,
    seq,
    baseVersion: null,
    author: 'anna',
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    lastAttemptAt: null,
    lastError: null,
    createdAt: 900_000,
    updatedAt: 900_000,
  } as const;
}

const titleSet = {
  fields: { title: { base: 'Chair', value: 'Chair 2' } },
  images: { added: [], deleted: [], edited: [] },
  madeAt: 900_000,
  offline: true,
};

describe('entries stored by the build before the protocol version', () => {
  it('read as version 1: a product change set is sent exactly as that build sent it, and the answer lands', async () => {
    await db.products.put(toCachedProduct(makeProduct({ productId: 1, title: 'Chair 2' })));
    await db.outbox.put({ ...previousBuildRow('old-change', 1, 'product:1'), kind: 'product-change', payload: { productId: 1, changes: titleSet } });
    const server = makeProduct({ productId: 1, title: 'Chair 2', color: 'Red', version: 2 });
    const transport = new StrictTransport().expect('PATCH', '/api/v1/product/1', { status: 200, body: server });

    const summary = await drainOutbox(drainDeps(db, transport));

    transport.verify();
    expect(summary).toMatchObject({ sent: 1, failed: 0 });
    expect(jsonBody(transport.requests[0])).toEqual(titleSet);
    expect(headerOf(transport.requests[0], 'Idempotency-Key')).toBe('old-change');
    expect(await listOutbox(db)).toEqual([]);
    expect((await db.products.get(1))?.color).toBe('Red');
  });

  it('an upload and the whole-product save that uses its image go in order, the path swapped in', async () => {
    const placeholder = 'outbox-file:old-upload';
    const product = makeProduct({
      productId: 2,
      version: 3,
      productImages: [{ id: 'img-new', filePath: placeholder, name: 'front.png', altImage: '', isMainImage: false }] as never,
    });
    await db.files.put({ id: 'old-upload', bytes: new ArrayBuffer(4), name: 'front.png', type: 'image/png', createdAt: 900_000 });
    await db.outbox.put({ ...previousBuildRow('old-upload', 1, 'product:2'), kind: 'image-upload', payload: { productId: 2, fileId: 'old-upload', name: 'front.png', type: 'image/png' } });
    await db.outbox.put({ ...previousBuildRow('old-save', 2, 'product:2'), baseVersion: 3, dependsOn: ['old-upload'], kind: 'product-save', payload: { product } });
    let sent: OutboxRequest | undefined;
    const transport = new StrictTransport()
      .expect('POST', '/api/v1/media/save/image', { status: 200, body: '/media/ab/front.png' })
      .expect('PUT', '/api/v1/product', (request) => {
        sent = request;
        return response({ status: 200, body: { ...product, version: 4, productImages: [{ ...product.productImages[0], filePath: '/media/ab/front.png' }] } });
      });

    const summary = await drainOutbox(drainDeps(db, transport));

    transport.verify();
    expect(summary.sent).toBe(2);
    expect(headerOf(sent, 'If-Match')).toBe('"3"');
    expect((jsonBody(sent) as { productImages: { filePath: string }[] }).productImages[0]?.filePath).toBe('/media/ab/front.png');
    expect(await listOutbox(db)).toEqual([]);
  });

  it('a Bol-model change set goes without a version, as before', async () => {
    const attributes = { Colour: { base: 'Black', value: 'Red' } };
    await db.outbox.put({
      ...previousBuildRow('old-bol', 1, 'bol-model:7'),
      kind: 'bol-model-change',
      payload: { productId: 7, changes: { attributes, madeAt: 900_000, offline: false } },
    });
    const transport = new StrictTransport().expect('PATCH', '/api/v1/bol/model/7', { status: 200, body: { productId: 7, chunkId: 'c', chunkName: 'C', attributeData: [], mediaData: [] } });

    await drainOutbox(drainDeps(db, transport));

    transport.verify();
    expect(jsonBody(transport.requests[0])).toEqual({ attributes, madeAt: 900_000, offline: false });
    expect(await listOutbox(db)).toEqual([]);
  });

  it('change sets of the previous build and of this one share a batch, each in its own version', async () => {
    await db.outbox.put({ ...previousBuildRow('old-batch', 1, 'product:1'), kind: 'product-change', payload: { productId: 1, changes: titleSet } });
    const before = makeProduct({ productId: 2, title: 'Stool' });
    await db.products.put(toCachedProduct(before));
    const after = { ...before, title: 'Stool 2' };
    const fresh = await enqueueProductChange(db, buildChangeSet(before, after, 950_000, false), after, 'anna', 950_000);
    const transport = new StrictTransport().expect('POST', '/api/v1/product/batch', (request) => {
      const items = (jsonBody(request) as { items: { productId: number; key: string }[] }).items;
      return response({ status: 200, body: { items: items.map((item) => ({ key: item.key, status: 200, body: makeProduct({ productId: item.productId, version: 2 }) })) } });
    });

    await drainOutbox(drainDeps(db, transport));

    transport.verify();
    const items = (jsonBody(transport.requests[0]) as { items: { key: string; changes: Record<string, unknown> }[] }).items;
    expect(items.map((item) => [item.key, item.changes.protocol])).toEqual([
      ['old-batch', undefined],
      [fresh?.id, WRITE_PROTOCOL_VERSION],
    ]);
    expect(await listOutbox(db)).toEqual([]);
  });
});

describe('entries this build writes', () => {
  it('carry the protocol version, and their change-set body says it', async () => {
    const before = makeProduct({ productId: 3, title: 'Bench' });
    await db.products.put(toCachedProduct(before));
    const after = { ...before, title: 'Bench 2' };
    const entry = await enqueueProductChange(db, buildChangeSet(before, after, 950_000, false), after, 'anna', 950_000);
    expect((await db.outbox.get(entry?.id ?? ''))?.protocol).toBe(WRITE_PROTOCOL_VERSION);
    const transport = new StrictTransport().expect('PATCH', '/api/v1/product/3', { status: 200, body: { ...after, version: 2 } });

    await drainOutbox(drainDeps(db, transport));

    transport.verify();
    expect(jsonBody(transport.requests[0])).toMatchObject({ fields: { title: { base: 'Bench', value: 'Bench 2' } }, protocol: WRITE_PROTOCOL_VERSION });
  });

  it('a version the server cannot read fails the entry with the server’s reason, which the panel shows', async () => {
    await db.outbox.put({ ...previousBuildRow('too-old', 1, 'product:1'), kind: 'product-change', payload: { productId: 1, changes: titleSet } });
    const transport = new StrictTransport().expect('PATCH', '/api/v1/product/1', { status: 400, body: { message: messages.sync.olderAppChange } });

    const summary = await drainOutbox(drainDeps(db, transport));

    expect(summary.failed).toBe(1);
    const [entry] = await listOutbox(db);
    expect(entry).toMatchObject({ status: 'failed', lastError: 'This change was made by an older version of the app and cannot be sent. Copy what you need and discard it.' });
  });
});
