/**
 * The feed import's writer on PostgreSQL (docs/feeds.md, "Writing on PostgreSQL"): each commit's
 * rows are streamed with `COPY ... FROM STDIN` into an UNLOGGED staging table of the supplier, then
 * merged into products and images set-wise by the same statements as the row-batch writer
 * (feed-batch-writer.ts), which read their rows from the staging table instead of a JSON payload:
 * the same ownership and three-way rules, held-back values, history entries and counts. COPY,
 * merge and the staging table's emptying are one transaction: a commit is written whole or not at
 * all. The embedded PGlite keeps the row-batch writer.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../db/connection';
import { copyLine, type CopyValue } from '../db/copy-text';
import { orderedUuid } from '../db/ordered-uuid';
import { postgresPoolOf } from '../db/postgres-pool';
import { queryRows } from '../db/query-rows';
import * as schema from '../db/schema';
import {
  imageName,
  insertBatchProducts,
  isUniqueViolation,
  prepareFeedBatch,
  upsertFeedBatch,
  type BatchCounts,
  type BatchRow,
  type FeedWriteRules,
  type PreparedFeedBatch,
} from './feed-batch-writer';
import { leftAloneByFeed } from './feed-fields-sql';
import type { NameIds } from './name-ids';
import type { FeedProductRow } from './parse-feed-row';

/** Rows per commit on PostgreSQL: one COPY and one merge each (the row-batch writer commits 250). */
export const COPY_COMMIT_ROWS = 10_000;

/**
 * Gathered rows are written once the parser has had nothing new for this long (a slow download,
 * a feed that stalls): a commit never waits for rows that may be long in coming, and the job's
 * progress keeps moving.
 */
export const COPY_IDLE_FLUSH_MS = 250;

/**
 * The parsed batches as they come; whenever the next one takes longer than `idleMs`, `onIdle`
 * runs first (once per wait), e.g. to write the rows gathered so far.
 */
export async function* batchesWithIdleFlush<T>(source: AsyncIterable<T>, idleMs: number, onIdle: () => Promise<void>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = iterator.next();
      let timer: NodeJS.Timeout | undefined;
      const idle = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), idleMs)));
      try {
        if (await Promise.race([next.then(() => false), idle])) await onIdle();
      } finally {
        clearTimeout(timer);
      }
      const result = await next;
      if (result.done) return;
      yield result.value;
    }
  } finally {
    await iterator.return?.();
  }
}

/**
 * The one COPY commit being written while the next one's rows are gathered (docs/feeds.md,
 * "Writing on PostgreSQL"). Its failure is kept until the import next waits for it, never left
 * unhandled.
 */
export class CommitInFlight {
  private current: Promise<void> | null = null;
  private failure: { error: unknown } | null = null;

  start(commit: Promise<void>): void {
    this.current = commit.catch((error: unknown) => {
      this.failure = { error };
    });
  }

  /** Waits for the commit under way; throws its failure. */
  async settled(): Promise<void> {
    await this.current;
    this.current = null;
    const failure = this.failure;
    this.failure = null;
    if (failure) throw failure.error;
  }

  /** Waits for the commit under way when the import already failed for another reason, which is the one told. */
  async quietlySettled(): Promise<void> {
    await this.current;
    this.current = null;
    this.failure = null;
  }
}

/** The staging table's columns, in the order the COPY lines give them: a BatchRow's, then the new products' images. */
const STAGING_COLUMNS: readonly { name: keyof BatchRow | 'images'; type: string }[] = [
  { name: 'k', type: 'text' },
  { name: 'ean', type: 'text' },
  { name: 'sku', type: 'text' },
  { name: 'title', type: 'text' },
  { name: 'description', type: 'text' },
  { name: 'brand_id', type: 'int' },
  { name: 'category_id', type: 'int' },
  { name: 'price_supplier', type: 'numeric' },
  { name: 'selling_price', type: 'numeric' },
  { name: 'delivery_code', type: 'text' },
  { name: 'stock', type: 'int' },
  { name: 'weight', type: 'numeric' },
  { name: 'width', type: 'numeric' },
  { name: 'length', type: 'numeric' },
  { name: 'height', type: 'numeric' },
  { name: 'product_size', type: 'text' },
  { name: 'color', type: 'text' },
  { name: 'material', type: 'text' },
  { name: 'family_key', type: 'text' },
  { name: 'n_images', type: 'int' },
  { name: 'images_md5', type: 'text' },
  { name: 'main', type: 'boolean' },
  // New products' images as [{ id, url, name, ord }] (null when the commit may update products).
  { name: 'images', type: 'json' },
];

/** COPY lines are handed to the stream this many rows at a time. */
const LINES_PER_CHUNK = 500;

function noteLostConnection(error: Error): void {
  console.warn(`[feeds] the import's database connection ended: ${error.message}`);
}

/** The staging table of a supplier's import: one per supplier, whose imports never run at once (supplier-lock.ts). */
export const stagingTableName = (supplierId: number): string => `feed_staging_${supplierId}`;

/** The batch without the rows of these keys. */
function withoutKeys(batch: PreparedFeedBatch, keys: ReadonlySet<string>): PreparedFeedBatch {
  const kept = batch.rows.flatMap((row, i) => (keys.has(row.sourceKey) ? [] : [i]));
  return { ...batch, rows: kept.map((i) => batch.rows[i] as FeedProductRow), batchRows: kept.map((i) => batch.batchRows[i] as BatchRow) };
}

export class FeedCopyWriter {
  private constructor(
    private readonly db: Database,
    private readonly client: pg.PoolClient,
    private readonly connection: Database,
    private readonly supplierId: number,
  ) {}

  /**
   * A writer holding one connection of the pool for the whole import, its staging table made anew
   * (a killed run may have left one behind); null on PGlite.
   */
  static async open(db: Database, supplierId: number): Promise<FeedCopyWriter | null> {
    const pool = postgresPoolOf(db);
    if (!pool) return null;
    const client = await pool.connect();
    // A connection that ends mid-import fails the commit's query; without a listener its 'error' event would end the process.
    client.on('error', noteLostConnection);
    const writer = new FeedCopyWriter(db, client, drizzle(client, { schema }) as unknown as Database, supplierId);
    try {
      const columns = sql.raw(STAGING_COLUMNS.map((c) => `${c.name} ${c.type}`).join(', '));
      // The merge statements' estimates pass PostgreSQL's JIT threshold, and compiling them took
      // seconds (measured: 7.3 s of a 7.7 s statement) where running them takes milliseconds.
      await writer.connection.execute(sql`set jit = off`);
      await writer.connection.execute(sql`drop table if exists ${writer.staging}`);
      // No autovacuum: it is emptied by TRUNCATE and analyzed by each commit itself.
      await writer.connection.execute(sql`create unlogged table ${writer.staging} (${columns}) with (autovacuum_enabled = false)`);
    } catch (error) {
      client.off('error', noteLostConnection);
      client.release(true);
      throw error;
    }
    return writer;
  }

  private get staging(): SQL {
    return sql`${sql.identifier(stagingTableName(this.supplierId))}`;
  }

  /** Writes one commit's rows (feed-batch-writer.ts writeFeedBatch's rules and answer, any number of rows). */
  async write(
    rows: readonly FeedProductRow[],
    names: { brands: NameIds; categories: NameIds },
    now: Date,
    mayExist: boolean,
    rules: FeedWriteRules,
  ): Promise<BatchCounts> {
    if (rows.length === 0) return { created: 0, updated: 0, unchanged: 0, heldBack: [] };
    const batch = await prepareFeedBatch(this.db, rows, names, now);
    return this.connection.transaction(async (tx) => {
      await tx.execute(sql`truncate ${this.staging}`);
      await this.copy(batch, !mayExist);
      // Statistics of the staging table's key, so the merge joins it with the products by a plan for its real size.
      await tx.execute(sql`analyze ${this.staging} (k)`);
      if (!mayExist) {
        try {
          // A savepoint: should a product exist after all, the plain INSERT is undone and the upsert writes the commit.
          return await tx.transaction((savepoint) => this.insertNewProducts(savepoint, batch, rules));
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
      }
      // Rows the feed leaves alone (most of a re-import) are answered unchanged at once, without the merge.
      const alone = await queryRows<{ k: string }>(
        tx,
        sql`delete from ${this.staging} x using products p
             where p.supplier_id = ${this.supplierId} and p.source_key = x.k and ${leftAloneByFeed(rules)}
            returning x.k`,
      );
      const rest = alone.length === 0 ? batch : withoutKeys(batch, new Set(alone.map((row) => row.k)));
      const counts = rest.rows.length === 0 ? { created: 0, updated: 0, unchanged: 0, heldBack: [] } : await upsertFeedBatch(tx, this.supplierId, rest, sql`select * from ${this.staging}`, rules);
      return { ...counts, unchanged: counts.unchanged + alone.length };
    });
  }

  /** Drops the staging table and gives the connection back (closed, when the staging table could not be dropped). */
  async close(): Promise<void> {
    this.client.off('error', noteLostConnection);
    try {
      await this.connection.execute(sql`drop table if exists ${this.staging}`);
      // The connection goes back to the pool as it came: JIT as the server has it.
      await this.connection.execute(sql`reset jit`);
      this.client.release();
    } catch (error) {
      this.client.release(true);
      console.error(`[feeds] dropping the staging table of supplier ${this.supplierId} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The commit's rows into the staging table, streamed as COPY text lines. */
  private async copy(batch: PreparedFeedBatch, withImages: boolean): Promise<void> {
    const columns = STAGING_COLUMNS.map((c) => c.name).join(', ');
    const stream = this.client.query(copyFrom(`copy ${stagingTableName(this.supplierId)} (${columns}) from stdin`));
    const rows = batch.rows;
    const lines = function* () {
      for (let start = 0; start < rows.length; start += LINES_PER_CHUNK) {
        let chunk = '';
        for (let i = start; i < Math.min(rows.length, start + LINES_PER_CHUNK); i += 1) {
          const row = batch.batchRows[i] as BatchRow;
          const images = withImages ? JSON.stringify((rows[i] as FeedProductRow).images.map((url, n) => ({ id: orderedUuid(), url, name: imageName(url), ord: n + 1 }))) : null;
          chunk += copyLine([...STAGING_COLUMNS.slice(0, -1).map((c) => (row[c.name as keyof BatchRow] ?? null) as CopyValue), images]);
        }
        yield chunk;
      }
    };
    await pipeline(Readable.from(lines()), stream);
  }

  /**
   * A commit of products none of which can exist yet (the supplier had none when the import
   * started): one INSERT of the products and, in the same statement, of their images, as the
   * row-batch writer's writeNewProducts.
   */
  private async insertNewProducts(tx: Pick<Database, 'execute'>, batch: PreparedFeedBatch, rules: FeedWriteRules): Promise<BatchCounts> {
    const insert = insertBatchProducts(this.supplierId, sql`select * from ${this.staging}`, batch.at, rules.mapped);
    const written = await queryRows<{ n: number }>(
      tx,
      sql`with up as (${insert} returning p.product_id, p.source_key),
          images as (
            insert into product_images (id, product_id, source_url, name, is_main_image, position, created_at)
            select i.id, up.product_id, i.url, i.name, i.ord = 1, i.ord, ${batch.at}::timestamptz
              from ${this.staging} s
              join up on up.source_key = s.k
              cross join lateral json_to_recordset(s.images) as i(id text, url text, name text, ord int))
          select count(*)::int as n from up`,
    );
    const created = written[0]?.n ?? 0;
    return { created, updated: 0, unchanged: batch.rows.length - created, heldBack: [] };
  }
}
