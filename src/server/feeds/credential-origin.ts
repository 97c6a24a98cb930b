/**
 * A supplier's stored feed login is bound to the origin (scheme, host and port) of the address it
 * was entered for (docs/security.md, "Feed credentials"): it is stored with that origin, sent only
 * there, and a Test feed or a save that points the supplier elsewhere must have it entered again.
 * Pure.
 */
import type { CredentialsInput } from '../../shared/suppliers';
import { resolveAddress } from './outbound';
import { serverSentence, type ServerSentence } from '../../shared/server-messages';

/** A login as it is kept in suppliers.feed_credentials, with the origin it may be sent to (null: nowhere). */
export type StoredCredentials =
  | { kind: 'basic'; username: string; password: string; origin: string | null }
  | { kind: 'header'; headerName: string; value: string; origin: string | null };

/** The origin of a feed address ('https://feeds.example:8443'); a path is on this server. Null when it is no web address. */
export function addressOrigin(address: string, selfOrigin: string | undefined): string | null {
  try {
    return resolveAddress(address, selfOrigin).origin;
  } catch {
    return null;
  }
}

/** A login typed on the form, bound to the origin of the address it was typed with. */
export function enteredCredentials(input: Extract<CredentialsInput, { kind: 'basic' | 'header' }>, origin: string | null): StoredCredentials {
  return input.kind === 'basic'
    ? { kind: 'basic', username: input.username, password: input.password, origin }
    : { kind: 'header', headerName: input.headerName, value: input.value, origin };
}

/**
 * Why the stored login cannot be kept for an address with origin `target`, or null when it may
 * (there is none, or it was entered for that origin). The sentence names both origins.
 */
export function keptCredentialsProblem(stored: StoredCredentials | null, target: string | null): ServerSentence | null {
  if (!stored || stored.origin === target) return null;
  const address = target === null ? serverSentence('feedLoginThisAddress') : serverSentence('feedLoginNewAddress', target);
  return stored.origin === null ? serverSentence('feedLoginSentNowhere', address) : serverSentence('feedLoginOnlyFor', address, stored.origin);
}
