/**
 * A real S3-compatible server for the tests: s3rver (an npm package that speaks the S3 HTTP
 * protocol and keeps objects in a folder), on a free loopback port. Why s3rver: docs/media-store.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's built-in key pair (it checks signatures against it). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface RunningS3Server {
  endpoint: string;
  close(): Promise<void>;
}

/** A bucket made when the server starts; `readableByAnyOrigin`: its objects may be read by pages of any origin (a CORS rule for GET). */
export interface PreparedBucket {
  name: string;
  readableByAnyOrigin?: boolean;
}

/** A bucket's CORS configuration as S3's PutBucketCors takes it: GET from any origin. */
const GET_FROM_ANY_ORIGIN = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export async function startS3Server(buckets: readonly PreparedBucket[] = []): Promise<RunningS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'backoffice-s3rver-'));
  const configureBuckets = buckets.map((bucket) => ({ name: bucket.name, configs: bucket.readableByAnyOrigin ? [GET_FROM_ANY_ORIGIN] : [] }));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
