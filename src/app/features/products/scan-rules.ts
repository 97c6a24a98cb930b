/**
 * Finding a product by a scanned EAN (docs/product-list.md, "Scanning an EAN"): what a scan reads
 * as a code, which products it matches, and what the screen does or says. A hand scanner types the
 * code and Enter like a keyboard; the camera hands over what it read. Pure: the lookup itself is
 * find-by-ean.ts.
 */

/** EAN-8, UPC-A (12), EAN-13 and GTIN-14: digits only. */
const CODE = /^\d{8}$|^\d{12,14}$/;

/** The code in what was scanned or typed (spaces and dashes dropped); null when it is no EAN. */
export function readScannedCode(text: string): string | null {
  const code = text.replace(/[\s-]/g, '');
  return CODE.test(code) ? code : null;
}

/**
 * Whether two codes name the same article: a 12-digit UPC-A is the EAN-13 with a leading 0, and a
 * GTIN-14 can carry leading zeros, so both are compared as 14 digits.
 */
export function sameEan(a: string, b: string): boolean {
  return a.padStart(14, '0') === b.padStart(14, '0');
}

export type ScanOutcome =
  | { kind: 'open'; productId: number }
  | { kind: 'none'; text: string }
  | { kind: 'many'; text: string }
  | { kind: 'not-a-code'; text: string };

export function notACodeText(text: string): string {
  return `"${text.trim()}" is not an EAN. Scan the barcode again or type its 8 or 13 digits.`;
}

/**
 * What a scan of `code` does with the products found for it (a search may find others: only an
 * exact EAN counts). One: it opens. None: it says so. More: it says how many and the list shows them.
 */
export function scanOutcome(code: string, found: readonly { productId: number; ean: string | null }[], offline: boolean): ScanOutcome {
  const matches = found.filter((product) => product.ean !== null && sameEan(product.ean, code));
  const [only] = matches;
  if (matches.length === 1 && only) return { kind: 'open', productId: only.productId };
  if (matches.length === 0) {
    return {
      kind: 'none',
      text: offline ? `No product kept on this device has EAN ${code}. Online, the server's whole catalogue is searched.` : `No product has EAN ${code}.`,
    };
  }
  return { kind: 'many', text: `${matches.length} products have EAN ${code}: the list shows them.` };
}

/** Why the camera could not scan, by the error's name (getUserMedia's DOMException names). */
export function cameraRefusal(errorName: string): string {
  switch (errorName) {
    case 'NotAllowedError':
    case 'SecurityError':
      return "The camera is blocked for this app. Allow the camera in the browser's site settings, or scan with the hand scanner.";
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'This device has no camera to scan with. Use the hand scanner or type the EAN.';
    case 'NotReadableError':
      return 'The camera is in use by another app. Close it and try again.';
    default:
      return 'The camera could not start. Try again, or use the hand scanner.';
  }
}

/** Whether a key press (outside a field) asks for the scan field: "/" (docs/product-list.md, "Scanning an EAN"). */
export const SCAN_SHORTCUT = '/';

export function isScanShortcut(key: string, modifier: boolean, inEditable: boolean): boolean {
  return key === SCAN_SHORTCUT && !modifier && !inEditable;
}
