import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BackofficeDatabase } from '../../src/app/db/database';
import { isQuotaError, requestPersistentStorage, withQuotaFallback } from '../../src/app/db/storage';
import { COLUMNS_META_KEY, refreshKeptColumns } from '../../src/app/db/kept-columns-store';
import { enqueueImageUpload, enqueueProductSave } from '../../src/app/sync/outbox';
import { makeProduct, openTestDatabase } from './support/offline-fakes';

let db: BackofficeDatabase;
afterEach(async () => {
  await db.delete();
});

const quotaError = () => Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });

describe('storage', () => {
  it('on a quota error evicts cached pages and the kept columns, never the outbox or files, and tries once more', async () => {
    db = openTestDatabase();
    await enqueueProductSave(db, makeProduct(), 1, 'anna');
    await enqueueImageUpload(db, { productId: 1, bytes: new ArrayBuffer(8), name: 'a.png', type: 'image/png' }, 'anna');
    await db.productPages.bulkPut([
      { key: 'page=1', productIds: [1], totalPages: 2, totalElements: 2, fetchedAt: 200 },
      { key: 'page=0', productIds: [1], totalPages: 2, totalElements: 2, fetchedAt: 100 },
    ]);
    await refreshKeptColumns(db);
    expect(await db.keptColumns.count()).toBe(1);
    let calls = 0;

    const result = await withQuotaFallback(db, async () => {
      calls += 1;
      if (calls === 1) throw quotaError();
      return 'written';
    });

    expect(result).toBe('written');
    expect(calls).toBe(2);
    expect(await db.productPages.count()).toBe(0);
    expect(await db.keptColumns.count()).toBe(0);
    expect(await db.meta.get(COLUMNS_META_KEY)).toBeUndefined();
    expect(await db.outbox.count()).toBe(2);
    expect(await db.files.count()).toBe(1);
  });

  it('passes on a second quota error and any other error untouched', async () => {
    db = openTestDatabase();
    await expect(withQuotaFallback(db, () => Promise.reject(quotaError()))).rejects.toMatchObject({ name: 'QuotaExceededError' });
    await expect(withQuotaFallback(db, () => Promise.reject(new Error('other')))).rejects.toThrow('other');
    expect(isQuotaError({ name: 'AbortError', inner: { name: 'QuotaExceededError' } })).toBe(true);
  });

  it('asks for persistent storage once', async () => {
    db = openTestDatabase();
    const storage = { persisted: vi.fn(async () => false), persist: vi.fn(async () => true) };
    expect(await requestPersistentStorage(db, storage)).toBe(true);
    expect(await requestPersistentStorage(db, storage)).toBe(false);
    expect(storage.persist).toHaveBeenCalledTimes(1);
    expect(await requestPersistentStorage(db, undefined)).toBeNull();
  });
});
