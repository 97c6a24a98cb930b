/** Server settings, read once from the environment. Every variable is documented in docs/configuration.md. */
import path from 'node:path';
import { DEFAULT_ADMIN } from './accounts/accounts';
import type { BolConfig } from './bol/bol-setup';
import { parseAllowList } from './feeds/outbound-addresses';
import { DEFAULT_MAX_FEED_BYTES, type OutboundPolicy } from './feeds/outbound';
import type { MediaConfig } from './media/open-media-store';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** A PostgreSQL connection string; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | null;
  /** Signing secret for access tokens; when absent one is generated once and kept in dataDir. */
  jwtSecret: string | null;
  tokenLifetimeSeconds: number;
  adminUsername: string;
  adminPassword: string;
  /** The built PWA (vite build output). */
  staticDir: string;
  login: { maxFailures: number; windowSeconds: number; maxFailuresPerAddress: number };
  /** Reverse proxies in front of the server that append to X-Forwarded-For (0: none; docs/security.md). */
  trustProxyHops: number;
  bol: BolConfig;
  /** Supplier-controlled downloads: OUTBOUND_ALLOW and FEED_MAX_BYTES (docs/security.md). */
  outbound: OutboundPolicy;
  /** IMPORT_MIN_FREE_MB: an import is refused while the data folder has less free space than this. */
  importMinFreeBytes: number;
  /** MEDIA_STORE and the S3_* settings: where product images are kept (docs/media-store.md). */
  media: MediaConfig;
  /** SHUTDOWN_GRACE_SECONDS: how long SIGTERM waits for running requests before the process ends anyway. */
  shutdownGraceMs: number;
  /** A running job whose process has not beaten its heartbeat for this long is marked interrupted (docs/jobs.md). */
  jobLeaseSeconds: number;
}

/** MEDIA_STORE=disk|s3 with S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE, MEDIA_PUBLIC_URL. */
export function readMediaConfig(env: NodeJS.ProcessEnv): MediaConfig {
  const kind = env.MEDIA_STORE || 'disk';
  if (kind === 'disk') return { kind: 'disk' };
  if (kind !== 's3') throw new Error(`MEDIA_STORE must be 'disk' or 's3', got '${kind}'`);
  const bucket = (env.S3_BUCKET ?? '').trim();
  if (bucket === '') throw new Error('MEDIA_STORE=s3 needs S3_BUCKET');
  const accessKeyId = env.S3_ACCESS_KEY_ID || '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || '';
  if ((accessKeyId === '') !== (secretAccessKey === '')) throw new Error('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither to use the AWS SDK default credentials');
  const endpoint = (env.S3_ENDPOINT ?? '').trim();
  if (endpoint !== '' && !isHttpUrl(endpoint)) throw new Error(`S3_ENDPOINT must be an absolute http(s) URL, got '${endpoint}'`);
  const publicUrl = (env.MEDIA_PUBLIC_URL ?? '').trim();
  if (publicUrl !== '' && !isHttpUrl(publicUrl)) throw new Error(`MEDIA_PUBLIC_URL must be an absolute http(s) URL, got '${publicUrl}'`);
  const pathStyle = env.S3_FORCE_PATH_STYLE || '0';
  if (pathStyle !== '0' && pathStyle !== '1') throw new Error(`S3_FORCE_PATH_STYLE must be 0 or 1, got '${pathStyle}'`);
  return {
    kind: 's3',
    endpoint: endpoint || null,
    region: env.S3_REGION || 'us-east-1',
    bucket,
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: pathStyle === '1',
    publicUrl: publicUrl ? publicUrl.replace(/\/+$/, '') : null,
  };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const BOL_LANGUAGES = ['nl', 'nl-BE', 'fr', 'fr-BE'] as const;

function readBolConfig(env: NodeJS.ProcessEnv): BolConfig {
  const clientId = env.BOL_CLIENT_ID || '';
  const clientSecret = env.BOL_CLIENT_SECRET || '';
  if ((clientId === '') !== (clientSecret === '')) {
    throw new Error('Set both BOL_CLIENT_ID and BOL_CLIENT_SECRET, or neither to use the built-in bol simulator');
  }
  const language = env.BOL_CONTENT_LANGUAGE || 'nl';
  if (!(BOL_LANGUAGES as readonly string[]).includes(language)) throw new Error(`BOL_CONTENT_LANGUAGE must be one of ${BOL_LANGUAGES.join(', ')}, got '${language}'`);
  return {
    credentials: clientId === '' ? null : { clientId, clientSecret },
    apiUrl: env.BOL_API_URL || 'https://api.bol.com',
    tokenUrl: env.BOL_TOKEN_URL || 'https://login.bol.com/token',
    simulatorPort: positiveInt(env.BOL_SIMULATOR_PORT, 0, 'BOL_SIMULATOR_PORT'),
    language: language as BolConfig['language'],
    modelFile: env.BOL_MODEL_FILE ? path.resolve(env.BOL_MODEL_FILE) : null,
    publicBaseUrl: readPublicBaseUrl(env),
  };
}

// ---- Public address of the media (bol downloads product images from it; docs/bol.md) ----

/**
 * PUBLIC_BASE_URL: the address under which the internet reaches this server's /media files, e.g.
 * https://backoffice.example.com (a path prefix is allowed). Needed to create content on the real bol.
 */
export function readPublicBaseUrl(env: NodeJS.ProcessEnv): string | null {
  const value = (env.PUBLIC_BASE_URL ?? '').trim();
  if (value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_BASE_URL must be an absolute http(s) URL, got '${value}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_BASE_URL must be an absolute http(s) URL, got '${value}'`);
  if (url.search || url.hash) throw new Error(`PUBLIC_BASE_URL must not have a query or fragment, got '${value}'`);
  return url.href.replace(/\/+$/, '');
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, got '${value}'`);
  return parsed;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: positiveInt(env.PORT, 8080, 'PORT'),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    jwtSecret: env.JWT_SECRET || null,
    tokenLifetimeSeconds: positiveInt(env.TOKEN_LIFETIME_SECONDS, 12 * 60 * 60, 'TOKEN_LIFETIME_SECONDS'),
    adminUsername: env.ADMIN_USERNAME || DEFAULT_ADMIN.username,
    adminPassword: env.ADMIN_PASSWORD || DEFAULT_ADMIN.password,
    staticDir: path.resolve(env.STATIC_DIR || './dist'),
    login: {
      maxFailures: positiveInt(env.LOGIN_MAX_FAILURES, 5, 'LOGIN_MAX_FAILURES'),
      windowSeconds: positiveInt(env.LOGIN_WINDOW_SECONDS, 60, 'LOGIN_WINDOW_SECONDS'),
      maxFailuresPerAddress: positiveInt(env.LOGIN_MAX_FAILURES_PER_ADDRESS, 20, 'LOGIN_MAX_FAILURES_PER_ADDRESS'),
    },
    trustProxyHops: positiveInt(env.TRUST_PROXY_HOPS, 0, 'TRUST_PROXY_HOPS'),
    bol: readBolConfig(env),
    outbound: {
      allow: parseAllowList(env.OUTBOUND_ALLOW),
      maxFeedBytes: positiveInt(env.FEED_MAX_MB, DEFAULT_MAX_FEED_BYTES / (1024 * 1024), 'FEED_MAX_MB') * 1024 * 1024,
    },
    importMinFreeBytes: positiveInt(env.IMPORT_MIN_FREE_MB, 500, 'IMPORT_MIN_FREE_MB') * 1024 * 1024,
    media: readMediaConfig(env),
    shutdownGraceMs: positiveInt(env.SHUTDOWN_GRACE_SECONDS, 10, 'SHUTDOWN_GRACE_SECONDS') * 1000,
    jobLeaseSeconds: positiveInt(env.JOB_LEASE_SECONDS, 30, 'JOB_LEASE_SECONDS'),
  };
}
