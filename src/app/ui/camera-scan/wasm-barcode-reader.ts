/**
 * The WebAssembly barcode reader (ZXing, through the `barcode-detector` package's stand-in for the
 * browser's BarcodeDetector), for browsers without their own (docs/product-list.md, "Scanning with
 * the camera"). Its .wasm file is served by the app itself, never fetched from elsewhere, and the
 * service worker precaches it (vite.config.ts), so the camera scan works offline too.
 */
import { BarcodeDetector, prepareZXingModule, type BarcodeFormat } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { BarcodeReader } from './barcode-reader';

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

export function wasmBarcodeReader(formats: BarcodeFormat[]): BarcodeReader {
  return new BarcodeDetector({ formats });
}
