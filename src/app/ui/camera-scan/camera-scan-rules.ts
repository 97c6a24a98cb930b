/**
 * The camera scan's rules (docs/product-list.md, "Scanning with the camera"): which reader reads
 * the picture, the first EAN among what it read, and why a camera could not start. Pure.
 */
import { readScannedCode } from '../../../shared/rules/ean';
import { productFilterMessages, type ProductFilterWords } from '../../../shared/product-filter-messages';

/** The camera dialog's words, in the language shown. */
export type CameraWords = ProductFilterWords['camera'];

/** The barcode kinds on products: EAN-13, EAN-8 and the American UPC-A / UPC-E. */
export const EAN_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e'] as const;

/**
 * The browser's own BarcodeDetector when it reads EAN-13 (Chrome on Android, Safari), else the
 * WebAssembly reader that comes with the app (Chromium on Linux and Windows, Firefox).
 */
export function readerKind(nativeFormats: readonly string[] | null): 'native' | 'wasm' {
  return nativeFormats?.includes('ean_13') ? 'native' : 'wasm';
}

/** The first EAN among the barcodes read in one picture, or null. */
export function firstEan(rawValues: readonly string[]): string | null {
  for (const value of rawValues) {
    const code = readScannedCode(value);
    if (code !== null) return code;
  }
  return null;
}

/** Why the camera could not scan, by the error's name (getUserMedia's DOMException names). */
export function cameraRefusal(errorName: string, words: CameraWords = productFilterMessages.camera): string {
  switch (errorName) {
    case 'NotAllowedError':
    case 'SecurityError':
      return words.blocked;
    case 'NotFoundError':
    case 'OverconstrainedError':
      return words.noCamera;
    case 'NotReadableError':
      return words.inUse;
    default:
      return words.notStarted;
  }
}

/** The camera reader could not be loaded (offline before the app kept it, or a browser without WebAssembly): `words.readerMissing`. */
