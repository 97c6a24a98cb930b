/**
 * npm run media:move -- --to s3|disk: copies the stored images between DATA_DIR/media and the
 * object store of the S3_* settings (docs/media-store.md). Safe to stop and run again.
 */
import path from 'node:path';
import { readConfig, readMediaConfig } from '../src/server/config';
import { DiskMediaStore } from '../src/server/media/disk-media-store';
import { moveMedia } from '../src/server/media/move-media';
import { S3MediaStore } from '../src/server/media/s3-media-store';

const toIndex = process.argv.indexOf('--to');
const to = toIndex >= 0 ? process.argv[toIndex + 1] : undefined;
if (to !== 's3' && to !== 'disk') {
  console.error('Usage: npm run media:move -- --to s3|disk   (the S3_* settings name the bucket, DATA_DIR the folder)');
  process.exit(2);
}

const config = readConfig();
const s3Config = readMediaConfig({ ...process.env, MEDIA_STORE: 's3' });
if (s3Config.kind !== 's3') throw new Error('unreachable: MEDIA_STORE=s3 was asked for');
const disk = new DiskMediaStore(null, path.join(config.dataDir, 'media'));
const s3 = new S3MediaStore(null, s3Config);
const [from, target] = to === 's3' ? [disk, s3] : [s3, disk];
const where = (store: DiskMediaStore | S3MediaStore) => (store instanceof DiskMediaStore ? store.mediaDir : `bucket ${s3Config.bucket}`);
console.log(`[media:move] copying from ${where(from)} to ${where(target)}`);
const started = performance.now();
const report = await moveMedia(from, target, (line) => console.log(line));
s3.close();
console.log(
  `[media:move] ${report.copied} copied (${(report.bytesCopied / 1024 / 1024).toFixed(1)} MB), ${report.skipped} already there, ${report.failed.length} failed, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
for (const failure of report.failed) console.error(`[media:move] ${failure.filePath}: ${failure.reason}`);
process.exit(report.failed.length > 0 ? 1 : 0);
