/**
 * Opening the embedded PGlite, shared by the server's database thread (pglite-worker.ts) and the
 * databases opened on the caller's own thread (connection.ts: the tests', and the server's with
 * PGLITE_THREAD=0): the extensions the migrations need and the memory it may keep. No drizzle
 * here, so the database thread loads only PGlite.
 */
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * PGlite's default shared_buffers (128 MB) lives inside the WebAssembly heap of our own process,
 * on top of the OS page cache that already holds the data files. 32 MB keeps the server's resident
 * memory about 100 MB lower (measured: 381 -> 285 MB after writing 200,000 rows) without slowing
 * the product filter; `PGLITE_SHARED_BUFFERS` changes it.
 */
const PGLITE_SHARED_BUFFERS = process.env.PGLITE_SHARED_BUFFERS || '32MB';

/**
 * Opens a PGlite with the extensions the migrations need (they must be registered on every open).
 * Without a data folder it lives in memory.
 */
export function createPglite(dataDir?: string, options: Omit<PGliteOptions, 'extensions' | 'dataDir'> = {}): Promise<PGlite> {
  return PGlite.create({ postgresqlconf: [`shared_buffers=${PGLITE_SHARED_BUFFERS}`], ...options, dataDir, extensions: { pg_trgm } });
}
