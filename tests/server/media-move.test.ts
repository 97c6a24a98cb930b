/**
 * npm run media:move (docs/media-store.md): copies between the disk and a bucket on the S3 test
 * server, skipping what is there, checking sizes, and finishing the job when run again after a stop.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskMediaStore } from '../../src/server/media/disk-media-store';
import type { StoredFile } from '../../src/server/media/media-store';
import { moveMedia, type MediaCopySide } from '../../src/server/media/move-media';
import { S3MediaStore } from '../../src/server/media/s3-media-store';
import { createTestApp, createTestBucket, type TestApp } from './support/test-app';

function pngBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  bytes.set(randomBytes(Math.min(64, size - 8)), 8);
  return bytes;
}

async function filesOf(store: MediaCopySide): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  for await (const file of store.list()) files.push(file);
  return files.sort((a, b) => a.filePath.localeCompare(b.filePath));
}

let t: TestApp;
let disk: DiskMediaStore;
const folders: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ mediaStore: 'disk' });
  disk = t.media as DiskMediaStore;
  for (const size of [100, 5_000, 300_000, 1_200_000, 70]) await disk.storeImage(pngBytes(size));
});
afterAll(async () => {
  await t.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('moving media between the disk and the object store', () => {
  it('copies every file to the bucket, then skips them all on a second run', async () => {
    const s3 = new S3MediaStore(null, await createTestBucket());
    const first = await moveMedia(disk, s3);
    expect(first).toMatchObject({ copied: 5, skipped: 0, failed: [] });
    expect(await filesOf(s3)).toEqual(await filesOf(disk));
    const again = await moveMedia(disk, s3);
    expect(again).toMatchObject({ copied: 0, skipped: 5, failed: [] });
  });

  it('finishes a run that stopped midway, and replaces a copy of the wrong size', async () => {
    const s3 = new S3MediaStore(null, await createTestBucket());
    let puts = 0;
    const failingAfterTwo: MediaCopySide = {
      list: () => s3.list(),
      read: (filePath) => s3.read(filePath),
      sizeOf: (filePath) => s3.sizeOf(filePath),
      put: async (filePath, body, bytes) => {
        puts += 1;
        if (puts > 2) throw new Error('connection reset');
        await s3.put(filePath, body, bytes);
      },
    };
    const stopped = await moveMedia(disk, failingAfterTwo);
    expect(stopped.copied).toBe(2);
    expect(stopped.failed).toHaveLength(3);

    // A half-written object (e.g. from another tool) has the wrong size: copied again.
    const [victim] = (await filesOf(disk)).filter((file) => !(stopped.failed.some((f) => f.filePath === file.filePath)));
    await s3.put(victim!.filePath, new Blob([new Uint8Array(10)]).stream(), 10);

    const resumed = await moveMedia(disk, s3);
    expect(resumed).toMatchObject({ copied: 4, skipped: 1, failed: [] });
    expect(await filesOf(s3)).toEqual(await filesOf(disk));
    const back = await new Response(await s3.read(victim!.filePath)).arrayBuffer();
    expect(back.byteLength).toBe(victim!.bytes);
  });

  it('copies back from the bucket to an empty media folder, byte for byte', async () => {
    const s3 = new S3MediaStore(null, await createTestBucket());
    await moveMedia(disk, s3);
    const folder = mkdtempSync(path.join(tmpdir(), 'backoffice-media-back-'));
    folders.push(folder);
    const emptyDisk = new DiskMediaStore(null, folder);
    expect(await moveMedia(s3, emptyDisk)).toMatchObject({ copied: 5, failed: [] });
    for (const file of await filesOf(disk)) {
      const original = Buffer.from(await new Response(await disk.read(file.filePath)).arrayBuffer());
      const copy = Buffer.from(await new Response(await emptyDisk.read(file.filePath)).arrayBuffer());
      expect(copy.equals(original), file.filePath).toBe(true);
    }
  });

  it('runs as npm run media:move -- --to s3 with the settings from the environment', async () => {
    const bucket = await createTestBucket();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      S3_ENDPOINT: bucket.endpoint ?? '',
      S3_BUCKET: bucket.bucket,
      S3_ACCESS_KEY_ID: bucket.credentials?.accessKeyId ?? '',
      S3_SECRET_ACCESS_KEY: bucket.credentials?.secretAccessKey ?? '',
      S3_FORCE_PATH_STYLE: '1',
    };
    // A data folder whose media/ holds the same files as the test app's disk store.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-data-'));
    folders.push(dataDir);
    await moveMedia(disk, new DiskMediaStore(null, path.join(dataDir, 'media')));
    env.DATA_DIR = dataDir;
    const run = () => promisify(execFile)(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/media-move.ts', '--to', 's3'], { env });
    const first = await run();
    expect(first.stdout).toMatch(/5 copied .* 0 already there, 0 failed/);
    const second = await run();
    expect(second.stdout).toMatch(/0 copied .* 5 already there, 0 failed/);
    expect(await filesOf(new S3MediaStore(null, bucket))).toEqual(await filesOf(disk));
  }, 60_000);
});
