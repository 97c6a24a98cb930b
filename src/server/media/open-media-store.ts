/** The media store the settings ask for (docs/media-store.md). */
import path from 'node:path';
import type { Database } from '../db/connection';
import { DiskMediaStore } from './disk-media-store';
import type { MediaStore } from './media-store';
import { S3MediaStore, type S3MediaConfig } from './s3-media-store';

/** The local disk (DATA_DIR/media, the default) or an S3-compatible object store. */
export type MediaConfig = { kind: 'disk' } | ({ kind: 's3' } & S3MediaConfig);

export function openMediaStore(db: Database | null, config: MediaConfig, dataDir: string): MediaStore {
  return config.kind === 's3' ? new S3MediaStore(db, config) : new DiskMediaStore(db, path.join(dataDir, 'media'));
}
