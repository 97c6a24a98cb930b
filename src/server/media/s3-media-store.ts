/**
 * Media in an S3-compatible object store (AWS S3, MinIO, Ceph, R2, …; docs/media-store.md): the
 * object key is the /media path without its leading slash (`media/ab/abcdef….png`), so every
 * server process sees every image. HEAD before PUT keeps one object per content; uploads stream
 * from the spooled file (lib-storage splits large ones into parts).
 */
import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NotFound,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Database } from '../db/connection';
import { MEDIA_CACHE_CONTROL } from './media-cache';
import type { TakenImage } from './image-intake';
import { ContentAddressedStore } from './content-addressed-store';
import { isMediaPath, mediaContentTypeOf, type StoredFile } from './media-store';

export interface S3MediaConfig {
  /** S3_ENDPOINT: the store's address; null means AWS itself (from the region). */
  endpoint: string | null;
  region: string;
  bucket: string;
  /** S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY; null: the AWS SDK's own chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** S3_FORCE_PATH_STYLE: http://host/bucket/key instead of http://bucket.host/key (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
  /** MEDIA_PUBLIC_URL: where the bucket's objects are publicly readable (a CDN or the bucket's own address), or null. */
  publicUrl: string | null;
}

export function s3ClientOf(config: S3MediaConfig): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible stores do not take the SDK's newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const keyOf = (filePath: string) => filePath.slice(1);

const isMissing = (error: unknown) =>
  error instanceof NotFound || error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

export class S3MediaStore extends ContentAddressedStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(
    db: Database | null,
    readonly config: S3MediaConfig,
    spoolDir = path.join(tmpdir(), 'backoffice-media-spool'),
  ) {
    super(db, spoolDir);
    this.client = s3ClientOf(config);
  }

  async sizeOf(filePath: string): Promise<number | null> {
    if (!isMediaPath(filePath)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: keyOf(filePath) }));
      return head.ContentLength ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(filePath: string): Promise<ReadableStream<Uint8Array> | null> {
    if (!isMediaPath(filePath)) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: keyOf(filePath) }));
      return object.Body ? (object.Body.transformToWebStream() as ReadableStream<Uint8Array>) : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  protected async putTaken(filePath: string, taken: TakenImage): Promise<void> {
    if (taken.content.kind === 'bytes') {
      await this.client.send(new PutObjectCommand({ ...this.objectParams(filePath), Body: taken.content.bytes, ContentLength: taken.bytes }));
      return;
    }
    await this.upload(filePath, createReadStream(taken.content.path));
  }

  async put(filePath: string, body: ReadableStream<Uint8Array>, bytes: number): Promise<void> {
    if (!isMediaPath(filePath)) throw new Error(`'${filePath}' is not a media path`);
    await this.upload(filePath, Readable.fromWeb(body as NodeWebReadableStream<Uint8Array>));
    const stored = await this.sizeOf(filePath);
    if (stored !== bytes) throw new Error(`${filePath}: the object store holds ${stored ?? 'no'} bytes, expected ${bytes}`);
  }

  async *list(): AsyncIterable<StoredFile> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: 'media/', ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const filePath = `/${object.Key ?? ''}`;
        if (isMediaPath(filePath)) yield { filePath, bytes: object.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  get publicUrl(): string | null {
    return this.config.publicUrl;
  }

  publicUrlOf(filePath: string): string | null {
    return this.config.publicUrl && isMediaPath(filePath) ? `${this.config.publicUrl}/${keyOf(filePath)}` : null;
  }

  close(): void {
    this.client.destroy();
  }

  private objectParams(filePath: string) {
    return {
      Bucket: this.config.bucket,
      Key: keyOf(filePath),
      ContentType: mediaContentTypeOf(filePath) ?? 'application/octet-stream',
      CacheControl: MEDIA_CACHE_CONTROL,
    };
  }

  /** A streamed upload: parts of 5 MB at most in memory, whatever the file's size. */
  private async upload(filePath: string, body: Readable): Promise<void> {
    await new Upload({ client: this.client, params: { ...this.objectParams(filePath), Body: body }, queueSize: 2 }).done();
  }
}
