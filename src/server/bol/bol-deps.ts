/**
 * What the bol wing takes from the app (docs/architecture.md, "Layers of the server"): the Retailer
 * API connection (real bol or the simulator), and for the calls of routes/bol.ts, orders.ts and
 * process-reports.ts the database, the media store and this server's own address.
 */
import type { Database } from '../db/connection';
import { ApiError } from '../http/errors';
import type { MediaStore } from '../media/media-store';
import type { BolClient } from './client/bol-client';

export interface BolWingDeps {
  db: Database;
  now?: () => number;
  /** The bol connection (real bol or the simulator); without it the calls that need bol answer 503. */
  bol?: BolDeps;
  /** The public addresses of stored images, which content sent to bol names. */
  media: MediaStore;
  /** This server's own origin (e.g. http://127.0.0.1:8080): image paths of a Bol model are made whole with it. */
  selfOrigin?: string;
}

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
