/**
 * Time limits of the HTTP server itself (node:http), so a client that sends its headers or body
 * slowly (slowloris) cannot hold connections open. Values: docs/security.md, "Limits".
 */
import type { ServerOptions } from 'node:http';

export const SERVER_LIMITS = {
  /** The whole request head must arrive within this time (node answers 408 and closes). */
  headersTimeoutMs: 20_000,
  /** The whole request, body included, must arrive within this time (a 10 MB upload at 1 Mbit/s fits). */
  requestTimeoutMs: 120_000,
  /** An idle kept-alive connection is closed after this time. */
  keepAliveTimeoutMs: 5_000,
  /** How often node checks the two timeouts above (its default, 30 s, would let a slow client stay longer). */
  checkIntervalMs: 1_000,
  /** Largest request head (node's default, stated here so it is documented). */
  maxHeaderBytes: 16 * 1024,
} as const;

export type ServerLimits = { [K in keyof typeof SERVER_LIMITS]: number };

/** node:http server options carrying the limits (pass to serve({ serverOptions })). */
export function httpServerOptions(limits: ServerLimits = SERVER_LIMITS): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: limits.checkIntervalMs,
    maxHeaderSize: limits.maxHeaderBytes,
  };
}
