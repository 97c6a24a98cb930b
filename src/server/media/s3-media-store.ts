/**
 * Media in an S3-compatible object store (AWS S3, MinIO, Ceph, R2, …; docs/media-store.md): the
 * object key is the /media path without its leading slash (`media/ab/abcdef….png`), so every
 * server process sees every image. HEAD before PUT keeps one object per content; an upload is
 * one PUT streamed from the spooled file (media:move copies stream through lib-storage's parts).
 */
import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import type * as S3SdkModule from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
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

type S3Sdk = typeof S3SdkModule;
let sdkLoading: Promise<S3Sdk> | null = null;

/**
 * The AWS SDK, loaded the first time an S3 store needs it: a server that keeps its media on disk
 * never loads it (~5 MB of heap; docs/feeds.md, "Import memory"). Imported by package name, so
 * the server's bundle keeps it a dynamic import too.
 */
function s3Sdk(): Promise<S3Sdk> {
  sdkLoading ??= import('@aws-sdk/client-s3');
  return sdkLoading;
}

export async function s3ClientOf(config: S3MediaConfig): Promise<S3Client> {
  const { S3Client } = await s3Sdk();
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

async function isMissing(error: unknown): Promise<boolean> {
  const { NotFound, NoSuchKey, S3ServiceException } = await s3Sdk();
  return error instanceof NotFound || error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);
}

export class S3MediaStore extends ContentAddressedStore {
  readonly kind = 's3' as const;
  /** Made once the SDK is loaded (s3Sdk). */
  private readonly client: Promise<S3Client>;

  constructor(
    db: Database | null,
    readonly config: S3MediaConfig,
    spoolDir = path.join(tmpdir(), 'backoffice-media-spool'),
  ) {
    super(db, spoolDir);
    this.client = s3ClientOf(config);
    // A failed load is reported by the first call that awaits it.
    this.client.catch(() => {});
  }

  async sizeOf(filePath: string): Promise<number | null> {
    if (!isMediaPath(filePath)) return null;
    try {
      const [{ HeadObjectCommand }, client] = await Promise.all([s3Sdk(), this.client]);
      const head = await client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: keyOf(filePath) }));
      return head.ContentLength ?? null;
    } catch (error) {
      if (await isMissing(error)) return null;
      throw error;
    }
  }

  async read(filePath: string): Promise<ReadableStream<Uint8Array> | null> {
    if (!isMediaPath(filePath)) return null;
    try {
      const [{ GetObjectCommand }, client] = await Promise.all([s3Sdk(), this.client]);
      const object = await client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: keyOf(filePath) }));
      return object.Body ? (object.Body.transformToWebStream() as ReadableStream<Uint8Array>) : null;
    } catch (error) {
      if (await isMissing(error)) return null;
      throw error;
    }
  }

  protected async putTaken(filePath: string, taken: TakenImage): Promise<void> {
    const [{ PutObjectCommand }, client] = await Promise.all([s3Sdk(), this.client]);
    if (taken.content.kind === 'bytes') {
      await client.send(new PutObjectCommand({ ...this.objectParams(filePath), Body: taken.content.bytes, ContentLength: taken.bytes }));
      return;
    }
    // One PUT streamed from the spooled file: its length is known, so nothing is buffered (an
    // image is at most 10 MB, far below the 5 GB a single PUT takes).
    await client.send(new PutObjectCommand({ ...this.objectParams(filePath), Body: createReadStream(taken.content.path), ContentLength: taken.bytes }));
  }

  async put(filePath: string, body: ReadableStream<Uint8Array>, bytes: number): Promise<void> {
    if (!isMediaPath(filePath)) throw new Error(`'${filePath}' is not a media path`);
    await this.upload(filePath, Readable.fromWeb(body as NodeWebReadableStream<Uint8Array>));
    const stored = await this.sizeOf(filePath);
    if (stored !== bytes) throw new Error(`${filePath}: the object store holds ${stored ?? 'no'} bytes, expected ${bytes}`);
  }

  async *list(): AsyncIterable<StoredFile> {
    const [{ ListObjectsV2Command }, client] = await Promise.all([s3Sdk(), this.client]);
    let token: string | undefined;
    do {
      const page = await client.send(
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
    void this.client.then((client) => client.destroy(), () => {});
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
    const [{ Upload }, client] = await Promise.all([import('@aws-sdk/lib-storage'), this.client]);
    await new Upload({ client, params: { ...this.objectParams(filePath), Body: body }, queueSize: 2 }).done();
  }
}
