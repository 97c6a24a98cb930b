/**
 * Finding a product by a scanned EAN (docs/product-list.md, "Scanning an EAN"): what a scan reads
 * as a code, which products it matches, and what the screen does or says. A hand scanner types the
 * code and Enter like a keyboard into the search box; the camera hands over what it read. Pure: the
 * lookup itself is find-by-ean.ts.
 */

import { readScannedCode } from '../../../shared/rules/ean';
import { productFilterMessages, type ProductFilterWords } from '../../../shared/product-filter-messages';

/** What a scan says, in the language shown. */
export type ScanWords = ProductFilterWords['scan'];

export { readScannedCode };

/**
 * Whether two codes name the same article: a 12-digit UPC-A is the EAN-13 with a leading 0, and a
 * GTIN-14 can carry leading zeros, so both are compared as 14 digits.
 */
export function sameEan(a: string, b: string): boolean {
  return a.padStart(14, '0') === b.padStart(14, '0');
}

/**
 * What Enter in the search box does with its text: an EAN (what a hand scanner types) is looked
 * up and opens its product when exactly one has it; any other text is a search of the list.
 */
export type SearchEnter = { kind: 'scan'; code: string } | { kind: 'search'; text: string };

export function searchEnter(text: string): SearchEnter {
  const code = readScannedCode(text);
  return code === null ? { kind: 'search', text } : { kind: 'scan', code };
}

/** What the list's search becomes after a scan that opened nothing: the code, so the list shows its matches. */
export function searchAfterScan(outcome: ScanOutcome, code: string): string | null {
  return outcome.kind === 'open' ? null : code;
}

export type ScanOutcome =
  | { kind: 'open'; productId: number }
  | { kind: 'none'; text: string }
  | { kind: 'many'; text: string }

/**
 * What a scan of `code` does with the products found for it (a search may find others: only an
 * exact EAN counts). One: it opens. None: it says so. More: it says how many and the list shows them.
 */
export function scanOutcome(
  code: string,
  found: readonly { productId: number; ean: string | null }[],
  offline: boolean,
  words: ScanWords = productFilterMessages.scan,
): ScanOutcome {
  const matches = found.filter((product) => product.ean !== null && sameEan(product.ean, code));
  const [only] = matches;
  if (matches.length === 1 && only) return { kind: 'open', productId: only.productId };
  if (matches.length === 0) {
    return { kind: 'none', text: offline ? words.noneOffline(code) : words.none(code) };
  }
  return { kind: 'many', text: words.many(matches.length, code) };
}

/** Whether a key press (outside a field) asks for the search box: "/" (docs/product-list.md, "Scanning an EAN"). */
export const SCAN_SHORTCUT = '/';

export function isScanShortcut(key: string, modifier: boolean, inEditable: boolean): boolean {
  return key === SCAN_SHORTCUT && !modifier && !inEditable;
}
