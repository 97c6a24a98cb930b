/** Change sets in the outbox (docs/offline.md "Change sets"), on fake IndexedDB. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyChangeSet, buildChangeSet, composeChangeSets, settleConflicts, type ChangeSetConflict, type ProductChangeSet } from '../../src/shared/change-set';
import type { Product } from '../../src/shared/contract';
import { toCachedProduct, type BackofficeDatabase } from '../../src/app/db/database';
import { drainOutbox, LAST_SYNC_META_KEY, type OutboxRequest } from '../../src/app/sync/drainer';
import { enqueueImageUpload, enqueueProductChange, listOutbox, resolveConflict, settleConflict } from '../../src/app/sync/outbox';
import { placeholderPath } from '../../src/app/db/outbox-entry';
import { drainDeps, jsonBody, headerOf, makeProduct, openTestDatabase, response, StrictTransport } from './support/offline-fakes';
import { mergeChangeSet } from '../../src/shared/change-set-merge';

let db: BackofficeDatabase;
beforeEach(() => {
  db = openTestDatabase();
});
afterEach(async () => {
  await db.delete();
});

const base = makeProduct({ title: 'Chair', deliveryCode: '1-2d', color: 'Red', version: 3 });
const edit = (before: Product, changes: Partial<Product>, at = 1): { set: ProductChangeSet; after: Product } => {
  const after = { ...before, ...changes };
  return { set: buildChangeSet(before, after, at, true), after };
};

describe('building change sets', () => {
  it('carries only the changed fields, each with its base', () => {
    const { set } = edit(base, { title: 'Chair XL', color: 'Red' });
    expect(set.fields).toEqual({ title: { base: 'Chair', value: 'Chair XL' } });
    expect(set.images).toEqual({ added: [], deleted: [], edited: [] });
  });

  it('carries image additions, deletions, alt text edits, order and main image', () => {
    const img = (id: string, extra: Partial<Product['productImages'][number]> = {}) => ({ id, filePath: `/media/${id}.png`, name: '', altImage: '', isMainImage: false, ...extra });
    const before = { ...base, productImages: [img('a', { isMainImage: true }), img('b'), img('c')] };
    const after = { ...base, productImages: [img('c'), img('b', { altImage: 'side', isMainImage: true }), img('n')] };
    const set = buildChangeSet(before, after, 1, false);
    expect(set.images).toEqual({
      added: [img('n')],
      deleted: ['a'],
      // A delete carries the image as the person saw it (its base).
      deletedBase: [{ id: 'a', filePath: '/media/a.png', name: '', altImage: '', isMainImage: true, order: ['a', 'b', 'c'] }],
      edited: [{ id: 'b', altImage: { base: '', value: 'side' } }],
      order: { base: ['b', 'c'], value: ['c', 'b', 'n'] },
      main: { base: 'a', value: 'b' },
    });
  });
});

describe('composing consecutive edits', () => {
  it('keeps the first base and the last value; an edit back to the base drops the field', () => {
    const one = edit(base, { title: 'Chair 2', color: 'Blue' });
    const two = edit(one.after, { title: 'Chair 3', color: 'Red' });
    const composed = composeChangeSets(one.set, two.set);
    expect(composed.fields).toEqual({ title: { base: 'Chair', value: 'Chair 3' } });
  });

  it('after an attempt that may have reached the server, a field back at its base stays, to write the base back', () => {
    const one = edit(base, { color: 'Blue' });
    const two = edit(one.after, { color: 'Red' });
    expect(composeChangeSets(one.set, two.set, true).fields).toEqual({ color: { base: 'Red', value: 'Red', via: ['Blue'] } });
  });

  it('after an attempt that may have reached the server, a field the next edit leaves alone still names its value in via, so a later merge keeps it', () => {
    const one = edit(base, { title: 'Chair 2', color: 'Blue' });
    const two = edit(one.after, { title: 'Chair 3' });
    const afterLostAnswer = composeChangeSets(one.set, two.set, true);
    expect(afterLostAnswer.fields.color).toEqual({ base: 'Red', value: 'Blue', via: ['Blue'] });
    // The merged set was never sent: the next edit merges with firstMayBeApplied false.
    const three = edit(two.after, { color: 'Green' });
    const composed = composeChangeSets(afterLostAnswer, three.set);
    expect(composed.fields.color).toEqual({ base: 'Red', value: 'Green', via: ['Blue'] });
    // The server holds my own first attempt's values: no conflict.
    const server = { ...base, title: 'Chair 2', color: 'Blue' };
    expect(mergeChangeSet(server, composed)).toMatchObject({ conflicts: [], writes: { title: 'Chair 3', color: 'Green' } });
  });

  it('the same for image edits, the image order and the main image', () => {
    const img = (id: string, extra: Partial<Product['productImages'][number]> = {}) => ({ id, filePath: `/media/${id}.png`, name: '', altImage: '', isMainImage: false, ...extra });
    const start = { ...base, productImages: [img('a', { isMainImage: true }), img('b')] };
    const one = edit(start, { productImages: [img('b', { altImage: 'side', isMainImage: true }), img('a')] });
    const two = edit(one.after, { title: 'Chair 2' });
    const three = edit(two.after, { productImages: [img('a', { isMainImage: true }), img('b', { altImage: 'front' })] });
    const composed = composeChangeSets(composeChangeSets(one.set, two.set, true), three.set);
    const server = { ...start, productImages: [img('b', { altImage: 'side', isMainImage: true }), img('a')] };
    const merged = mergeChangeSet(server, composed);
    expect(merged.conflicts).toEqual([]);
    expect(merged.images).toMatchObject({ edits: [{ id: 'b', altImage: 'front' }], order: ['a', 'b'], main: 'a' });
  });

  it('an image added and removed before anything was sent never goes', () => {
    const img = { id: 'n', filePath: '/media/n.png', name: '', altImage: '', isMainImage: false };
    const one = edit(base, { productImages: [img] });
    const two = edit(one.after, { productImages: [] });
    const composed = composeChangeSets(one.set, two.set);
    expect([composed.images.added, composed.images.deleted]).toEqual([[], []]);
  });

  describe('an image added by an attempt that may have reached the server (answer lost)', () => {
    const img = { id: 'n', filePath: '/media/n.png', name: 'n.png', altImage: '', isMainImage: false };
    const withImage = { ...base, productImages: [img] };
    const one = edit(base, { productImages: [img] });

    it('then deleted: the merged set deletes it and no longer adds it, so the server ends without it either way', () => {
      const two = edit(one.after, { productImages: [] });
      const composed = composeChangeSets(one.set, two.set, true);
      expect([composed.images.added, composed.images.deleted, composed.images.mayExist]).toEqual([[], ['n'], undefined]);
      // The attempt landed: the image is deleted. It never arrived: nothing to insert, nothing to delete.
      expect(mergeChangeSet(withImage, composed)).toMatchObject({ conflicts: [], images: { deletes: ['n'], inserts: [] } });
      expect(mergeChangeSet(base, composed)).toMatchObject({ conflicts: [], images: { deletes: [], inserts: [] } });
    });

    it('then another edit merged in (a new set, never tried), then deleted: the delete stays', () => {
      const two = edit(one.after, { title: 'Chair 2' });
      const afterLostAnswer = composeChangeSets(one.set, two.set, true);
      expect(afterLostAnswer.images).toMatchObject({ added: [img], mayExist: ['n'] });
      const three = edit(two.after, { productImages: [] });
      const composed = composeChangeSets(afterLostAnswer, three.set);
      expect([composed.images.added, composed.images.deleted]).toEqual([[], ['n']]);
      expect(mergeChangeSet({ ...withImage, title: 'Chair' }, composed)).toMatchObject({ conflicts: [], writes: { title: 'Chair 2' }, images: { deletes: ['n'], inserts: [] } });
      expect(mergeChangeSet(base, composed)).toMatchObject({ conflicts: [], writes: { title: 'Chair 2' }, images: { deletes: [], inserts: [] } });
    });

    it('then its alt text edited: the edit goes into the added copy and to the copy the server may have', () => {
      const two = edit(one.after, { title: 'Chair 2' });
      const afterLostAnswer = composeChangeSets(one.set, two.set, true);
      const three = edit(two.after, { productImages: [{ ...img, altImage: 'front' }] });
      const composed = composeChangeSets(afterLostAnswer, three.set);
      expect(composed.images).toMatchObject({ added: [{ ...img, altImage: 'front' }], edited: [{ id: 'n', altImage: { base: '', value: 'front' } }], mayExist: ['n'] });
      expect(composed.images.edited[0]?.name).toBeUndefined();
      expect(mergeChangeSet(withImage, composed)).toMatchObject({ conflicts: [], images: { inserts: [], edits: [{ id: 'n', altImage: 'front' }] } });
      expect(mergeChangeSet(base, composed)).toMatchObject({ conflicts: [], images: { inserts: [{ id: 'n', altImage: 'front' }], edits: [] } });
    });

    it('an image added and deleted within one set (queued before this rule) is not inserted by the server, nor shown on the device', () => {
      const set: ProductChangeSet = { fields: {}, images: { added: [img], deleted: ['n'], edited: [] }, madeAt: 1, offline: false };
      expect(mergeChangeSet(base, set).images).toMatchObject({ inserts: [], deletes: [] });
      expect(applyChangeSet(base, set).productImages).toEqual([]);
    });
  });
});

describe('the outbox', () => {
  it('merges consecutive offline edits of one product into one change set and shows the last locally', async () => {
    await db.products.put(toCachedProduct(base));
    const one = edit(base, { title: 'Chair 2' });
    const first = await enqueueProductChange(db, one.set, one.after, 'anna');
    const two = edit(one.after, { deliveryCode: '2-3d' });
    const second = await enqueueProductChange(db, two.set, two.after, 'anna');
    const entries = await listOutbox(db);
    expect(entries).toHaveLength(1);
    expect(second?.id).toBe(first?.id);
    expect(entries[0]).toMatchObject({
      kind: 'product-change',
      payload: { changes: { fields: { title: { base: 'Chair', value: 'Chair 2' }, deliveryCode: { base: '1-2d', value: '2-3d' } } } },
    });
    expect((await db.products.get(1))?.deliveryCode).toBe('2-3d');
  });

  it('an edit that undoes everything leaves nothing to send', async () => {
    const one = edit(base, { title: 'Chair 2' });
    await enqueueProductChange(db, one.set, one.after, 'anna');
    const two = edit(one.after, { title: 'Chair' });
    expect(await enqueueProductChange(db, two.set, two.after, 'anna')).toBeNull();
    expect(await listOutbox(db)).toEqual([]);
  });

  it('does not merge with another author, and a tried entry merges under a new key', async () => {
    const one = edit(base, { title: 'Chair 2' });
    const tried = await enqueueProductChange(db, one.set, one.after, 'anna');
    await db.outbox.update(tried!.id, { attempts: 1, lastError: 'No connection: offline' });
    const two = edit(one.after, { color: 'Blue' });
    const merged = await enqueueProductChange(db, two.set, two.after, 'anna');
    expect(merged?.id).not.toBe(tried?.id);
    const three = edit(two.after, { sku: 'X' });
    await enqueueProductChange(db, three.set, three.after, 'bob');
    const entries = await listOutbox(db);
    expect(entries.map((entry) => [entry.author, entry.kind === 'product-change' ? Object.keys(entry.payload.changes.fields) : []])).toEqual([
      ['anna', ['title', 'color']],
      ['bob', ['sku']],
    ]);
  });

  it('an edit merged after a lost answer, then another edit of a field it left alone: my own earlier write is no conflict', async () => {
    await db.products.put(toCachedProduct(base));
    // The server as PATCH /product/{id} keeps it (its merge rules), starting from the base.
    let server: Product = { ...base };
    const patchServer = (request: OutboxRequest) => {
      const set = jsonBody(request) as ProductChangeSet;
      const merged = mergeChangeSet(server, set);
      if (merged.conflicts.length > 0) return response({ status: 409, body: { message: 'conflict', product: server, conflicts: merged.conflicts } });
      server = { ...server, ...merged.writes, version: server.version + 1 };
      return response({ status: 200, body: server });
    };
    const one = edit(base, { title: 'Chair 2', color: 'Blue' });
    await enqueueProductChange(db, one.set, one.after, 'anna');
    // The server writes it, and its answer is lost on the way back.
    const lost = new StrictTransport().expect('PATCH', '/api/v1/product/1', (request) => {
      patchServer(request);
      throw new Error('read ECONNRESET (after the server answered)');
    });
    expect((await drainOutbox(drainDeps(db, lost))).retried).toBe(1);
    lost.verify();
    // Two more edits before the next drain: the first leaves the colour alone, the second changes it.
    const two = edit(one.after, { title: 'Chair 3' });
    await enqueueProductChange(db, two.set, two.after, 'anna');
    const three = edit(two.after, { color: 'Green' });
    await enqueueProductChange(db, three.set, three.after, 'anna');
    const transport = new StrictTransport().expect('PATCH', '/api/v1/product/1', patchServer);
    const summary = await drainOutbox(drainDeps(db, transport, { clock: { now: 10_000_000 } }));
    transport.verify();
    expect(summary).toMatchObject({ sent: 1, conflicts: 0 });
    expect([server.title, server.color]).toEqual(['Chair 3', 'Green']);
    expect(await listOutbox(db)).toEqual([]);
  });

  it('sends PATCH with the change set and no If-Match; the answer becomes the local copy', async () => {
    const one = edit(base, { title: 'Chair 2' });
    await enqueueProductChange(db, one.set, one.after, 'anna');
    const server = { ...one.after, color: 'Green', version: 5 };
    const transport = new StrictTransport().expect('PATCH', '/api/v1/product/1', { status: 200, body: server });
    const summary = await drainOutbox(drainDeps(db, transport));
    transport.verify();
    expect(summary.sent).toBe(1);
    expect(headerOf(transport.requests[0], 'If-Match')).toBeUndefined();
    expect(jsonBody(transport.requests[0])).toMatchObject({ fields: { title: { base: 'Chair', value: 'Chair 2' } }, offline: true });
    expect((await db.products.get(1))?.color).toBe('Green');
    expect(await listOutbox(db)).toEqual([]);
  });

  it('sends an upload before the change set that adds its image, with the uploaded path', async () => {
    const { entry, filePath } = await enqueueImageUpload(db, { productId: 1, bytes: new ArrayBuffer(4), name: 'a.png', type: 'image/png' }, 'anna');
    expect(filePath).toBe(placeholderPath(entry.id));
    const image = { id: '11111111-1111-4111-8111-111111111111', filePath, name: '', altImage: '', isMainImage: false };
    const one = edit(base, { productImages: [image] });
    await enqueueProductChange(db, one.set, one.after, 'anna');
    const transport = new StrictTransport()
      .expect('POST', '/api/v1/media/save/image', { status: 200, body: '/media/ab/abc.png' })
      .expect('PATCH', '/api/v1/product/1', { status: 200, body: { ...one.after, version: 4 } });
    await drainOutbox(drainDeps(db, transport));
    transport.verify();
    expect(jsonBody(transport.requests[1])).toMatchObject({ images: { added: [{ id: image.id, filePath: '/media/ab/abc.png' }] } });
  });

  describe('a conflict', () => {
    async function conflicted(): Promise<{ id: string; answer: ChangeSetConflict }> {
      const one = edit(base, { title: 'Mine', color: 'Blue' });
      const entry = await enqueueProductChange(db, one.set, one.after, 'anna');
      const theirs = { ...base, title: 'Theirs', deliveryCode: '3-5d', version: 6 };
      const answer: ChangeSetConflict = {
        message: 'conflict',
        product: theirs,
        conflicts: [{ field: 'title', label: 'Title', base: 'Chair', mine: 'Mine', theirs: 'Theirs', changedBy: 'bob', changedAt: '2025-06-01T12:00:00.000Z' }],
      };
      const transport = new StrictTransport().expect('PATCH', '/api/v1/product/1', { status: 409, body: answer });
      const summary = await drainOutbox(drainDeps(db, transport));
      expect(summary.conflicts).toBe(1);
      return { id: entry!.id, answer };
    }

    it("'keep mine' on a field sends that field over theirs and the other fields as they were; the local copy shows both at once", async () => {
      const { id } = await conflicted();
      await settleConflict(db, id, { title: 'mine' });
      const [entry] = await listOutbox(db);
      expect(entry).toMatchObject({ status: 'pending', payload: { changes: { fields: { title: { base: 'Theirs', value: 'Mine' }, color: { base: 'Red', value: 'Blue' } } } } });
      const local = await db.products.get(1);
      expect([local?.title, local?.color, local?.deliveryCode]).toEqual(['Mine', 'Blue', '3-5d']);
    });

    it("'take theirs' drops my field; the local copy is theirs plus my other fields", async () => {
      const { id } = await conflicted();
      await settleConflict(db, id, { title: 'theirs' });
      const [entry] = await listOutbox(db);
      expect(entry?.kind === 'product-change' && entry.payload.changes.fields).toEqual({ color: { base: 'Red', value: 'Blue' } });
      const local = await db.products.get(1);
      expect([local?.title, local?.color]).toEqual(['Theirs', 'Blue']);
    });

    it("'take all theirs' on a set with only conflicting fields leaves nothing waiting", async () => {
      const one = edit(base, { title: 'Mine' });
      const entry = await enqueueProductChange(db, one.set, one.after, 'anna');
      const answer: ChangeSetConflict = {
        message: 'conflict',
        product: { ...base, title: 'Theirs', version: 6 },
        conflicts: [{ field: 'title', label: 'Title', base: 'Chair', mine: 'Mine', theirs: 'Theirs', changedBy: null, changedAt: null }],
      };
      await drainOutbox(drainDeps(db, new StrictTransport().expect('PATCH', '/api/v1/product/1', { status: 409, body: answer })));
      await resolveConflict(db, entry!.id, 'take-theirs');
      expect(await listOutbox(db)).toEqual([]);
      expect((await db.products.get(1))?.title).toBe('Theirs');
    });
  });
});

describe('a conflict answer whose other fields the server wrote (docs/offline.md "Conflicts")', () => {
  /** My set (title and colour) met their title: the server wrote my colour and answers the title. */
  async function partlyWritten(): Promise<{ id: string; answer: ChangeSetConflict }> {
    const one = edit(base, { title: 'Mine', color: 'Blue', sku: 'SKU-9' });
    const entry = await enqueueProductChange(db, one.set, one.after, 'anna');
    const answer: ChangeSetConflict = {
      message: 'Your other changes were saved',
      product: { ...base, title: 'Theirs', color: 'Blue', sku: 'SKU-9', deliveryCode: '3-5d', version: 7 },
      conflicts: [{ field: 'title', label: 'Title', base: 'Chair', mine: 'Mine', theirs: 'Theirs', changedBy: 'bob', changedAt: null }],
      written: ['color', 'sku'],
    };
    const summary = await drainOutbox(drainDeps(db, new StrictTransport().expect('PATCH', '/api/v1/product/1', { status: 409, body: answer })));
    expect(summary.conflicts).toBe(1);
    return { id: entry!.id, answer };
  }

  it('keeps only the conflicting field waiting; the device shows the server copy with my waiting title on top', async () => {
    const { id } = await partlyWritten();
    const [entry] = await listOutbox(db);
    expect(entry).toMatchObject({ id, status: 'conflict' });
    expect(entry?.kind === 'product-change' && entry.payload.changes.fields).toEqual({ title: { base: 'Chair', value: 'Mine' } });
    const local = await db.products.get(1);
    expect([local?.title, local?.color, local?.sku, local?.deliveryCode, local?.version]).toEqual(['Mine', 'Blue', 'SKU-9', '3-5d', 7]);
    // Part of the change reached the server: the panel's "last sync" says so.
    expect(typeof (await db.meta.get(LAST_SYNC_META_KEY))?.value).toBe('number');
  });

  it("'keep mine' sends only that field, over theirs", async () => {
    const { id } = await partlyWritten();
    await settleConflict(db, id, { title: 'mine' });
    const transport = new StrictTransport().expect('PATCH', '/api/v1/product/1', { status: 200, body: { ...base, title: 'Mine', color: 'Blue', sku: 'SKU-9', version: 8 } });
    await drainOutbox(drainDeps(db, transport, { clock: { now: 10_000_000 } }));
    transport.verify();
    expect((jsonBody(transport.requests[0]) as ProductChangeSet).fields).toEqual({ title: { base: 'Theirs', value: 'Mine' } });
    expect(await listOutbox(db)).toEqual([]);
  });

  it("'take theirs' leaves nothing waiting; the device shows the server's copy, my written fields included", async () => {
    const { id } = await partlyWritten();
    await resolveConflict(db, id, 'take-theirs');
    expect(await listOutbox(db)).toEqual([]);
    const local = await db.products.get(1);
    expect([local?.title, local?.color, local?.sku]).toEqual(['Theirs', 'Blue', 'SKU-9']);
  });

  it('a later edit of mine waiting behind the conflict stays on top of the device copy', async () => {
    const one = edit(base, { title: 'Mine', color: 'Blue' });
    await enqueueProductChange(db, one.set, one.after, 'anna');
    const answer: ChangeSetConflict = {
      message: 'saved the rest',
      product: { ...base, title: 'Theirs', color: 'Blue', version: 7 },
      conflicts: [{ field: 'title', label: 'Title', base: 'Chair', mine: 'Mine', theirs: 'Theirs', changedBy: null, changedAt: null }],
      written: ['color'],
    };
    const transport = new StrictTransport().expect('PATCH', '/api/v1/product/1', async () => {
      // Typed and queued while the first set was on its way.
      const two = edit(one.after, { deliveryCode: '9-9d' });
      await enqueueProductChange(db, two.set, two.after, 'anna');
      return response({ status: 409, body: answer });
    });
    await drainOutbox(drainDeps(db, transport));
    const local = await db.products.get(1);
    expect([local?.title, local?.color, local?.deliveryCode]).toEqual(['Mine', 'Blue', '9-9d']);
  });
});

describe('applying and settling (pure)', () => {
  it('applies a set over another version without touching fields it does not carry', () => {
    const { set } = edit(base, { title: 'Mine' });
    const theirs = { ...base, deliveryCode: '3-5d' };
    expect(applyChangeSet(theirs, set)).toMatchObject({ title: 'Mine', deliveryCode: '3-5d' });
  });

  it('settles image conflicts per key', () => {
    const set: ProductChangeSet = { fields: {}, images: { added: [], deleted: [], edited: [{ id: 'a', altImage: { base: '', value: 'x' } }], order: { base: ['a', 'b'], value: ['b', 'a'] } }, madeAt: 1, offline: false };
    const settled = settleConflicts(set, [
      { field: 'image:a:altImage', label: '', base: '', mine: 'x', theirs: 'y', changedBy: null, changedAt: null },
      { field: 'images.order', label: '', base: ['a', 'b'], mine: ['b', 'a'], theirs: ['a', 'c', 'b'], changedBy: null, changedAt: null },
    ], { 'image:a:altImage': 'theirs', 'images.order': 'mine' });
    expect(settled.images).toEqual({ added: [], deleted: [], edited: [], order: { base: ['a', 'c', 'b'], value: ['b', 'a'] } });
  });
});
