/** What the bol calls need besides the database: the Retailer API client (real bol or the simulator). */
import { ApiError } from '../http/errors';
import type { BolClient } from './client/bol-client';

export interface BolDeps {
  /** null: no bol connection configured; calls that need bol answer 503. */
  client: BolClient | null;
  /** Language of content sent to bol. */
  language: 'nl' | 'nl-BE' | 'fr' | 'fr-BE';
  /** 'bol' or 'simulator', for the log and GET /api/v1/bol/jobs. */
  target: 'bol' | 'simulator';
  /**
   * PUBLIC_BASE_URL: the public address under which bol downloads our images. Required for content
   * uploads to the real bol; with the simulator the server's own address serves.
   */
  publicBaseUrl?: string | null;
}

/** The client, or 503 saying how to configure bol. */
export function requireBolClient(bol: BolDeps | undefined): BolClient {
  if (!bol?.client) {
    throw new ApiError(503, 'The bol connection is not configured: set BOL_CLIENT_ID and BOL_CLIENT_SECRET, or leave both unset to use the built-in bol simulator');
  }
  return bol.client;
}
