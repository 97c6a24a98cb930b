/**
 * When to load and start the sync engine (Dexie, the drainer: about 37 KB gzipped). Not for a
 * first visit without a session: nothing could be sent and there is no local data to show, so
 * the login page stays small. With a session, or with an app database already on this device
 * (changes may wait in it, even signed out), it starts at once; otherwise at the first sign-in.
 */
import { jwtAtom } from '../../state/session';
import { appStore } from '../../state/store';

/** The app database's name (src/app/db/database.ts DATABASE_NAME; a test keeps them equal). */
export const APP_DATABASE_NAME = 'backoffice';

type DatabaseList = () => Promise<Array<{ name?: string }>>;

/** Whether to start now: a session, or an app database on this device (unknown = yes). */
export async function shouldStartSyncNow(signedIn: boolean, databases: DatabaseList | undefined): Promise<boolean> {
  if (signedIn) return true;
  if (!databases) return true;
  try {
    return (await databases()).some((database) => database.name === APP_DATABASE_NAME);
  } catch {
    return true;
  }
}

export function startSyncWhenNeeded(store = appStore): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    unsubscribe();
    void import('../../sync/app-sync')
      .then(({ startAppSync }) => startAppSync())
      .catch((error: unknown) => console.error('Starting the sync failed', error));
  };
  const unsubscribe = store.sub(jwtAtom, () => {
    if (store.get(jwtAtom)) start();
  });
  const idb = globalThis.indexedDB;
  void shouldStartSyncNow(store.get(jwtAtom) !== null, idb?.databases ? () => idb.databases() : undefined).then((now) => {
    if (now) start();
  });
}
