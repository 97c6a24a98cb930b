/**
 * The supplier form's own checks before it is sent (docs/feeds.md; the server checks again), and
 * where a saved feed login may go (docs/security.md, "Feed credentials"). Pure.
 */
import { isHttpAddress } from '../../../shared/feed-image-addresses';
import { parsePrice } from '../../../shared/rules/price';
import { credentialsOf, type SupplierForm } from './supplier-form';
import { parserMessages } from '../../../shared/parser-messages';

type CheckWords = typeof parserMessages.checks;

/** The origin (scheme, host, port) of a feed address; a path is on `here`, this server. Null while it is no http(s) address. */
export function originOfAddress(address: string, here: string): string | null {
  const trimmed = address.trim();
  if (trimmed === '') return null;
  try {
    const url = trimmed.startsWith('/') && !trimmed.startsWith('//') ? new URL(trimmed, here) : new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The saved login is sent only to the origin it was entered for (docs/security.md, "Feed
 * credentials"): when the form's address is on another one, both origins; null otherwise.
 */
export function loginOriginChange(form: SupplierForm, here: string): { saved: string; entered: string } | null {
  const stored = form.storedCredentials;
  if (!stored || stored.origin === null || form.feedSource !== 'url' || form.credentialsKind !== stored.kind) return null;
  const entered = originOfAddress(form.supplierUrlFeed, here);
  return entered !== null && entered !== stored.origin ? { saved: stored.origin, entered } : null;
}

/** The hint beside the password or token when the address moved to another origin. */
export function loginOriginHint(kind: 'basic' | 'header', change: { saved: string; entered: string }, words: CheckWords = parserMessages.checks): string {
  return (kind === 'basic' ? words.passwordOnlyTo : words.tokenOnlyTo)(change.saved, change.entered);
}

/**
 * What is wrong with the form before it is sent (the server checks again), or null. The feed
 * address itself is judged by the server, which knows what it may fetch. `here` (this server's
 * origin) places a path address.
 */
export function formProblem(form: SupplierForm, pickedFile: File | null, purpose: 'save' | 'test', here = '', words: CheckWords = parserMessages.checks): string | null {
  if (purpose === 'save' && form.supplierName.trim() === '') return words.name;
  if (form.feedSource === 'url' && form.supplierUrlFeed.trim() === '') return words.address;
  if (form.feedSource === 'upload' && !pickedFile && (purpose === 'test' || form.supplierId === null)) return words.file;
  if (form.credentialsKind === 'basic' && form.username.trim() === '') return words.userName;
  const storedBasic = form.storedCredentials?.kind === 'basic' && form.storedCredentials.username === form.username.trim();
  if (form.credentialsKind === 'basic' && form.password === '' && !storedBasic) return words.password;
  if (form.credentialsKind === 'header' && form.headerName.trim() === '') return words.headerName;
  if (form.credentialsKind === 'header' && form.headerValue === '' && form.storedCredentials?.kind !== 'header') return words.token;
  const moved = loginOriginChange(form, here);
  if (moved && form.credentialsKind !== 'none' && credentialsOf(form).kind === 'keep') {
    return (form.credentialsKind === 'basic' ? words.passwordAgain : words.tokenAgain)(moved.entered, moved.saved);
  }
  if (form.imageBaseUrl.trim() !== '' && !isHttpAddress(form.imageBaseUrl.trim())) return words.imageBase;
  if (form.markupOn && (parsePrice(form.multiplier) === null || parsePrice(form.add) === null)) return words.markup;
  if (form.scheduleKind === 'daily' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(form.time)) return words.time;
  if (form.scheduleKind === 'every') {
    const hours = Number(form.hours);
    if (!Number.isInteger(hours) || hours < 1 || hours > 24) return words.hours;
  }
  return null;
}
