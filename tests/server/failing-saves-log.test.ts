/**
 * What a failing save answers and what it leaves in the server's log (docs/security.md, "Errors in
 * the log"): the real server in a child process, on PostgreSQL when TEST_DATABASE_URL is set and on
 * its embedded PGlite otherwise. The full disk and the broken save are the database's own errors,
 * raised by a trigger the test adds (SQLSTATE 53100 and XX000), so they reach the server through
 * the real driver and drizzle exactly as a full disk does. Then the media store's ENOSPC, in process.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SupplierDetails, SupplierInput } from '../../src/shared/suppliers';
import { openDatabase, type Database } from '../../src/server/db/connection';
import { DISK_FULL_MESSAGE } from '../../src/server/http/errors';
import { DiskMediaStore } from '../../src/server/media/disk-media-store';
import type { TakenImage } from '../../src/server/media/image-intake';
import type { ImageSource, StoredImage } from '../../src/server/media/media-store';
import { migratedDataDir, startServerProcess, type ServerProcess } from './support/server-process';
import { createTestApp, type TestApp } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const PASSWORD = `feed-password-${randomBytes(8).toString('hex')}`;
const HEADER_SECRET = `feed-header-secret-${randomBytes(8).toString('hex')}`;
const TAKEN_MESSAGE = (name: string) => `A supplier named '${name}' exists already`;

/** Saves the database refuses: a full disk (53100) and any other failure (XX000), by supplier or file name. */
const FAULTS = [
  `create function refuse_supplier_for_test() returns trigger language plpgsql as $$
   begin
     if new.supplier_name like 'Disk-full test%' then
       raise exception 'could not extend file "base/16384/16385": No space left on device' using errcode = 'disk_full';
     end if;
     if new.supplier_name like 'Broken test%' then
       raise exception 'the test refuses this save' using errcode = 'XX000';
     end if;
     return new;
   end $$`,
  `create trigger refuse_supplier_for_test before insert or update on suppliers for each row execute function refuse_supplier_for_test()`,
  `create function refuse_feed_file_for_test() returns trigger language plpgsql as $$
   begin
     if new.file_name like 'disk-full%' then
       raise exception 'could not extend file "base/16384/16390": No space left on device' using errcode = 'disk_full';
     end if;
     return new;
   end $$`,
  `create trigger refuse_feed_file_for_test before insert or update on supplier_feed_files for each row execute function refuse_feed_file_for_test()`,
];

async function addFaults(db: Database): Promise<void> {
  for (const statement of FAULTS) await db.execute(sql.raw(statement));
}

describe('the server process: failing saves answer clearly and never log a secret', () => {
  let server: ServerProcess;
  let database: TestDatabase | null = null;
  let pgliteDir: string | null = null;
  let token: string;

  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) {
      database = await createTestDatabase();
      await addFaults(database.db);
      server = await startServerProcess({ DATABASE_URL: database.url ?? '' });
    } else {
      // The server's own data folder, migrated and given the faults before it starts.
      pgliteDir = migratedDataDir('backoffice-failing-saves-');
      const handle = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
      await addFaults(handle.db);
      await handle.close();
      server = await startServerProcess({ DATA_DIR: pgliteDir });
    }
    token = await server.signIn();
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    await database?.close();
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
  });

  const json = () => ({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' });
  const input = (supplierName: string): SupplierInput => ({
    supplierName,
    feedSource: 'upload',
    credentials: { kind: 'basic', username: 'feeds', password: PASSWORD },
  });
  const create = (body: SupplierInput) => fetch(`${server.origin}/api/v1/suppliers`, { method: 'POST', headers: json(), body: JSON.stringify(body) });
  const rename = (id: number, body: SupplierInput) => fetch(`${server.origin}/api/v1/suppliers/${id}`, { method: 'PUT', headers: json(), body: JSON.stringify(body) });

  /** What the process prints from now until `needle` shows (the log reaches the test after the answer). */
  async function logOf<T>(needle: string, work: () => Promise<T>): Promise<{ result: T; log: string }> {
    const before = server.output().length;
    const result = await work();
    for (let waited = 0; !server.output().slice(before).includes(needle) && waited < 5_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { result, log: server.output().slice(before) };
  }

  it('answers 201 and 409 with the name-taken message, never 500, to the same supplier created twice at once (a double-click)', async () => {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const name = `Double click ${attempt}`;
      const answers = await Promise.all([create(input(name)), create(input(name))]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses, `attempt ${attempt}`).toEqual([201, 409]);
      const refused = answers.find((answer) => answer.status === 409);
      expect(await refused?.json()).toEqual({ message: TAKEN_MESSAGE(name), messageId: 'server.supplierNameTaken', messageArgs: [name] });
    }
    const listed = (await (await fetch(`${server.origin}/api/v1/suppliers`, { headers: json() })).json()) as SupplierDetails[];
    expect(listed.filter((supplier) => supplier.supplierName.startsWith('Double click'))).toHaveLength(10);
    expect(server.output()).not.toContain(PASSWORD);
  });

  it('answers 200 and 409, never 500, to two suppliers renamed to one name at once', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const first = (await (await create(input(`Rename first ${attempt}`))).json()) as SupplierDetails;
      const second = (await (await create(input(`Rename second ${attempt}`))).json()) as SupplierDetails;
      const name = `Renamed ${attempt}`;
      const answers = await Promise.all([rename(first.supplierId, input(name)), rename(second.supplierId, input(name))]);
      expect(answers.map((answer) => answer.status).sort(), `attempt ${attempt}`).toEqual([200, 409]);
      expect(await answers.find((answer) => answer.status === 409)?.json()).toEqual({ message: TAKEN_MESSAGE(name), messageId: 'server.supplierNameTaken', messageArgs: [name] });
    }
    expect(server.output()).not.toContain(PASSWORD);
  });

  it('answers 507 to a supplier save on a full database disk, with one short log line: route, SQLSTATE, message', async () => {
    const { result, log } = await logOf('53100', () => create(input('Disk-full test supplier')));
    expect(result.status).toBe(507);
    expect(await result.json()).toEqual({ message: DISK_FULL_MESSAGE, messageId: 'server.diskFull', messageArgs: [] });
    const lines = log.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      '[server] POST /api/v1/suppliers: the disk is full: SQLSTATE 53100: could not extend file "base/16384/16385": No space left on device',
    );
    expect(log).not.toContain(PASSWORD);
  });

  it('answers 507 to a 5 MB feed file on a full database disk and logs one line, not the file', async () => {
    const supplier = (await (await create(input('Feed file supplier'))).json()) as SupplierDetails;
    const form = new FormData();
    form.append('feedFile', new File([Buffer.alloc(5 * 1024 * 1024, 'ean;title;price\n')], 'disk-full.csv', { type: 'text/csv' }));
    const { result, log } = await logOf('53100', () =>
      fetch(`${server.origin}/api/v1/suppliers/feed-file/${supplier.supplierId}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form }),
    );
    expect(result.status).toBe(507);
    expect(await result.json()).toEqual({ message: DISK_FULL_MESSAGE, messageId: 'server.diskFull', messageArgs: [] });
    expect(log.trim().split('\n')).toHaveLength(1);
    expect(log).toContain(`[server] POST /api/v1/suppliers/feed-file/${supplier.supplierId}: the disk is full: SQLSTATE 53100`);
    expect(Buffer.byteLength(log)).toBeLessThan(400);
  });

  it('answers 500 to a save the database refuses for another reason, logging its SQLSTATE and message without the parameters', async () => {
    const body: SupplierInput = { supplierName: 'Broken test supplier', feedSource: 'upload', credentials: { kind: 'header', headerName: 'X-Feed-Key', value: HEADER_SECRET } };
    const { result, log } = await logOf('XX000', () => create(body));
    expect(result.status).toBe(500);
    expect(await result.json()).toEqual({ message: 'Internal server error', messageId: 'server.internalError', messageArgs: [] });
    expect(log.trim().split('\n')).toEqual(['[server] POST /api/v1/suppliers failed: SQLSTATE XX000: the test refuses this save']);
  });

  it('never printed a secret, a statement or its parameters in the whole run', () => {
    const output = server.output();
    expect(output).toContain('[server] listening on');
    expect(output).not.toContain(PASSWORD);
    expect(output).not.toContain(HEADER_SECRET);
    expect(output).not.toMatch(/Failed query|params:|insert into/i);
  });
});

/** The disk store with a full disk under it: writes fail with ENOSPC as Node's fs reports it. */
class FullDiskMediaStore extends DiskMediaStore {
  constructor(
    db: Database,
    mediaDir: string,
    private readonly failIn: 'spool' | 'store',
  ) {
    super(db, mediaDir);
  }

  private enospc(): Error {
    return Object.assign(new Error(`ENOSPC: no space left on device, write '${this.mediaDir}/.spool/upload'`), { code: 'ENOSPC', errno: -28, syscall: 'write' });
  }

  override async takeIn(source: ImageSource): Promise<TakenImage> {
    if (this.failIn !== 'spool' || source instanceof Uint8Array) return super.takeIn(source);
    const reader = source.getReader();
    await reader.read(); // the first bytes arrive, then the spool file cannot grow
    await reader.cancel();
    throw this.enospc();
  }

  override async storeTaken(taken: TakenImage): Promise<StoredImage> {
    if (this.failIn === 'store') throw this.enospc();
    return super.storeTaken(taken);
  }
}

describe('the media store on a full disk', () => {
  const png = () => {
    const bytes = new Uint8Array(4_096);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    bytes.set(randomBytes(64), 8);
    return bytes;
  };

  for (const failIn of ['spool', 'store'] as const) {
    it(`answers 507 to an image upload whose ${failIn === 'spool' ? 'spool file' : 'stored file'} cannot be written (ENOSPC), with one log line`, async () => {
      let t: TestApp | null = null;
      const mediaDir = mkdtempSync(path.join(tmpdir(), 'backoffice-full-media-'));
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        t = await createTestApp({ deps: (db) => ({ media: new FullDiskMediaStore(db, mediaDir, failIn) }) });
        const form = new FormData();
        form.append('multipartFile', new File([png()], 'photo.png', { type: 'image/png' }));
        const answer = await t.app.request('/api/v1/media/save/image', { method: 'POST', headers: { Authorization: `Bearer ${await t.token()}` }, body: form });
        expect(answer.status).toBe(507);
        expect(await answer.json()).toEqual({ message: DISK_FULL_MESSAGE, messageId: 'server.diskFull', messageArgs: [] });
        expect(logged.mock.calls).toEqual([[expect.stringMatching(/^\[server\] POST \/api\/v1\/media\/save\/image: the disk is full: ENOSPC: no space left on device, write '.*upload'$/)]]);
      } finally {
        logged.mockRestore();
        await t?.close();
        rmSync(mediaDir, { recursive: true, force: true });
      }
    });
  }
});
