/** The media store the settings ask for (docs/media-store.md). */
import path from 'node:path';
import type { MediaConfig } from '../config';
import type { Database } from '../db/connection';
import { DiskMediaStore } from './disk-media-store';
import type { MediaStore } from './media-store';
import { S3MediaStore } from './s3-media-store';

export function openMediaStore(db: Database | null, config: MediaConfig, dataDir: string): MediaStore {
  return config.kind === 's3' ? new S3MediaStore(db, config) : new DiskMediaStore(db, path.join(dataDir, 'media'));
}
