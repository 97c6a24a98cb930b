/**
 * Start-up of the bol side: jobs left running by a stopped server are closed, the data model is
 * loaded when the database has none, and the Retailer API client points at bol (credentials set)
 * or at the simulator started here on loopback (no credentials).
 */
import { readFileSync } from 'node:fs';
import type { Database } from '../db/connection';
import type { BolDeps } from './bol-deps';
import { BolClient } from './client/bol-client';
import { DEMO_MODEL } from './model/demo-model';
import { modelFileSchema, parseModelFile } from './model/model-file';
import { hasModel, loadModel } from './model/model-store';
import { BolSimulator, SIMULATOR_CREDENTIALS } from './simulator/bol-simulator';

/** bol's Retailer API: real credentials, or (none set) the built-in simulator. See docs/bol.md. */
export interface BolConfig {
  /** Both null: start the simulator on loopback and use it. */
  credentials: { clientId: string; clientSecret: string } | null;
  apiUrl: string;
  tokenUrl: string;
  /** The simulator's port on 127.0.0.1; 0 picks a free one. */
  simulatorPort: number;
  language: 'nl' | 'nl-BE' | 'fr' | 'fr-BE';
  /** A data model file loaded at start when the database has no data model yet (else the demo model). */
  modelFile: string | null;
  /** PUBLIC_BASE_URL (config.ts, readPublicBaseUrl). */
  publicBaseUrl: string | null;
}

export interface BolStart {
  deps: BolDeps;
  close(): Promise<void>;
}

/** Reads and checks a model file; throws with a message naming the problem. */
export function readModelFile(file: string) {
  let content: unknown;
  try {
    content = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} could not be read as JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = parseModelFile(content);
  if (!parsed.ok) throw new Error(`${file}: ${parsed.message}`);
  return parsed.model;
}

export async function startBol(config: BolConfig, db: Database, log: (line: string) => void = console.log): Promise<BolStart> {
  // Bol jobs left running by a stopped server are closed with the other jobs (main.ts, docs/jobs.md).
  if (!(await hasModel(db))) {
    const source = config.modelFile ?? 'the demo model';
    const model = config.modelFile ? readModelFile(config.modelFile) : modelFileSchema.parse(DEMO_MODEL);
    const loaded = await loadModel(db, model);
    log(`[bol] loaded the data model from ${source}: ${loaded.chunks} categories, ${loaded.attributes} attributes`);
  }

  if (config.credentials) {
    log(`[bol] using bol's Retailer API at ${config.apiUrl} (token from ${config.tokenUrl})`);
    if (!config.publicBaseUrl) log(`[bol] PUBLIC_BASE_URL is not set: creating content on bol is refused until it is (bol downloads product images from the internet)`);
    const client = new BolClient({ apiUrl: config.apiUrl, tokenUrl: config.tokenUrl, ...config.credentials, language: config.language });
    return { deps: { client, language: config.language, target: 'bol', publicBaseUrl: config.publicBaseUrl }, close: async () => undefined };
  }

  // Like bol, the simulator downloads the images of a content upload and declines what it cannot fetch.
  const simulator = new BolSimulator({ ...SIMULATOR_CREDENTIALS, imageFetch: { fetch: globalThis.fetch } });
  const listener = await simulator.listen(config.simulatorPort);
  log(`[bol] no BOL_CLIENT_ID/BOL_CLIENT_SECRET: using the built-in bol simulator on ${listener.url} (${simulator.orders.length} demo orders)`);
  const client = new BolClient({ apiUrl: listener.url, tokenUrl: `${listener.url}/token`, ...SIMULATOR_CREDENTIALS, language: config.language });
  return { deps: { client, language: config.language, target: 'simulator', publicBaseUrl: config.publicBaseUrl }, close: listener.close };
}
