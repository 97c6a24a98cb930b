import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromCachedProduct, toCachedProduct, type BackofficeDatabase } from '../../src/app/db/database';
import { queryKeptProducts } from '../../src/app/db/indexed-query';
import { filterProductsLocally } from '../../src/app/db/local-filter';
import { COLUMNS_KEY, keptColumnsNow } from '../../src/app/db/kept-columns-store';
import { textAt } from '../../src/app/db/kept-texts';
import { everyKeptProduct, keptProductCount, keptProductTables } from '../../src/app/db/product-blocks-store';
import {
  downloadPercent,
  listDownloadRecords,
  readDownloadRecord,
  runOfflineDownload,
  type ChangesAnswer,
  type DownloadProgress,
  type DownloadTransport,
} from '../../src/app/sync/offline-download';
import { enqueueProductSave } from '../../src/app/sync/outbox';
import type { Product } from '../../src/shared/contract';
import { makeProduct, openTestDatabase } from './support/offline-fakes';

let db: BackofficeDatabase;
/** Every product kept on the device, records and blocks (a first download keeps blocks: db/product-blocks.ts). */
const keptProducts = () => db.transaction('r', keptProductTables(db), () => everyKeptProduct(db));
afterEach(async () => {
  await db.delete();
});

/**
 * A server's changes feed in memory: every change gets the next sequence number; the cursor is
 * the number of the last change given ("c<n>"); like the real one it is opaque to the app.
 */
class FakeChangesFeed implements DownloadTransport {
  readonly calls: Array<{ cursor: string | null; limit: number; supplierName: string }> = [];
  totalCalls = 0;
  failOnCall: number | null = null;
  private log: Array<{ seq: number; product: Product }> = [];
  private seq = 0;
  constructor(products: Product[]) {
    products.forEach((product) => this.change(product));
  }

  /** A product changed on the server: it moves to the end of the change order. */
  change(product: Product) {
    this.seq += 1;
    this.log = [...this.log.filter((row) => row.product.productId !== product.productId), { seq: this.seq, product }];
  }

  async changes(query: { cursor: string | null; limit: number; supplierName: string }): Promise<ChangesAnswer> {
    this.calls.push(query);
    if (this.failOnCall === this.calls.length) throw new Error('No connection to the server');
    const after = query.cursor === null ? 0 : Number(query.cursor.slice(1));
    const inScope = this.log.filter(
      (row) => row.seq > after && (query.supplierName === 'All' || row.product.supplier.supplierName === query.supplierName),
    );
    const page = inScope.slice(0, query.limit);
    const last = page.at(-1);
    return { products: page.map((row) => row.product), cursor: last ? `c${last.seq}` : query.cursor, hasMore: inScope.length > page.length };
  }

  async total(supplierName: string): Promise<number> {
    this.totalCalls += 1;
    return this.log.filter((row) => supplierName === 'All' || row.product.supplier.supplierName === supplierName).length;
  }
}

function catalogue(count: number, supplierOf: (id: number) => string = () => 'Acme'): Product[] {
  return Array.from({ length: count }, (_, index) =>
    makeProduct({ productId: index + 1, supplier: { supplierId: 1, supplierName: supplierOf(index + 1) } }),
  );
}

describe('make available offline', () => {
  it('downloads the whole catalogue page by page with progress against the total', async () => {
    db = openTestDatabase();
    const feed = new FakeChangesFeed(catalogue(7));
    const progress: DownloadProgress[] = [];

    const result = await runOfflineDownload({ db, transport: feed, pageSize: 3, onProgress: (p) => progress.push(p) }, 'All');

    expect(result.finished).toBe(true);
    expect(await keptProductCount(db)).toBe(7);
    expect(feed.calls.map((call) => call.cursor)).toEqual([null, 'c3', 'c6']);
    expect(progress.map((p) => p.received)).toEqual([0, 3, 6, 7]);
    expect(progress.every((p) => p.total === 7 && !p.refreshing)).toBe(true);
    expect(await readDownloadRecord(db, 'All')).toMatchObject({ cursor: 'c7', received: 7, total: 7, complete: true });
    // The cached copy carries the index helpers of the cache.
    expect((await db.products.get(1))?.moderationKey).toBe(0);
    // And the list's columns of the kept products are built once it finished (db/kept-columns-store.ts).
    expect((await db.keptColumns.get(COLUMNS_KEY))?.columns.numbers.productId).toEqual(Float64Array.from([1, 2, 3, 4, 5, 6, 7]));
    expect((await keptColumnsNow(db)).written).toEqual([]);
  });

  it("gathers the list's columns from the pages, with products someone else wrote between two pages in their place", async () => {
    db = openTestDatabase();
    const products = catalogue(9).map((product) => ({ ...product, title: `Boot ${product.productId}` }));
    const feed = new FakeChangesFeed(products);
    const asked = feed.changes.bind(feed);
    // While the third page is asked for (the first is stored, the second not yet), edits' answers
    // land on the device: product 2 (already downloaded, so that write is the newest), product 8
    // (downloaded later, so the page wins) and product 50 (not in the download at all).
    feed.changes = async (query) => {
      if (feed.calls.length === 2) {
        await db.products.put(toCachedProduct({ ...(products[1] as Product), title: 'Aaa boot edited here' }));
        await db.products.put(toCachedProduct({ ...(products[7] as Product), title: 'Zzz boot edited before its page' }));
        await db.products.put(toCachedProduct(makeProduct({ productId: 50, title: 'Boot kept from a list page' })));
      }
      return asked(query);
    };
    const toArray = vi.spyOn(db.products, 'toArray');
    await runOfflineDownload({ db, transport: feed, pageSize: 3 }, 'All');
    // Not read back from the records: gathered as the pages were written (the device held nothing before).
    for (const result of toArray.mock.results) expect(await result.value).toEqual([]);
    expect((await keptColumnsNow(db)).written).toEqual([]);
    toArray.mockRestore();
    const everything = (await keptProducts()).map(fromCachedProduct);
    expect(everything.find((product) => product.productId === 2)?.title).toBe('Aaa boot edited here');
    expect(everything.find((product) => product.productId === 8)?.title).toBe('Boot 8');
    for (const query of [{ keyword: 'boot', sort: 'title,asc' }, { keyword: 'boot', sort: 'title,desc', size: '4' }, {}]) {
      const answer = await queryKeptProducts(db, query);
      const expected = filterProductsLocally(everything, query);
      expect(answer.totalElements).toBe(expected.totalElements);
      expect(answer.content.map((product) => product.productId)).toEqual(expected.content.map((product) => product.productId));
    }
  });

  it('keeps the cursor after every page, so a download cut off continues where it stopped', async () => {
    db = openTestDatabase();
    const feed = new FakeChangesFeed(catalogue(7));
    feed.failOnCall = 2;

    await expect(runOfflineDownload({ db, transport: feed, pageSize: 3 }, 'All')).rejects.toThrow('No connection');
    expect(await keptProductCount(db)).toBe(3);
    expect(await readDownloadRecord(db, 'All')).toMatchObject({ cursor: 'c3', received: 3, complete: false });

    // A reload: a new run, same database.
    feed.failOnCall = null;
    const progress: number[] = [];
    const result = await runOfflineDownload({ db, transport: feed, pageSize: 3, onProgress: (p) => progress.push(p.received) }, 'All');
    expect(result.finished).toBe(true);
    expect(feed.calls.slice(2).map((call) => call.cursor)).toEqual(['c3', 'c6']);
    expect(progress).toEqual([3, 6, 7]);
    expect(await keptProductCount(db)).toBe(7);
    expect(feed.totalCalls).toBe(1);
  });

  it('refreshes a finished download with only the changes since its cursor', async () => {
    db = openTestDatabase();
    const feed = new FakeChangesFeed(catalogue(5));
    await runOfflineDownload({ db, transport: feed, pageSize: 10 }, 'All');
    feed.change(makeProduct({ productId: 2, title: 'Renamed on the server', version: 2 }));

    const progress: DownloadProgress[] = [];
    const result = await runOfflineDownload({ db, transport: feed, pageSize: 10, onProgress: (p) => progress.push(p) }, 'All');

    expect(feed.calls.at(-1)?.cursor).toBe('c5');
    expect(result.receivedThisRun).toBe(1);
    expect(progress.at(-1)).toEqual({ scope: 'All', received: 1, total: null, refreshing: true });
    expect((await db.products.get(2))?.title).toBe('Renamed on the server');
    expect(feed.totalCalls).toBe(1);
    // The refresh wrote a product: it was merged into the kept columns, which hold its new title.
    expect((await keptColumnsNow(db)).written).toEqual([]);
    const kept = (await db.keptColumns.get(COLUMNS_KEY))?.columns;
    expect(kept && textAt(kept.texts.title, 1)).toBe('Renamed on the server');
  });

  it('never overwrites a product whose change is still waiting in the outbox', async () => {
    db = openTestDatabase();
    await db.products.put(toCachedProduct(makeProduct({ productId: 2 })));
    await enqueueProductSave(db, makeProduct({ productId: 2, title: 'My offline edit' }), 1, 'anna');
    const feed = new FakeChangesFeed(catalogue(3));
    feed.change(makeProduct({ productId: 2, title: 'Server title', version: 5 }));

    const result = await runOfflineDownload({ db, transport: feed, pageSize: 10 }, 'All');

    expect(result.keptLocal).toBe(1);
    expect((await db.products.get(2))?.title).toBe('My offline edit');
    expect((await db.products.get(3))?.title).toBe('Product 3');
  });

  it("downloads one supplier's products and keeps that scope apart from the whole catalogue", async () => {
    db = openTestDatabase();
    const feed = new FakeChangesFeed(catalogue(6, (id) => (id % 2 === 0 ? 'Beta' : 'Acme')));

    await runOfflineDownload({ db, transport: feed, pageSize: 2 }, 'Beta');

    expect(feed.calls.every((call) => call.supplierName === 'Beta')).toBe(true);
    expect((await keptProducts()).map((p) => p.productId).sort()).toEqual([2, 4, 6]);
    expect(await readDownloadRecord(db, 'All')).toBeNull();
    expect((await listDownloadRecords(db)).map((record) => [record.scope, record.total, record.complete])).toEqual([['Beta', 3, true]]);
  });

  it('asks for the next page while it stores the one it has, storing the pages in order', async () => {
    db = openTestDatabase();
    const feed = new FakeChangesFeed(catalogue(7));
    const keptWhenAsked: number[] = [];
    const watching: DownloadTransport = {
      changes: async (query) => {
        keptWhenAsked.push(await keptProductCount(db));
        return feed.changes(query);
      },
    };
    const result = await runOfflineDownload({ db, transport: watching, pageSize: 3 }, 'All');
    expect(result.finished).toBe(true);
    // Page 2 was asked for before page 1 was stored, page 3 before page 2 was.
    expect(keptWhenAsked).toEqual([0, 0, 3]);
    expect(feed.calls.map((call) => call.cursor)).toEqual([null, 'c3', 'c6']);
    expect(await keptProductCount(db)).toBe(7);
  });

  it('stops on an answer that says there is more but does not move', async () => {
    db = openTestDatabase();
    const stuck: DownloadTransport = {
      changes: async ({ cursor }) => ({ products: [], cursor, hasMore: true }),
    };
    const result = await runOfflineDownload({ db, transport: stuck }, 'All');
    expect(result.finished).toBe(true);
  });

  it('stops between pages when asked, keeping what it has', async () => {
    db = openTestDatabase();
    const feed = new FakeChangesFeed(catalogue(6));
    const controller = new AbortController();
    const result = await runOfflineDownload(
      { db, transport: feed, pageSize: 2, signal: controller.signal, onProgress: (p) => p.received >= 2 && controller.abort() },
      'All',
    );
    expect(result.finished).toBe(false);
    expect(await readDownloadRecord(db, 'All')).toMatchObject({ cursor: 'c2', complete: false });
  });
});

describe('downloadPercent', () => {
  it('is the share received, capped at 100, and unknown without a total or on a refresh', () => {
    expect(downloadPercent({ received: 250, total: 1000, refreshing: false })).toBe(25);
    expect(downloadPercent({ received: 1010, total: 1000, refreshing: false })).toBe(100);
    expect(downloadPercent({ received: 0, total: 0, refreshing: false })).toBe(100);
    expect(downloadPercent({ received: 10, total: null, refreshing: false })).toBeNull();
    expect(downloadPercent({ received: 10, total: 1000, refreshing: true })).toBeNull();
  });
});
