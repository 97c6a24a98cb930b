/**
 * The write protocol's version (docs/offline.md "Protocol version"): which shape an outbox entry and
 * the change-set body it sends have. The service worker keeps an old build running until the person
 * takes the new one, and its outbox entries outlive it, so the device stamps every new entry with the
 * version it writes, the body of a change set says which version it is, and the server reads the
 * versions it knows and refuses the others with a reason the device shows on the entry.
 *
 * Versions: 1, the builds before the version existed (entries and bodies without a `protocol`
 * field); 2, the same shapes with `protocol: 2`; 3, a product change set whose deletes carry the
 * base of the image they delete (`images.deletedBase`, docs/products.md "PATCH /product/{id}").
 * Versions 1 and 2 are read as before: their deletes have no base and delete whatever the image is
 * now. Pure: no DOM, no Node.
 */
import { messages } from './messages';

/** The version this build writes on new outbox entries and in the change-set bodies they send. */
export const WRITE_PROTOCOL_VERSION = 3;

/** What an entry or a body without a version is: written before the version existed. */
export const UNVERSIONED_WRITE_PROTOCOL = 1;

/** The versions the server reads (a body with another one is refused: `unreadableProtocolRefusal`). */
export const READABLE_WRITE_PROTOCOLS: readonly number[] = [1, 2, 3];

/** The field that carries the version, on an entry and in a body. */
export const PROTOCOL_FIELD = 'protocol';

/** The first version whose change sets carry image bases and can settle image conflicts. */
export const IMAGE_BASES_PROTOCOL = 3;

/** Whether a change set of this version carries image bases (else its images merge as before them). */
export function carriesImageBases(version: unknown): boolean {
  return typeof version === 'number' && version >= IMAGE_BASES_PROTOCOL;
}

/** The version an outbox entry or a body carries; without one, version 1. */
export function writeProtocolOf(value: unknown): unknown {
  const version = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[PROTOCOL_FIELD] : undefined;
  return version === undefined ? UNVERSIONED_WRITE_PROTOCOL : version;
}

/** The refusal of a change-set body whose version the server cannot read (too old, unknown, not a number), or null. */
export function unreadableProtocolRefusal(body: unknown): string | null {
  const version = writeProtocolOf(body);
  return typeof version === 'number' && READABLE_WRITE_PROTOCOLS.includes(version) ? null : messages.sync.olderAppChange;
}

/**
 * A change set as a body of version `version`. Version 1 is sent exactly as the builds before the
 * version sent it (no field), so an entry of such a build, sent again after its answer was lost,
 * is the same request for the server's Idempotency-Key record.
 */
export function versionedBody<T extends object>(set: T, version: unknown): T | (T & { protocol: unknown }) {
  return version === UNVERSIONED_WRITE_PROTOCOL ? set : { ...set, [PROTOCOL_FIELD]: version } as T & { protocol: unknown };
}
