/** Server settings, read once from the environment. Every variable is documented in the README. */
import path from 'node:path';

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
  login: { maxFailures: number; windowSeconds: number };
}

export const DEFAULT_ADMIN = { username: 'admin', password: 'admin' } as const;

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
    },
  };
}
