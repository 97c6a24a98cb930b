/**
 * Saving the product from the General tab (src/app/features/product-edit/save-product.ts and
 * product-draft.ts) on a real outbox (fake IndexedDB) drained through a strict transport: only the
 * PATCH goes, and what the editor shows after the save is the server's answer as the drainer stored
 * it on the device; the product is never read from the server again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Product } from '../../src/shared/contract';
import { toCachedProduct, fromCachedProduct, type BackofficeDatabase } from '../../src/app/db/database';
import { drainOutbox } from '../../src/app/sync/drainer';
import { followSave, submitChange } from '../../src/app/sync/submit';
import { discard } from '../../src/app/sync/outbox';
import { uploadIdOfPlaceholder } from '../../src/app/db/outbox-entry';
import { saveProduct, type ProductSaveDeps } from '../../src/app/features/product-edit/save-product';
import { draftAsQueued, draftOfProduct, draftUnsaved, draftWithoutUpload, productOfDraft } from '../../src/app/features/product-edit/product-draft';
import { drainDeps, jsonBody, makeProduct, openTestDatabase, StrictTransport } from './support/offline-fakes';

let db: BackofficeDatabase | undefined;
afterEach(() => {
  db?.close();
  db = undefined;
});

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], name, { type: 'image/png' });

/** The app's save deps on a test database, the drain run to its end at once. */
function outboxDeps(transport: StrictTransport, online = true) {
  const database = openTestDatabase();
  db = database;
  const calls = { refused: [] as string[] };
  const deps: ProductSaveDeps = {
    submit: async (change, author) => {
      const submitted = await submitChange(database, change, author);
      if (online) await drainOutbox(drainDeps(database, transport));
      return submitted;
    },
    follow: (submitted) => followSave(database, submitted, () => online, 200),
    discard: (id) => discard(database, id),
    readKeptProduct: async (productId) => {
      const kept = await database.products.get(productId);
      return kept ? fromCachedProduct(kept) : null;
    },
    uploadRefused: (message) => void calls.refused.push(message),
  };
  return { database, deps, calls };
}

const steps = () => {
  const seen = { queued: [] as Product[], dropped: [] as string[] };
  return { seen, steps: { queued: (product: Product) => void seen.queued.push(product), uploadDropped: (id: string) => void seen.dropped.push(id) } };
};

describe('saving the product through the outbox', () => {
  it("sends only the PATCH and answers with the server's product as the drainer stored it, without reading it again", async () => {
    const before = makeProduct({ productId: 7, version: 3, title: 'Shoe' });
    const answer = { ...before, title: 'Boot', version: 4, dateUpdate: '2024-02-02T00:00:00.000Z' };
    const transport = new StrictTransport().expect('PATCH', '/api/v1/product/7', { status: 200, body: answer });
    const { database, deps } = outboxDeps(transport);
    await database.products.put(toCachedProduct(before));
    const { seen, steps: told } = steps();

    const outcome = await saveProduct({ before, after: { ...before, title: 'Boot' }, files: [], author: 'anna' }, deps, told);

    transport.verify();
    expect(transport.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['PATCH /api/v1/product/7']);
    expect(jsonBody(transport.requests[0])).toMatchObject({ fields: { title: { base: 'Shoe', value: 'Boot' } } });
    // The answer is the one the drainer stored on the device.
    expect(outcome).toEqual({ kind: 'sent', record: answer });
    expect(fromCachedProduct((await database.products.get(7))!)).toEqual(answer);
    // What the device shows from the moment it was queued.
    expect(seen.queued.map((product) => product.title)).toEqual(['Boot']);
  });

  it('keeps it on the device offline and sends nothing', async () => {
    const before = makeProduct({ productId: 7, version: 3 });
    const transport = new StrictTransport();
    const { database, deps } = outboxDeps(transport, false);
    await database.products.put(toCachedProduct(before));
    const outcome = await saveProduct({ before, after: { ...before, title: 'Offline' }, files: [], author: 'anna' }, deps, steps().steps);
    transport.verify();
    expect(outcome).toEqual({ kind: 'pending' });
    expect((await database.products.get(7))?.title).toBe('Offline');
  });

  it("reports the server's refusal with its reason", async () => {
    const before = makeProduct({ productId: 7, version: 3 });
    const transport = new StrictTransport().expect('PATCH', '/api/v1/product/7', { status: 400, body: { message: 'The EAN check digit is wrong' } });
    const { database, deps } = outboxDeps(transport);
    await database.products.put(toCachedProduct(before));
    expect(await saveProduct({ before, after: { ...before, ean: '123' }, files: [], author: 'anna' }, deps, steps().steps)).toEqual({
      kind: 'failed',
      message: 'The EAN check digit is wrong',
    });
  });

  it('drops a refused upload, says why, and lets the save go on without its image', async () => {
    const before = makeProduct({ productId: 7, version: 3 });
    const answer = { ...before, title: 'With photo', version: 4 };
    const transport = new StrictTransport()
      .expect('POST', '/api/v1/media/save/image', { status: 400, body: { message: 'The image is larger than 10 MB' } })
      .expect('PATCH', '/api/v1/product/7', { status: 200, body: answer });
    const { database, deps, calls } = outboxDeps(transport);
    await database.products.put(toCachedProduct(before));
    const { seen, steps: told } = steps();
    deps.discard = async (id) => {
      await discard(database, id);
      await drainOutbox(drainDeps(database, transport));
    };

    const outcome = await saveProduct({ before, after: { ...before, title: 'With photo' }, files: [{ id: 'n1', file: png('big.png') }], author: 'anna' }, deps, told);

    expect(calls.refused).toEqual(['The image is larger than 10 MB']);
    expect(seen.dropped).toHaveLength(1);
    expect(uploadIdOfPlaceholder(seen.queued[0]!.productImages[0]!.filePath)).toBe(seen.dropped[0]);
    expect(outcome).toEqual({ kind: 'sent', record: answer });
    transport.verify();
  });
});

describe('the General tab draft', () => {
  const product = makeProduct({ productId: 7, title: 'Shoe', productImages: [{ id: 'a', filePath: '/media/a.png', name: '', altImage: '', isMainImage: true }] });

  it('is unsaved once the form or the images change or a file is picked', () => {
    const opened = draftOfProduct(product);
    expect(draftUnsaved(opened, opened)).toBe(false);
    expect(draftUnsaved({ ...opened, form: { ...opened.form, title: 'Boot' } }, opened)).toBe(true);
    expect(draftUnsaved({ ...opened, images: [] }, opened)).toBe(true);
    expect(draftUnsaved({ ...opened, picked: [{ id: 'n', file: png('n.png') }] }, opened)).toBe(true);
  });

  it('sends the product it was filled from with the typed values and the arranged images', () => {
    const draft = draftOfProduct(product);
    const sent = productOfDraft({ ...draft, form: { ...draft.form, title: 'Boot' }, images: [] }, product);
    expect(sent).toMatchObject({ productId: 7, title: 'Boot', productImages: [] });
  });

  it('takes the queued images and empties the picked files once queued; a refused upload leaves it', () => {
    const draft = { ...draftOfProduct(product), picked: [{ id: 'n', file: png('n.png') }] };
    const queuedImage = { id: 'n', filePath: 'outbox-file:u1', name: '', altImage: '', isMainImage: false };
    const queued = draftAsQueued(draft, { ...product, productImages: [...product.productImages, queuedImage] });
    expect(queued.picked).toEqual([]);
    expect(queued.images.map((image) => image.id)).toEqual(['a', 'n']);
    const uploadOf = (path: string) => (path.startsWith('outbox-file:') ? path.slice('outbox-file:'.length) : null);
    expect(draftWithoutUpload(queued, 'u1', uploadOf).images.map((image) => image.id)).toEqual(['a']);
    expect(draftWithoutUpload(queued, 'u2', uploadOf).images.map((image) => image.id)).toEqual(['a', 'n']);
  });
});
