import { describe, expect, it } from 'vitest';
import { DATABASE_NAME } from '../../src/app/db/database';
import { APP_DATABASE_NAME, shouldStartSyncNow } from '../../src/app/features/sync/start-sync';

describe('starting the sync engine', () => {
  it('looks for the database the app really uses', () => {
    expect(APP_DATABASE_NAME).toBe(DATABASE_NAME);
  });

  it('starts at once with a session', async () => {
    expect(await shouldStartSyncNow(true, async () => [])).toBe(true);
  });

  it('waits for a sign-in on a first visit, but not when this device already has the database', async () => {
    expect(await shouldStartSyncNow(false, async () => [{ name: 'other' }])).toBe(false);
    expect(await shouldStartSyncNow(false, async () => [{ name: 'backoffice' }])).toBe(true);
  });

  it('starts when the browser cannot list its databases', async () => {
    expect(await shouldStartSyncNow(false, undefined)).toBe(true);
    expect(
      await shouldStartSyncNow(false, async () => {
        throw new Error('not allowed');
      }),
    ).toBe(true);
  });
});
