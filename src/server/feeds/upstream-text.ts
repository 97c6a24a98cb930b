/**
 * Text a supplier's server chose — the status text of its answer, an address it redirected to, the
 * reason its connection failed — made fit to be put in a message that is stored (job, parsing
 * history) or answered (docs/security.md, "Feed credentials"): control characters out, anything
 * that looks like a login hidden, at most MAX_UPSTREAM_TEXT_CHARS. A server that repeats the
 * request's headers in its status text must not put the supplier's password in the history.
 * Pure.
 */

export const MAX_UPSTREAM_TEXT_CHARS = 100;
/** What stands where a login was. */
export const HIDDEN = '[hidden]';

export interface KnownLogin {
  /** The secret values sent (a password, a token, the Basic value): hidden wherever they appear. */
  secrets?: readonly string[];
  /** The names of the headers that carried them (e.g. the supplier's token header): their values are hidden. */
  headerNames?: readonly string[];
}

/** Control and format characters (C0, DEL, C1, bidi overrides, zero-width), and line separators. */
const CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;
/** A whole word followed by ':' or '=' (matched without backtracking into the word: linear time). */
const NAME_BEFORE_SEPARATOR = /(?<![\w-])(?=([\w-]+))\1\s*[:=]/g;
/** Header names whose value is a login. */
const LOGIN_NAME = /^(?:proxy-)?authorization$|^(?:set-)?cookie$|token|api[-_]?key|access[-_]?key|secret|passw(?:or)?d|session/i;
/** An authentication scheme followed by what may be its credential. */
const SCHEME_VALUE = /\b(Basic|Bearer|Digest|Token|Negotiate|NTLM|ApiKey)(\s+)([A-Za-z0-9._~+/-]+=*)/gi;
/** A plain word after a scheme ("Basic realm", "Bearer token"), not a credential. */
const PLAIN_WORD = /^[A-Za-z][a-z]*$/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The forms a secret can take in a status text or an address: as sent, and percent-encoded. */
function secretForms(secrets: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret === '') continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
  }
  // Longest first: a secret inside another is hidden as part of the longer one.
  return [...forms].sort((a, b) => b.length - a.length);
}

/**
 * `text` without control characters, with logins hidden and its length bounded: every known
 * secret (case-insensitive), the value after a login header name ('Authorization: …', the
 * supplier's token header, '…token=…') up to the end, and the credential after an authentication
 * scheme ('Basic …', 'Bearer …'). Empty when nothing readable is left.
 */
export function cleanUpstreamText(text: string, known: KnownLogin = {}, maxChars = MAX_UPSTREAM_TEXT_CHARS): string {
  let clean = text.replace(CONTROL, '').replace(/\s+/g, ' ').trim();
  for (const secret of secretForms(known.secrets ?? [])) clean = clean.replace(new RegExp(escapeRegExp(secret), 'gi'), HIDDEN);
  const knownNames = new Set((known.headerNames ?? []).map((name) => name.toLowerCase()));
  for (const match of clean.matchAll(NAME_BEFORE_SEPARATOR)) {
    const name = match[1] ?? '';
    if (!knownNames.has(name.toLowerCase()) && !LOGIN_NAME.test(name)) continue;
    clean = `${clean.slice(0, match.index)}${name}: ${HIDDEN}`;
    break;
  }
  clean = clean.replace(SCHEME_VALUE, (all, scheme: string, space: string, value: string) => (PLAIN_WORD.test(value) ? all : `${scheme}${space}${HIDDEN}`));
  return clean.length > maxChars ? `${clean.slice(0, maxChars - 1)}…` : clean;
}

/** The secrets and header names of the login headers a request carries, for cleanUpstreamText. */
export function knownLoginOf(headers: Readonly<Record<string, string>>): KnownLogin {
  const secrets: string[] = [];
  for (const value of Object.values(headers)) {
    secrets.push(value);
    const basic = /^Basic\s+(\S+)$/i.exec(value);
    if (!basic?.[1]) continue;
    secrets.push(basic[1]);
    const pair = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = pair.indexOf(':');
    if (colon >= 0) secrets.push(pair, pair.slice(colon + 1));
  }
  return { secrets, headerNames: Object.keys(headers) };
}
