/**
 * The device database opened as it is, the boot module's connection (src/app/db/device-connection.ts):
 * it opens the database that exists, never creates one, gives way to an upgrade, and opens once.
 */
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DEVICE_DATABASE_NAME, openDeviceDatabaseAsItIs, warmDeviceDatabase } from '../../src/app/db/device-connection';
import { DATABASE_NAME } from '../../src/app/db/database';

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

async function createDatabase(factory: IDBFactory, version: number): Promise<void> {
  const created = factory.open(DEVICE_DATABASE_NAME, version);
  created.onupgradeneeded = () => created.result.createObjectStore('products');
  await new Promise((resolve) => (created.onsuccess = resolve));
  created.result.close();
}

/** Opens the database at `version` (an app's upgrade); answers whether an open connection held it back. */
async function upgradeWasBlocked(factory: IDBFactory, version: number): Promise<boolean> {
  const upgrade = factory.open(DEVICE_DATABASE_NAME, version);
  let blocked = false;
  upgrade.onblocked = () => (blocked = true);
  await new Promise((resolve, reject) => {
    upgrade.onsuccess = resolve;
    upgrade.onerror = reject;
  });
  expect(upgrade.result.version).toBe(version);
  upgrade.result.close();
  return blocked;
}

describe('openDeviceDatabaseAsItIs', () => {
  it('names the database the app opens', () => {
    expect(DEVICE_DATABASE_NAME).toBe(DATABASE_NAME);
  });

  it('creates no database on a device that has none', async () => {
    const factory = new IDBFactory();
    expect(await openDeviceDatabaseAsItIs(factory)).toBeNull();
    await settle();
    expect(await factory.databases()).toEqual([]);
  });

  it('opens the existing database at its version and closes for an upgrade', async () => {
    const factory = new IDBFactory();
    await createDatabase(factory, 3);
    const connection = await openDeviceDatabaseAsItIs(factory);
    expect(connection?.version).toBe(3);
    expect(await factory.databases()).toEqual([{ name: DEVICE_DATABASE_NAME, version: 3 }]);
    // An upgrade (a new app version) is not blocked by the boot module's connection.
    expect(await upgradeWasBlocked(factory, 4)).toBe(false);
  });

  it('asks once per page load: the boot module opens it, the early rows read on the same connection', () => {
    const factory = new IDBFactory();
    let opens = 0;
    const open = factory.open.bind(factory);
    factory.open = (name: string, version?: number) => {
      opens += 1;
      return open(name, version);
    };
    const first = openDeviceDatabaseAsItIs(factory);
    expect(openDeviceDatabaseAsItIs(factory)).toBe(first);
    expect(opens).toBe(1);
  });
});

describe('warmDeviceDatabase (the service worker, on a navigation to the app)', () => {
  it('creates no database on a device that has none', async () => {
    const factory = new IDBFactory();
    expect(await warmDeviceDatabase(factory)).toBe(false);
    await settle();
    expect(await factory.databases()).toEqual([]);
  });

  it('opens the database on every navigation, and neither an upgrade nor a deletion waits for it', async () => {
    const factory = new IDBFactory();
    await createDatabase(factory, 5);
    expect(await warmDeviceDatabase(factory, 60_000)).toBe(true);
    expect(await warmDeviceDatabase(factory, 60_000)).toBe(true);
    expect(await upgradeWasBlocked(factory, 6)).toBe(false);

    expect(await warmDeviceDatabase(factory, 60_000)).toBe(true);
    const deletion = factory.deleteDatabase(DEVICE_DATABASE_NAME);
    let blocked = false;
    deletion.onblocked = () => (blocked = true);
    await new Promise((resolve) => (deletion.onsuccess = resolve));
    expect(blocked).toBe(false);
    expect(await factory.databases()).toEqual([]);
  });
});
