/**
 * The uploaded feed file in the database (docs/feeds.md, "Feed sources"): stored in ~1 MB chunks
 * while it arrives, swapped in whole at the end, read back chunk by chunk by Run and Test feed; an
 * upload that fails or is aborted leaves nothing behind, and files stored before the chunks were
 * moved into chunks by the migration. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedRunReport } from '../../src/shared/contract';
import type { SupplierDetails, TestFeedReport } from '../../src/shared/suppliers';
import type { Database } from '../../src/server/db/connection';
import { products, supplierFeedFileChunks, supplierFeedFiles } from '../../src/server/db/schema';
import { FEED_FILE_CHUNK_BYTES, feedFileStream, storedFeedFile } from '../../src/server/feeds/feed-file-store';
import { MAX_FEED_UPLOAD_BYTES } from '../../src/server/feeds/feed-source';
import { databaseBeforeMigration } from './support/database-before-migration';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
const MB = 1024 * 1024;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A CSV feed of `rows` products, each line ~1 KB, so a few thousand rows span several chunks. */
function csvFeed(rows: number, revision = ''): Buffer {
  const lines = ['sku;title;price;stock;description'];
  for (let i = 0; i < rows; i += 1) lines.push(`CH-${i};Chunked product ${i}${revision};${(10 + (i % 90)).toFixed(2)};${i % 7};${`Line ${i} `.repeat(100)}`);
  return Buffer.from(lines.join('\n'));
}

async function call(method: string, url: string, body?: unknown) {
  const headers: Record<string, string> = { Authorization: `Bearer ${await t.token()}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await t.app.request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, text, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

let names = 0;
async function addSupplier(): Promise<SupplierDetails> {
  names += 1;
  const { status, body, text } = await call('POST', '/api/v1/suppliers', { supplierName: `Chunked ${names}`, feedSource: 'upload', feedFormat: 'csv' });
  expect(status, text).toBe(201);
  return body as SupplierDetails;
}

async function upload(supplierId: number, bytes: Uint8Array, name = 'feed.csv') {
  const form = new FormData();
  form.append('feedFile', new File([new Uint8Array(bytes)], name));
  const response = await t.app.request(`/api/v1/suppliers/feed-file/${supplierId}`, { method: 'POST', headers: { Authorization: `Bearer ${await t.token()}` }, body: form });
  return { status: response.status, body: (await response.json()) as SupplierDetails & { message?: string } };
}

/** A multipart body sent as a stream without a length, as a client whose upload may break off. */
async function uploadStream(supplierId: number, boundary: string, body: ReadableStream<Uint8Array>) {
  return t.app.request(`/api/v1/suppliers/feed-file/${supplierId}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await t.token()}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  } as RequestInit);
}

async function chunkRows(db: Database, supplierId?: number) {
  return db
    .select({ uploadId: supplierFeedFileChunks.uploadId, seq: supplierFeedFileChunks.seq, size: sql<number>`length(${supplierFeedFileChunks.bytes})::int` })
    .from(supplierFeedFileChunks)
    .where(supplierId === undefined ? undefined : eq(supplierFeedFileChunks.supplierId, supplierId))
    .orderBy(supplierFeedFileChunks.uploadId, supplierFeedFileChunks.seq);
}

async function readStored(db: Database, supplierId: number): Promise<Buffer> {
  const file = await storedFeedFile(db, supplierId);
  if (!file) throw new Error('no stored file');
  const parts: Uint8Array[] = [];
  for await (const part of feedFileStream(db, file) as unknown as AsyncIterable<Uint8Array>) parts.push(part);
  return Buffer.concat(parts);
}

describe('an uploaded feed file in chunks', () => {
  it('is stored in 1 MB chunks, imported whole by Run (rows across chunk borders intact) and read by Test feed', async () => {
    const supplier = await addSupplier();
    const feed = csvFeed(3_500);
    expect(feed.length).toBeGreaterThan(3 * FEED_FILE_CHUNK_BYTES);
    const { status, body } = await upload(supplier.supplierId, feed);
    expect(status, body.message).toBe(200);
    expect(body.uploadedFile).toMatchObject({ name: 'feed.csv', bytes: feed.length });

    const chunks = await chunkRows(t.database.db, supplier.supplierId);
    expect(chunks.map((c) => c.seq)).toEqual([0, 1, 2, 3]);
    expect(chunks.slice(0, 3).every((c) => c.size === FEED_FILE_CHUNK_BYTES)).toBe(true);
    expect(Buffer.compare(await readStored(t.database.db, supplier.supplierId), feed)).toBe(0);

    const run = await call('POST', `/api/v1/feed/parse/${supplier.supplierId}?wait=true`);
    expect(run.status, run.text).toBe(200);
    expect((run.body as FeedRunReport).entries[0]).toMatchObject({ rowsRead: 3_500, created: 3_500, refused: 0 });
    // The row that straddles the first chunk border came through whole.
    const border = feed.subarray(0, FEED_FILE_CHUNK_BYTES).toString('utf8').split('\n').length - 2;
    const [straddling] = await t.database.db.select().from(products).where(eq(products.sku, `CH-${border}`));
    expect(straddling).toMatchObject({ title: `Chunked product ${border}`, stock: border % 7 });

    const preview = await call('POST', '/api/v1/suppliers/test-feed', { supplierId: supplier.supplierId, feedSource: 'upload', feedFormat: 'csv' });
    expect(preview.status, preview.text).toBe(200);
    const report = preview.body as TestFeedReport;
    expect(report.columns).toEqual(['sku', 'title', 'price', 'stock', 'description']);
    expect(report.rows).toHaveLength(20);
    expect(report.more).toBe(true);
    expect(report.rows[0]).toMatchObject({ line: 2, problems: [], product: { sku: 'CH-0', title: 'Chunked product 0' } });
  });

  it('a new file replaces the old one whole: its chunks are gone, Run imports the new one', async () => {
    const supplier = await addSupplier();
    expect((await upload(supplier.supplierId, csvFeed(2_500))).status).toBe(200);
    const first = await chunkRows(t.database.db, supplier.supplierId);
    const smaller = csvFeed(1_200, ' (new)');
    const second = await upload(supplier.supplierId, smaller, 'new.csv');
    expect(second.status).toBe(200);
    expect(second.body.uploadedFile).toMatchObject({ name: 'new.csv', bytes: smaller.length });
    const now = await chunkRows(t.database.db, supplier.supplierId);
    expect(now.map((c) => c.seq)).toEqual([0, 1]);
    expect(now.some((c) => first.some((f) => f.uploadId === c.uploadId))).toBe(false);
    const run = await call('POST', `/api/v1/feed/parse/${supplier.supplierId}?wait=true`);
    expect((run.body as FeedRunReport).entries[0]).toMatchObject({ rowsRead: 1_200, created: 1_200 });
  });

  it('an upload the client aborts halfway leaves no chunk behind and keeps the stored file', async () => {
    const supplier = await addSupplier();
    const kept = csvFeed(100);
    expect((await upload(supplier.supplierId, kept)).status).toBe(200);
    const boundary = 'aborted-upload-boundary';
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="feedFile"; filename="big.csv"\r\n\r\n`));
      },
      async pull(controller) {
        if (sent >= 3 * MB) {
          // Long enough for the chunks before to be written, then the connection breaks.
          await new Promise((resolve) => setTimeout(resolve, 200));
          controller.error(new Error('the client went away'));
          return;
        }
        controller.enqueue(new Uint8Array(64 * 1024).fill(65));
        sent += 64 * 1024;
      },
    });
    const response = await uploadStream(supplier.supplierId, boundary, body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    const chunks = await chunkRows(t.database.db, supplier.supplierId);
    expect(chunks).toHaveLength(1); // the kept file's one chunk
    expect(Buffer.compare(await readStored(t.database.db, supplier.supplierId), kept)).toBe(0);
  });

  it(`a file over ${MAX_FEED_UPLOAD_BYTES / MB} MB sent without a length is refused with 413 once it passes the limit, leaving no chunk behind`, async () => {
    const supplier = await addSupplier();
    const boundary = 'too-large-boundary';
    const encoder = new TextEncoder();
    let sent = 0;
    let state: 'file' | 'tail' | 'done' = 'file';
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="feedFile"; filename="huge.csv"\r\n\r\n`));
      },
      pull(controller) {
        if (state === 'file') {
          const length = Math.min(256 * 1024, MAX_FEED_UPLOAD_BYTES + 1 - sent);
          controller.enqueue(new Uint8Array(length).fill(66));
          sent += length;
          if (sent > MAX_FEED_UPLOAD_BYTES) state = 'tail';
        } else if (state === 'tail') {
          controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
          state = 'done';
        } else {
          controller.close();
        }
      },
    });
    const response = await uploadStream(supplier.supplierId, boundary, body);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toMatch(/larger than 50 MB/);
    // The server read (and stored) up to the limit before it refused.
    expect(sent).toBeGreaterThan(MAX_FEED_UPLOAD_BYTES - MB);
    expect(await chunkRows(t.database.db, supplier.supplierId)).toEqual([]);
    expect(await t.database.db.select().from(supplierFeedFiles).where(eq(supplierFeedFiles.supplierId, supplier.supplierId))).toEqual([]);
  }, 60_000);

  it('chunks of an upload whose process died are swept by a later upload once an hour old, not sooner', async () => {
    const supplier = await addSupplier();
    const stale = crypto.randomUUID();
    const recent = crypto.randomUUID();
    await t.database.db.insert(supplierFeedFileChunks).values([
      { uploadId: stale, seq: 0, supplierId: supplier.supplierId, bytes: Buffer.from('stale'), writtenAt: new Date(Date.now() - 2 * 3_600_000) },
      { uploadId: recent, seq: 0, supplierId: supplier.supplierId, bytes: Buffer.from('still arriving') },
    ]);
    expect((await upload(supplier.supplierId, csvFeed(10))).status).toBe(200);
    const left = new Set((await chunkRows(t.database.db, supplier.supplierId)).map((c) => c.uploadId));
    expect(left.has(stale)).toBe(false);
    expect(left.has(recent)).toBe(true);
  });

  it('an import of an uploaded feed over a limit fails its job with a message naming the limit', async () => {
    const { status, body, text } = await call('POST', '/api/v1/suppliers', { supplierName: 'Too deep', feedSource: 'upload', feedFormat: 'xml' });
    expect(status, text).toBe(201);
    const supplier = body as SupplierDetails;
    expect((await upload(supplier.supplierId, Buffer.from(`<feed>${'<a>'.repeat(1_500_000)}`), 'deep.xml')).status).toBe(200);
    const run = await call('POST', `/api/v1/feed/parse/${supplier.supplierId}?wait=true`);
    const entry = (run.body as FeedRunReport).entries[0];
    expect(entry?.status).toBe('failed');
    expect(entry?.message).toMatch(/The XML feed nests elements more than 64 deep, the limit of a feed/);
  });

  it('deleting the supplier deletes its file and chunks', async () => {
    const supplier = await addSupplier();
    expect((await upload(supplier.supplierId, csvFeed(1_500))).status).toBe(200);
    expect((await call('DELETE', `/api/v1/suppliers/${supplier.supplierId}`)).status).toBe(204);
    expect(await chunkRows(t.database.db, supplier.supplierId)).toEqual([]);
    expect(await t.database.db.select().from(supplierFeedFiles).where(eq(supplierFeedFiles.supplierId, supplier.supplierId))).toEqual([]);
  });
});

describe('the migration to chunks', () => {
  it('moves a feed file stored before into 1 MB chunks that read back the same bytes', async () => {
    const { db, migrateAll, close } = await databaseBeforeMigration('0015_feed_file_chunks');
    try {
      const old = randomBytes(2 * MB + 12_345);
      const small = Buffer.from('title;sku\nOne;1\n');
      const inserted = await db.execute(sql`INSERT INTO suppliers (supplier_name, feed_source) VALUES ('Old big', 'upload'), ('Old small', 'upload') RETURNING supplier_id`);
      const [big, tiny] = (inserted as unknown as { rows: { supplier_id: number }[] }).rows.map((row) => row.supplier_id);
      await db.execute(sql`INSERT INTO supplier_feed_files (supplier_id, file_name, bytes, size) VALUES (${big}, 'old.bin', decode(${old.toString('base64')}, 'base64'), ${old.length}), (${tiny}, 'small.csv', decode(${small.toString('base64')}, 'base64'), ${small.length})`);

      await migrateAll();

      const chunks = await chunkRows(db, big);
      expect(chunks.map((c) => [c.seq, c.size])).toEqual([
        [0, FEED_FILE_CHUNK_BYTES],
        [1, FEED_FILE_CHUNK_BYTES],
        [2, 12_345],
      ]);
      expect(Buffer.compare(await readStored(db, big ?? 0), old)).toBe(0);
      expect(Buffer.compare(await readStored(db, tiny ?? 0), small)).toBe(0);
      expect(await storedFeedFile(db, big ?? 0)).toMatchObject({ name: 'old.bin', size: old.length });
    } finally {
      await close();
    }
  });
});
