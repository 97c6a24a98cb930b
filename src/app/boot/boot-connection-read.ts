/**
 * The boot module's early paths read the view's page on the connection the boot module opened,
 * without Dexie (db/early-page-read.ts, docs/offline.md "Fifth pass"); null where the Dexie read
 * must answer. Given to the list's head start as its first read (list-head-start.ts).
 */
import { openDeviceDatabaseAsItIs } from '../db/device-connection';
import { readPageWithoutDexie } from '../db/early-page-read';
import type { CachedAnswer } from '../db/kept-answer';
import type { ProductQuery } from '../db/query-key';

export async function readOnBootConnection(query: ProductQuery): Promise<CachedAnswer | null> {
  const connection = await openDeviceDatabaseAsItIs();
  const answer = connection ? await readPageWithoutDexie(connection, query).catch(() => null) : null;
  // Which read answered (the browser tests check it).
  if (answer) performance.mark('boot:read-without-dexie');
  return answer;
}
