/**
 * Where a supplier's feed bytes come from (docs/feeds.md, "Feed sources"): its http(s) address,
 * fetched under the outbound rules (outbound.ts) with its credentials, or the file uploaded for it
 * from the tablet (feed-file-store.ts, read chunk by chunk). Also the check of an address when a supplier is saved, so
 * a refused address is refused with its reason before anything is fetched.
 */
import { serverSentence, type ServerSentence } from '../../shared/server-messages';
import type { Database } from '../db/connection';
import { checkTarget, DEFAULT_MAX_FEED_BYTES, DEFAULT_OUTBOUND_POLICY, download, DownloadError, resolveAddress, type OutboundDeps } from './outbound';
import type { suppliers } from '../db/schema';
import { addressOrigin } from './credential-origin';
import { feedFileStream, storedFeedFile } from './feed-file-store';
import { charsetOfContentType } from './feed-text-encoding';
import { credentialHeaders, storedCredentials, type StoredCredentials } from './supplier-store';

export interface FeedSourceSettings {
  supplierId: number | null;
  feedSource: 'url' | 'upload' | string;
  supplierUrlFeed: string;
  credentials: StoredCredentials | null;
}

export interface OpenedFeed {
  body: ReadableStream<Uint8Array>;
  /** The size the server declared (or the file's size), when known. */
  declaredBytes: number | null;
  /** The charset of the server's Content-Type, when it names one (docs/feeds.md, "Encodings"). */
  charset: string | null;
}

/** A stored supplier's feed source; `selfOrigin` resolves a path address. */
export function feedSourceOf(supplier: typeof suppliers.$inferSelect, selfOrigin: string | undefined): FeedSourceSettings {
  return {
    supplierId: supplier.supplierId,
    feedSource: supplier.feedSource,
    supplierUrlFeed: supplier.supplierUrlFeed,
    credentials: storedCredentials(supplier.feedCredentials, addressOrigin(supplier.supplierUrlFeed, selfOrigin)),
  };
}

/** The largest feed file accepted from the tablet. */
export const MAX_FEED_UPLOAD_BYTES = 50 * 1024 * 1024;

/**
 * Why a feed address cannot be used, or null: not http(s), a path that is not one of the demo
 * feeds, or a private/loopback/link-local address (unless OUTBOUND_ALLOW lets it through). Host
 * names are checked again at download time, after DNS.
 */
export function feedAddressProblem(address: string, deps: OutboundDeps): ServerSentence | null {
  try {
    const url = resolveAddress(address, deps.selfOrigin);
    checkTarget(url, address.trim(), deps.outbound ?? DEFAULT_OUTBOUND_POLICY, deps.selfOrigin);
    return null;
  } catch (error) {
    if (error instanceof DownloadError) return serverSentence('feedAddressRefused', error.message);
    throw error;
  }
}

export async function openFeedSource(
  deps: OutboundDeps & { db: Database },
  settings: FeedSourceSettings,
  options: { timeoutMs: number },
): Promise<OpenedFeed> {
  if (settings.feedSource === 'upload') {
    const file = settings.supplierId === null ? null : await storedFeedFile(deps.db, settings.supplierId);
    if (!file) throw new DownloadError('no feed file has been uploaded for this supplier yet');
    return { body: feedFileStream(deps.db, file), declaredBytes: file.size, charset: null };
  }
  const response = await download(deps, settings.supplierUrlFeed, {
    timeoutMs: options.timeoutMs,
    maxBytes: deps.outbound?.maxFeedBytes ?? DEFAULT_MAX_FEED_BYTES,
    what: 'feed',
    // Sent only to the origin they were entered for (docs/security.md, "Feed credentials").
    credentials: settings.credentials ? { origin: settings.credentials.origin, headers: credentialHeaders(settings.credentials) } : undefined,
  });
  if (!response.body) throw new DownloadError('the answer has no body');
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  return { body: response.body, declaredBytes: Number.isFinite(declared) ? declared : null, charset: charsetOfContentType(response.headers.get('content-type')) };
}
