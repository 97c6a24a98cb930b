import { afterEach, describe, expect, it } from 'vitest';
import { toCachedProduct, type BackofficeDatabase } from '../../src/app/db/database';
import { drainOutbox } from '../../src/app/sync/drainer';
import {
  enqueueBolModelSave,
  enqueueImageDelete,
  enqueueImageUpload,
  enqueueProductSave,
  placeholderPath,
  resolveConflict,
} from '../../src/app/sync/outbox';
import type { Product } from '../../src/shared/contract';
import { SERVER_ANSWER_HEADER } from '../../src/shared/server-answer';
import {
  drainDeps,
  headerOf,
  jsonBody,
  makeProduct,
  openTestDatabase,
  response,
  StrictTransport,
  testDatabaseName,
} from './support/offline-fakes';

let db: BackofficeDatabase;
afterEach(async () => {
  await db.delete();
});

async function seed(...products: Product[]) {
  await db.products.bulkPut(products.map(toCachedProduct));
}

const ok = (product: Product) => ({ status: 200, body: product, headers: { ETag: `"${product.version}"` } });

describe('drainOutbox answer classes', () => {
  it('sends a save with If-Match and its id as Idempotency-Key, then keeps the server copy', async () => {
    db = openTestDatabase();
    await seed(makeProduct({ version: 3 }));
    const mine = makeProduct({ version: 3, title: 'New title' });
    const entry = await enqueueProductSave(db, mine, 3, 'anna');
    expect((await db.products.get(1))?.title).toBe('New title');

    const transport = new StrictTransport().expect('PUT', '/api/v1/product', ok({ ...mine, version: 4 }));
    const summary = await drainOutbox(drainDeps(db, transport));

    transport.verify();
    expect(summary).toEqual({ sent: 1, retried: 0, conflicts: 0, failed: 0, pausedForAuth: false });
    const [request] = transport.requests;
    expect(headerOf(request, 'If-Match')).toBe('"3"');
    expect(headerOf(request, 'Idempotency-Key')).toBe(entry.id);
    expect(headerOf(request, 'Authorization')).toBe('Bearer token-anna');
    expect(jsonBody(request)).toMatchObject({ productId: 1, title: 'New title' });
    expect(jsonBody(request)).not.toHaveProperty('moderationKey');
    expect(await db.outbox.count()).toBe(0);
    expect((await db.products.get(1))?.version).toBe(4);
  });

  it('keeps the change after a network error and retries it after a jittered backoff', async () => {
    db = openTestDatabase();
    const clock = { now: 1_000_000 };
    await enqueueProductSave(db, makeProduct({ title: 'Offline edit' }), 1, 'anna');
    const transport = new StrictTransport().expect('PUT', '/api/v1/product', new Error('ECONNRESET'));

    const first = await drainOutbox(drainDeps(db, transport, { clock, random: () => 0.5 }));
    expect(first).toMatchObject({ sent: 0, retried: 1 });
    const [waiting] = await db.outbox.toArray();
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: 1_000_500 });
    expect(waiting?.lastError).toMatch(/No connection/);

    // Not due yet: nothing is sent (the strict transport expects nothing).
    await drainOutbox(drainDeps(db, transport, { clock }));
    transport.verify();

    clock.now = 1_000_500;
    transport.expect('PUT', '/api/v1/product', ok(makeProduct({ title: 'Offline edit', version: 2 })));
    expect(await drainOutbox(drainDeps(db, transport, { clock }))).toMatchObject({ sent: 1 });
    transport.verify();
    expect(await db.outbox.count()).toBe(0);
  });

  it('counts an answer slower than the timeout as no answer and retries later', async () => {
    db = openTestDatabase();
    await enqueueProductSave(db, makeProduct(), 1, 'anna');
    const transport = new StrictTransport().expect('PUT', '/api/v1/product', () => new Promise(() => undefined));

    const summary = await drainOutbox(drainDeps(db, transport, { timeoutMs: 20 }));

    transport.verify();
    expect(summary).toMatchObject({ sent: 0, retried: 1 });
    const [waiting] = await db.outbox.toArray();
    expect(waiting?.status).toBe('pending');
    expect(waiting?.lastError).toMatch(/No answer within/);
  });

  it('retries a 503 later, with a backoff that grows with the attempts', async () => {
    db = openTestDatabase();
    const clock = { now: 0 };
    await enqueueProductSave(db, makeProduct(), 1, 'anna');
    const transport = new StrictTransport()
      .expect('PUT', '/api/v1/product', { status: 503, body: { message: 'Busy' } })
      .expect('PUT', '/api/v1/product', { status: 503, body: { message: 'Busy' } });
    const deps = drainDeps(db, transport, { clock, random: () => 0.5 });

    await drainOutbox(deps);
    expect((await db.outbox.toArray())[0]?.nextAttemptAt).toBe(500);
    clock.now = 500;
    await drainOutbox(deps);
    expect((await db.outbox.toArray())[0]).toMatchObject({ attempts: 2, nextAttemptAt: 1_500, status: 'pending' });
    transport.verify();
  });

  it("tells what it heard: the server's own 503 (its mark) is an answer, a gateway's is not, no answer is status 0", async () => {
    db = openTestDatabase();
    const clock = { now: 0 };
    await enqueueProductSave(db, makeProduct(), 1, 'anna');
    const transport = new StrictTransport()
      .expect('PUT', '/api/v1/product', { status: 503, body: { message: 'Busy' }, headers: { [SERVER_ANSWER_HEADER]: '1' } })
      .expect('PUT', '/api/v1/product', { status: 503, body: '<html>Service Unavailable</html>' })
      .expect('PUT', '/api/v1/product', new Error('ECONNRESET'));
    const heard: [number, boolean][] = [];
    const deps = { ...drainDeps(db, transport, { clock, random: () => 0 }), heard: (status: number, _sentAt: number, fromServer: boolean) => heard.push([status, fromServer]) };
    for (let round = 0; round < 3; round += 1) {
      await drainOutbox(deps);
      clock.now = (await db.outbox.toArray())[0]?.nextAttemptAt ?? clock.now;
    }
    transport.verify();
    expect(heard).toEqual([
      [503, true],
      [503, false],
      [0, false],
    ]);
  });

  it('waits as long as Retry-After says on a 429', async () => {
    db = openTestDatabase();
    const clock = { now: 10_000 };
    await enqueueProductSave(db, makeProduct(), 1, 'anna');
    const transport = new StrictTransport().expect('PUT', '/api/v1/product', {
      status: 429,
      body: { message: 'Too many requests' },
      headers: { 'Retry-After': '120' },
    });

    expect(await drainOutbox(drainDeps(db, transport, { clock }))).toMatchObject({ retried: 1 });
    transport.verify();
    expect((await db.outbox.toArray())[0]?.nextAttemptAt).toBe(10_000 + 120_000);
  });

  it('stops on 401, keeps everything, and resumes after a new sign-in', async () => {
    db = openTestDatabase();
    const session = { user: 'anna', token: 'expired' };
    await enqueueProductSave(db, makeProduct({ productId: 1 }), 1, 'anna');
    await enqueueProductSave(db, makeProduct({ productId: 2 }), 1, 'anna');
    const transport = new StrictTransport().expect('PUT', '/api/v1/product', { status: 401, body: { message: 'Sign in' } });

    // One at a time, so exactly one request meets the 401 (in parallel each product in flight would).
    const paused = await drainOutbox(drainDeps(db, transport, { session, parallel: 1 }));
    transport.verify();
    expect(paused).toEqual({ sent: 0, retried: 0, conflicts: 0, failed: 0, pausedForAuth: true });
    const kept = await db.outbox.toArray();
    expect(kept.map((entry) => [entry.status, entry.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);

    session.token = 'fresh';
    transport
      .expect('PUT', '/api/v1/product', ok(makeProduct({ productId: 1, version: 2 })))
      .expect('PUT', '/api/v1/product', ok(makeProduct({ productId: 2, version: 2 })));
    expect(await drainOutbox(drainDeps(db, transport, { session }))).toMatchObject({ sent: 2, pausedForAuth: false });
    transport.verify();
    expect(transport.requests.slice(1).map((r) => headerOf(r, 'Authorization'))).toEqual(['Bearer fresh', 'Bearer fresh']);
  });

  it('turns a 412 into a conflict that keeps the server copy and holds back only that product', async () => {
    db = openTestDatabase();
    const theirs = makeProduct({ productId: 1, title: 'Theirs', version: 5 });
    await enqueueProductSave(db, makeProduct({ productId: 1, title: 'Mine', version: 3 }), 3, 'anna');
    await enqueueProductSave(db, makeProduct({ productId: 2, title: 'Other' }), 1, 'anna');
    const transport = new StrictTransport()
      .expect('PUT', '/api/v1/product', { status: 412, body: theirs, headers: { ETag: '"5"' } })
      .expect('PUT', '/api/v1/product', ok(makeProduct({ productId: 2, title: 'Other', version: 2 })));

    const summary = await drainOutbox(drainDeps(db, transport));
    transport.verify();
    expect(summary).toMatchObject({ sent: 1, conflicts: 1 });
    const [conflict] = await db.outbox.toArray();
    expect(conflict).toMatchObject({ status: 'conflict', serverCopy: theirs, baseVersion: 3 });
    expect((await db.products.get(1))?.title).toBe('Mine');

    // A later edit of the conflicting product waits behind the conflict.
    await enqueueProductSave(db, makeProduct({ productId: 1, title: 'Mine again', version: 3 }), 3, 'anna');
    await drainOutbox(drainDeps(db, transport));
    transport.verify();

    // Keep mine: my change goes again, based on the server's version.
    await resolveConflict(db, conflict!.id, 'keep-mine');
    transport
      .expect('PUT', '/api/v1/product', ok(makeProduct({ productId: 1, title: 'Mine', version: 6 })))
      .expect('PUT', '/api/v1/product', ok(makeProduct({ productId: 1, title: 'Mine again', version: 7 })));
    expect(await drainOutbox(drainDeps(db, transport))).toMatchObject({ sent: 2 });
    transport.verify();
    expect(headerOf(transport.requests[2], 'If-Match')).toBe('"5"');
    // The later save was rebased on the version the first one produced.
    expect(headerOf(transport.requests[3], 'If-Match')).toBe('"6"');
    expect((await db.products.get(1))?.title).toBe('Mine again');
  });

  it('take theirs writes the server copy locally and drops my change', async () => {
    db = openTestDatabase();
    const theirs = makeProduct({ title: 'Theirs', version: 5 });
    await enqueueProductSave(db, makeProduct({ title: 'Mine', version: 3 }), 3, 'anna');
    const transport = new StrictTransport().expect('PUT', '/api/v1/product', { status: 412, body: theirs });
    await drainOutbox(drainDeps(db, transport));
    const [conflict] = await db.outbox.toArray();

    await resolveConflict(db, conflict!.id, 'take-theirs');

    expect(await db.outbox.count()).toBe(0);
    expect((await db.products.get(1))?.title).toBe('Theirs');
    transport.verify();
  });

  it('marks a 422 as failed with the server message and still sends other products', async () => {
    db = openTestDatabase();
    await enqueueProductSave(db, makeProduct({ productId: 1 }), 1, 'anna');
    await enqueueProductSave(db, makeProduct({ productId: 2 }), 1, 'anna');
    const transport = new StrictTransport()
      .expect('PUT', '/api/v1/product', { status: 422, body: { message: 'Category 9 does not exist' } })
      .expect('PUT', '/api/v1/product', ok(makeProduct({ productId: 2, version: 2 })));

    expect(await drainOutbox(drainDeps(db, transport))).toMatchObject({ sent: 1, failed: 1 });
    transport.verify();
    const [failed] = await db.outbox.toArray();
    expect(failed).toMatchObject({ status: 'failed', lastError: 'Category 9 does not exist', entityKey: 'product:1' });
  });
});

describe('drainOutbox order and dependencies', () => {
  it('sends the changes of one product in order and rebases a save on the version a delete made', async () => {
    db = openTestDatabase();
    const image = { id: 'img-1', filePath: '/media/a.png', name: '', altImage: '', isMainImage: false };
    await seed(makeProduct({ version: 3, productImages: [image] }));
    await enqueueImageDelete(db, { productId: 1, imageId: 'img-1' }, 'anna');
    await enqueueProductSave(db, makeProduct({ version: 3, title: 'After delete' }), 3, 'anna');
    await enqueueProductSave(db, makeProduct({ productId: 2 }), 1, 'anna');
    const transport = new StrictTransport()
      .expect('DELETE', '/api/v1/image/img-1', { status: 200, body: [], headers: { ETag: '"4"' } })
      .expect('PUT', '/api/v1/product', ok(makeProduct({ title: 'After delete', version: 5 })))
      .expect('PUT', '/api/v1/product', ok(makeProduct({ productId: 2, version: 2 })));

    // One at a time: the strict transport answers in the order it was told (parallel sending: below).
    expect(await drainOutbox(drainDeps(db, transport, { parallel: 1 }))).toMatchObject({ sent: 3 });
    transport.verify();
    expect(headerOf(transport.requests[1], 'If-Match')).toBe('"4"');
  });

  it('holds back the later changes of a product whose first change must wait, not other products', async () => {
    db = openTestDatabase();
    await enqueueImageDelete(db, { productId: 1, imageId: 'img-1' }, 'anna');
    await enqueueProductSave(db, makeProduct({ productId: 1 }), 1, 'anna');
    await enqueueProductSave(db, makeProduct({ productId: 2 }), 1, 'anna');
    const transport = new StrictTransport()
      .expect('DELETE', '/api/v1/image/img-1', { status: 503 })
      .expect('PUT', '/api/v1/product', ok(makeProduct({ productId: 2, version: 2 })));

    expect(await drainOutbox(drainDeps(db, transport))).toMatchObject({ sent: 1, retried: 1 });
    transport.verify();
    expect((await db.outbox.toArray()).map((entry) => entry.kind).sort()).toEqual(['image-delete', 'product-save']);
  });

  it('uploads a picked image before the save that refers to it and puts the real path in the save', async () => {
    db = openTestDatabase();
    const bytes = new Uint8Array([137, 80, 78, 71]).buffer;
    const { entry: upload, filePath } = await enqueueImageUpload(db, { productId: 1, bytes, name: 'shoe.png', type: 'image/png' }, 'anna');
    expect(filePath).toBe(placeholderPath(upload.id));
    const withImage = makeProduct({ productImages: [{ id: 'new-img', filePath, name: '', altImage: '', isMainImage: false }] });
    await enqueueProductSave(db, withImage, 1, 'anna');

    const transport = new StrictTransport()
      .expect('POST', '/api/v1/media/save/image', async (request) => {
        const file = (request.body as FormData).get('multipartFile') as File;
        expect(file.name).toBe('shoe.png');
        expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71]));
        expect(headerOf(request, 'Idempotency-Key')).toBe(upload.id);
        return response({ status: 200, body: '/media/ab/abc.png' });
      })
      .expect('PUT', '/api/v1/product', (request) => {
        const sent = jsonBody(request) as Product;
        expect(sent.productImages[0]?.filePath).toBe('/media/ab/abc.png');
        return response(ok({ ...sent, version: 2 }));
      });

    expect(await drainOutbox(drainDeps(db, transport))).toMatchObject({ sent: 2 });
    transport.verify();
    expect(await db.files.count()).toBe(0);
    expect((await db.products.get(1))?.productImages[0]?.filePath).toBe('/media/ab/abc.png');
  });
});

describe('drainOutbox safety', () => {
  it('re-sends an upload whose answer was lost with the same Idempotency-Key, stored once', async () => {
    db = openTestDatabase();
    const clock = { now: 0 };
    const stored = new Map<string, string>();
    await enqueueImageUpload(db, { productId: 1, bytes: new ArrayBuffer(4), name: 'a.png', type: 'image/png' }, 'anna');
    const transport = new StrictTransport()
      .expect('POST', '/api/v1/media/save/image', (request) => {
        stored.set(headerOf(request, 'Idempotency-Key')!, '/media/x.png');
        throw new Error('socket hang up'); // committed, but the answer never arrives
      })
      .expect('POST', '/api/v1/media/save/image', (request) => {
        const replay = stored.get(headerOf(request, 'Idempotency-Key')!);
        expect(replay).toBeDefined();
        return response({ status: 200, body: replay, headers: { 'Idempotent-Replayed': 'true' } });
      });

    expect(await drainOutbox(drainDeps(db, transport, { clock }))).toMatchObject({ retried: 1 });
    clock.now = 60_000;
    expect(await drainOutbox(drainDeps(db, transport, { clock }))).toMatchObject({ sent: 1 });
    transport.verify();
    expect(stored.size).toBe(1);
    expect(headerOf(transport.requests[0], 'Idempotency-Key')).toBe(headerOf(transport.requests[1], 'Idempotency-Key'));
  });

  it('takes the 412 of a re-sent save as done when the server already holds exactly that change', async () => {
    db = openTestDatabase();
    const clock = { now: 0 };
    const mine = makeProduct({ title: 'Saved once', version: 3 });
    await enqueueProductSave(db, mine, 3, 'anna');
    const transport = new StrictTransport()
      .expect('PUT', '/api/v1/product', new Error('connection reset after commit'))
      .expect('PUT', '/api/v1/product', { status: 412, body: { ...mine, version: 4 }, headers: { ETag: '"4"' } });

    await drainOutbox(drainDeps(db, transport, { clock }));
    clock.now = 60_000;
    expect(await drainOutbox(drainDeps(db, transport, { clock }))).toMatchObject({ sent: 1, conflicts: 0 });
    transport.verify();
    expect(await db.outbox.count()).toBe(0);
    expect((await db.products.get(1))?.version).toBe(4);
  });

  it("sends only the signed-in person's changes, each under its author's own token", async () => {
    db = openTestDatabase();
    const session = { user: 'bob', token: 'token-bob' };
    await enqueueProductSave(db, makeProduct({ productId: 1 }), 1, 'anna');
    await enqueueProductSave(db, makeProduct({ productId: 2 }), 1, 'bob');
    const transport = new StrictTransport().expect('PUT', '/api/v1/product', ok(makeProduct({ productId: 2, version: 2 })));

    expect(await drainOutbox(drainDeps(db, transport, { session }))).toMatchObject({ sent: 1 });
    transport.verify();
    expect(jsonBody(transport.requests[0])).toMatchObject({ productId: 2 });
    expect((await db.outbox.toArray())[0]).toMatchObject({ author: 'anna', status: 'pending', attempts: 0 });

    session.user = 'anna';
    session.token = 'token-anna';
    transport.expect('PUT', '/api/v1/product', ok(makeProduct({ productId: 1, version: 2 })));
    await drainOutbox(drainDeps(db, transport, { session }));
    transport.verify();
    expect(headerOf(transport.requests[1], 'Authorization')).toBe('Bearer token-anna');
  });

  it('sends again, with the same key, an entry left sending when the page reloaded', async () => {
    const name = testDatabaseName();
    db = openTestDatabase(name);
    const entry = await enqueueProductSave(db, makeProduct(), 1, 'anna');
    await db.outbox.update(entry.id, { status: 'sending', attempts: 1 });
    db.close();

    db = openTestDatabase(name); // the reload
    const transport = new StrictTransport().expect('PUT', '/api/v1/product', ok(makeProduct({ version: 2 })));
    expect(await drainOutbox(drainDeps(db, transport))).toMatchObject({ sent: 1 });
    transport.verify();
    expect(headerOf(transport.requests[0], 'Idempotency-Key')).toBe(entry.id);
  });

  it('runs drains one at a time through the lock', async () => {
    db = openTestDatabase();
    await enqueueProductSave(db, makeProduct(), 1, 'anna');
    const names: string[] = [];
    const transport = new StrictTransport().expect('PUT', '/api/v1/product', ok(makeProduct({ version: 2 })));
    const deps = {
      ...drainDeps(db, transport),
      lock: <T,>(name: string, fn: () => Promise<T>) => {
        names.push(name);
        return fn();
      },
    };
    await drainOutbox(deps);
    expect(names).toEqual([`outbox-drain:${db.name}`]);
    transport.verify();
  });
});

describe('Bol-model saves', () => {
  it("build on the author's own previous save instead of conflicting with it", async () => {
    db = openTestDatabase();
    const opened = { productId: 7, version: 2, attributeData: [] };
    await enqueueBolModelSave(db, { ...opened, note: 'first' }, 2, 'anna');
    const transport = new StrictTransport().expect('POST', '/api/v1/bol/data/model/product', {
      status: 200,
      body: { ...opened, note: 'first', version: 3 },
      headers: { ETag: '"3"' },
    });
    await drainOutbox(drainDeps(db, transport));
    // Saved again from the form opened on version 2: it builds on 3, its own save's result.
    await enqueueBolModelSave(db, { ...opened, note: 'second' }, 2, 'anna');
    transport.expect('POST', '/api/v1/bol/data/model/product', { status: 200, body: { ...opened, note: 'second', version: 4 }, headers: { ETag: '"4"' } });
    expect(await drainOutbox(drainDeps(db, transport))).toMatchObject({ sent: 1, conflicts: 0 });
    transport.verify();
    expect(headerOf(transport.requests[1], 'If-Match')).toBe('"3"');
    // Someone else's author history is not followed.
    await enqueueBolModelSave(db, { ...opened, note: 'bert' }, 2, 'bert');
    expect((await db.outbox.toArray())[0]?.baseVersion).toBe(2);
  });
});

