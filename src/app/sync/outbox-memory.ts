/**
 * What the outbox remembers beside its entries, in `meta`: the paths uploads answered, and the
 * versions the author's own changes made (so a later change of theirs is not a conflict with
 * themselves). Shared by the outbox and the write kinds (sync/kinds/).
 */
import type { Product } from '../../shared/contract';
import type { BackofficeDatabase } from '../db/database';

const UPLOAD_RESULT_PREFIX = 'upload-result:';

export function uploadResultMetaKey(uploadId: string): string {
  return `${UPLOAD_RESULT_PREFIX}${uploadId}`;
}

/** The path the server gave an upload that succeeded, or null while it has not (or never will). */
export async function uploadedPath(db: BackofficeDatabase, uploadId: string): Promise<string | null> {
  const path = (await db.meta.get(uploadResultMetaKey(uploadId)))?.value;
  return typeof path === 'string' ? path : null;
}

const OWN_VERSIONS_PREFIX = 'own-versions:';
/** How many version steps of one record are remembered (edits are rarely based on older ones). */
const OWN_VERSIONS_KEPT = 50;

interface OwnVersionSteps {
  author: string;
  /** Version the change was based on -> version the server gave it. */
  steps: Record<string, number>;
}

/**
 * Remembers that this author's own change took a record from version `from` to `to` (called by
 * the drainer when a change succeeds, inside its transaction, which includes `meta`).
 */
export async function recordOwnVersion(db: BackofficeDatabase, entityKey: string, author: string, from: number, to: number): Promise<void> {
  if (to <= from) return;
  const key = `${OWN_VERSIONS_PREFIX}${entityKey}`;
  const row = (await db.meta.get(key))?.value as OwnVersionSteps | undefined;
  // Another author's steps are not ours to follow: start afresh.
  const steps = row?.author === author ? { ...row.steps } : {};
  steps[String(from)] = to;
  const kept = Object.keys(steps).map(Number).sort((a, b) => b - a).slice(0, OWN_VERSIONS_KEPT);
  await db.meta.put({ key, value: { author, steps: Object.fromEntries(kept.map((version) => [String(version), steps[String(version)]])) } });
}

/**
 * The version a new change really builds on. An edit made on version 5 while the author's own
 * earlier save was taking the record to 6 is not in conflict with anyone: it builds on 6. Only
 * steps made by this author's own changes are followed; a version made by someone else stops it.
 */
export async function followOwnVersions(db: BackofficeDatabase, entityKey: string, author: string, baseVersion: number): Promise<number> {
  const row = (await db.meta.get(`${OWN_VERSIONS_PREFIX}${entityKey}`))?.value as OwnVersionSteps | undefined;
  if (row?.author !== author) return baseVersion;
  let version = baseVersion;
  for (let next = row.steps[String(version)]; next !== undefined && next > version; next = row.steps[String(version)]) version = next;
  return version;
}

export function isProduct(value: unknown): value is Product {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Product).productId === 'number' &&
    typeof (value as Product).version === 'number' &&
    Array.isArray((value as Product).productImages)
  );
}
