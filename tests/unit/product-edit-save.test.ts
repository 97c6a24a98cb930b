import { afterEach, describe, expect, it } from 'vitest';
import { toCachedProduct, type BackofficeDatabase } from '../../src/app/db/database';
import { listOutbox, type OutboxEntry } from '../../src/app/sync/outbox';
import { queueProductSave, saveOutcome, type Submitted as QueuedSave } from '../../src/app/sync/submit';
import { loadProductForEdit, productIdFromRoute, deviceCopyNote, type ProductLoadDeps, type ProductLoadState } from '../../src/app/features/product-edit/load-product';
import { copyToClipboard } from '../../src/app/features/product-edit/clipboard';
import { makeProduct, openTestDatabase } from './support/offline-fakes';

let db: BackofficeDatabase | undefined;
afterEach(async () => {
  db?.close();
  db = undefined;
});

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], name, { type: 'image/png' });

describe('queueProductSave', () => {
  it('queues one upload per picked file before the save, appends the new images and shows the product locally', async () => {
    db = openTestDatabase();
    const product = makeProduct({ productId: 5, version: 3, productImages: [{ id: 'old', filePath: '/media/old.png', name: '', altImage: '', isMainImage: true }] });
    await db.products.put(toCachedProduct(product));
    const queued = await queueProductSave(db, { ...product, title: 'New title' }, [{ id: 'n1', file: png('a.png') }, { id: 'n2', file: png('b.png') }], 'admin');

    const entries = await listOutbox(db);
    expect(entries.map((entry) => entry.kind)).toEqual(['image-upload', 'image-upload', 'product-save']);
    const save = entries[2]!;
    expect(save.id).toBe(queued.saveId);
    expect(save.baseVersion).toBe(3);
    expect(save.dependsOn).toEqual(queued.uploadIds);
    expect(queued.product.productImages.map((image) => image.id)).toEqual(['old', 'n1', 'n2']);
    expect(queued.product.productImages.slice(1).every((image) => image.filePath.startsWith('outbox-file:') && image.name === '' && !image.isMainImage)).toBe(true);
    expect((await db.products.get(5))?.title).toBe('New title');
    expect(await db.files.count()).toBe(2);
  });
});

function entry(overrides: Partial<OutboxEntry> & { id: string }): OutboxEntry {
  return {
    kind: 'product-save',
    entityKey: 'product:1',
    seq: 1,
    baseVersion: 1,
    author: 'admin',
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    lastAttemptAt: null,
    lastError: null,
    createdAt: 0,
    updatedAt: 0,
    payload: { product: makeProduct() },
    ...overrides,
  } as OutboxEntry;
}

describe('saveOutcome', () => {
  const watched: QueuedSave = { saveId: 's', uploadIds: ['u1'] };
  const map = (...entries: OutboxEntry[]) => new Map(entries.map((e) => [e.id, e]));

  it('is sent once the save left the outbox', () => {
    expect(saveOutcome(watched, map(), true)).toEqual({ kind: 'sent' });
  });
  it('waits while the save is on its way', () => {
    expect(saveOutcome(watched, map(entry({ id: 's' }), entry({ id: 'u1', kind: 'image-upload' } as Partial<OutboxEntry> & { id: string })), true)).toBeNull();
  });
  it('is queued offline, or when a try ended in a retry', () => {
    expect(saveOutcome(watched, map(entry({ id: 's' })), false)).toEqual({ kind: 'queued' });
    expect(saveOutcome(watched, map(entry({ id: 's', attempts: 1, lastError: 'No connection' })), true)).toEqual({ kind: 'queued' });
  });
  it('reports a refused upload first, then failures and conflicts of the save', () => {
    expect(saveOutcome(watched, map(entry({ id: 's' }), entry({ id: 'u1', status: 'failed', lastError: 'The image is larger than 10 MB' })), true)).toEqual({
      kind: 'upload-failed',
      message: 'The image is larger than 10 MB',
      uploadId: 'u1',
    });
    expect(saveOutcome(watched, map(entry({ id: 's', status: 'failed', lastError: 'Bad EAN' })), true)).toEqual({ kind: 'failed', message: 'Bad EAN' });
    expect(saveOutcome(watched, map(entry({ id: 's', status: 'conflict', serverCopy: { productId: 1 } })), true)).toEqual({
      kind: 'conflict',
      entryId: 's',
      serverCopy: { productId: 1 },
    });
  });
});

describe('loadProductForEdit', () => {
  const device = makeProduct({ productId: 9, title: 'On device' });
  const server = makeProduct({ productId: 9, title: 'On server', version: 2 });
  const deps = (overrides: Partial<ProductLoadDeps> = {}): ProductLoadDeps & { kept: string[] } => {
    const kept: string[] = [];
    return {
      kept,
      online: () => true,
      fetchProduct: () => Promise.resolve(server),
      readDeviceCopy: () => Promise.resolve({ product: device, fetchedAt: 1_000 }),
      keepDeviceCopy: (product) => {
        kept.push(product.title);
        return Promise.resolve();
      },
      hasWaitingChange: () => Promise.resolve(false),
      ...overrides,
    };
  };
  const run = async (d: ProductLoadDeps) => {
    const shown: ProductLoadState[] = [];
    await loadProductForEdit(9, d, (state) => shown.push(state));
    return shown;
  };
  const titles = (shown: ProductLoadState[]) => shown.map((s) => (s.status === 'ready' ? `${s.product.title}/${s.source.kind === 'network' ? 'network' : s.source.reason}` : s.status));

  it('shows the device copy at once, then the server copy, and keeps it', async () => {
    const d = deps();
    expect(titles(await run(d))).toEqual(['On device/loading', 'On server/network']);
    expect(d.kept).toEqual(['On server']);
  });
  it('offline: the device copy, marked', async () => {
    expect(titles(await run(deps({ online: () => false })))).toEqual(['On device/loading', 'On device/offline']);
  });
  it('no answer: the device copy stays; a real error answer wins', async () => {
    const noAnswer = Object.assign(new Error('No connection to the server'), { status: 0 });
    expect(titles(await run(deps({ fetchProduct: () => Promise.reject(noAnswer) })))).toEqual(['On device/loading', 'On device/unreachable']);
    const gone = Object.assign(new Error('Product 9 does not exist'), { status: 404 });
    const shown = await run(deps({ fetchProduct: () => Promise.reject(gone) }));
    expect(shown.at(-1)).toEqual({ status: 'error', message: 'Product 9 does not exist' });
  });
  it('a waiting change keeps the device copy over the older server copy', async () => {
    const d = deps({ hasWaitingChange: () => Promise.resolve(true) });
    expect(titles(await run(d))).toEqual(['On device/loading', 'On device/waiting-change']);
    expect(d.kept).toEqual([]);
  });
  it('offline without a device copy says so', async () => {
    const shown = await run(deps({ online: () => false, readDeviceCopy: () => Promise.resolve(null) }));
    expect(shown).toEqual([{ status: 'error', message: 'You are offline and this product is not kept on this device.' }]);
  });
  it('reads the id from the route', () => {
    expect(productIdFromRoute(undefined)).toBe('missing');
    expect(productIdFromRoute('undefined')).toBe('missing');
    expect(productIdFromRoute('12')).toBe(12);
    expect(productIdFromRoute('12abc')).toBeNull();
    expect(productIdFromRoute('0')).toBeNull();
  });
  it('marks device copies with their age', () => {
    expect(deviceCopyNote({ kind: 'network' }, String)).toBeNull();
    expect(deviceCopyNote({ kind: 'device', fetchedAt: 5, reason: 'offline' }, (ms) => `t${ms}`)).toBe('Offline data, fetched at t5');
    expect(deviceCopyNote({ kind: 'device', fetchedAt: null, reason: 'unreachable' }, String)).toBe('Offline data, kept on this device');
  });
});

describe('copyToClipboard', () => {
  it('uses the Clipboard API and says what was copied', async () => {
    const copied: string[] = [];
    const result = await copyToClipboard('8712345000011', { writeText: (t) => Promise.resolve(void copied.push(t)), fallbackCopy: () => false });
    expect(result).toEqual({ ok: true, message: 'Copied to clipboard: 8712345000011' });
    expect(copied).toEqual(['8712345000011']);
  });
  it('falls back when the API is refused or missing, and reports each failure', async () => {
    const refused = { writeText: () => Promise.reject(new Error('denied')) };
    expect(await copyToClipboard('1', { ...refused, fallbackCopy: () => true })).toEqual({ ok: true, message: 'Copied to clipboard: 1' });
    expect(await copyToClipboard('1', { ...refused, fallbackCopy: () => false })).toEqual({ ok: false, message: 'Fallback: the browser refused to copy' });
    const throwing = () => {
      throw new Error('no document');
    };
    expect(await copyToClipboard('1', { ...refused, fallbackCopy: throwing })).toEqual({ ok: false, message: 'Failed to copy to clipboard' });
    expect(await copyToClipboard('1', { writeText: null, fallbackCopy: throwing })).toEqual({ ok: false, message: 'Fallback: Oops, unable to copy' });
  });
});
