/**
 * The boot module's warming of the device database (src/app/boot/early-list-read.ts): it opens
 * the database that exists, never creates one, and gives way to an upgrade.
 */
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DEVICE_DATABASE_NAME, warmDeviceDatabase } from '../../src/app/boot/early-list-read';
import { DATABASE_NAME } from '../../src/app/db/database';

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('warmDeviceDatabase', () => {
  it('names the database the app opens', () => {
    expect(DEVICE_DATABASE_NAME).toBe(DATABASE_NAME);
  });

  it('creates no database on a device that has none', async () => {
    const factory = new IDBFactory();
    warmDeviceDatabase(factory);
    await settle();
    expect(await factory.databases()).toEqual([]);
  });

  it('opens the existing database at its version and closes for an upgrade', async () => {
    const factory = new IDBFactory();
    const created = factory.open(DEVICE_DATABASE_NAME, 3);
    created.onupgradeneeded = () => created.result.createObjectStore('products');
    await new Promise((resolve) => (created.onsuccess = resolve));
    created.result.close();

    warmDeviceDatabase(factory);
    await settle();
    expect(await factory.databases()).toEqual([{ name: DEVICE_DATABASE_NAME, version: 3 }]);
    // An upgrade (a new app version) is not blocked by the warming connection.
    const upgrade = factory.open(DEVICE_DATABASE_NAME, 4);
    let blocked = false;
    upgrade.onblocked = () => (blocked = true);
    await new Promise((resolve, reject) => {
      upgrade.onsuccess = resolve;
      upgrade.onerror = reject;
    });
    expect(blocked).toBe(false);
    expect(upgrade.result.version).toBe(4);
    upgrade.result.close();
  });
});
