/**
 * The supplier form's own checks before it is sent (docs/feeds.md; the server checks again), and
 * where a saved feed login may go (docs/security.md, "Feed credentials"). Pure.
 */
import { isHttpAddress } from '../../../shared/feed-image-addresses';
import { parsePrice } from '../../../shared/rules/price';
import { credentialsOf, type SupplierForm } from './supplier-form';

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
export function loginOriginHint(kind: 'basic' | 'header', change: { saved: string; entered: string }): string {
  const secret = kind === 'basic' ? 'password' : 'token';
  return `The saved ${secret} is only sent to ${change.saved}. Enter it again for the new address ${change.entered}.`;
}

/**
 * What is wrong with the form before it is sent (the server checks again), or null. The feed
 * address itself is judged by the server, which knows what it may fetch. `here` (this server's
 * origin) places a path address.
 */
export function formProblem(form: SupplierForm, pickedFile: File | null, purpose: 'save' | 'test', here = ''): string | null {
  if (purpose === 'save' && form.supplierName.trim() === '') return 'Give the supplier a name.';
  if (form.feedSource === 'url' && form.supplierUrlFeed.trim() === '') return 'Give the feed address (http or https), or choose Upload a file.';
  if (form.feedSource === 'upload' && !pickedFile && (purpose === 'test' || form.supplierId === null)) return 'Choose the feed file to upload.';
  if (form.credentialsKind === 'basic' && form.username.trim() === '') return 'Give the user name of the feed login.';
  const storedBasic = form.storedCredentials?.kind === 'basic' && form.storedCredentials.username === form.username.trim();
  if (form.credentialsKind === 'basic' && form.password === '' && !storedBasic) return 'Give the password of the feed login.';
  if (form.credentialsKind === 'header' && form.headerName.trim() === '') return 'Give the name of the header that carries the token.';
  if (form.credentialsKind === 'header' && form.headerValue === '' && form.storedCredentials?.kind !== 'header') return 'Give the token.';
  const moved = loginOriginChange(form, here);
  if (moved && form.credentialsKind !== 'none' && credentialsOf(form).kind === 'keep') {
    const secret = form.credentialsKind === 'basic' ? 'the password of the feed login' : 'the token';
    return `Enter ${secret} again for the new address ${moved.entered}; the saved one is only sent to ${moved.saved}.`;
  }
  if (form.imageBaseUrl.trim() !== '' && !isHttpAddress(form.imageBaseUrl.trim())) return 'The base URL for images must be an http or https address, e.g. https://shop.example/media/.';
  if (form.markupOn && (parsePrice(form.multiplier) === null || parsePrice(form.add) === null)) return 'The selling price multiplier and amount must be numbers, e.g. 1,8 and 2,50.';
  if (form.scheduleKind === 'daily' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(form.time)) return 'Give the time of the daily import as HH:MM, e.g. 03:30.';
  if (form.scheduleKind === 'every') {
    const hours = Number(form.hours);
    if (!Number.isInteger(hours) || hours < 1 || hours > 24) return 'Import every 1 to 24 hours.';
  }
  return null;
}
