/**
 * The reader behind the camera scan (docs/product-list.md, "Scanning with the camera"): the
 * browser's BarcodeDetector where it reads EANs, else the WebAssembly reader, loaded only now (it
 * is never part of a screen's first JavaScript; the service worker keeps it for offline use).
 */
import { EAN_FORMATS, readerKind } from './camera-scan-rules';

export interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

/** The part of the browser's BarcodeDetector the scan uses (not in TypeScript's DOM types yet). */
interface NativeReaderClass {
  new (options: { formats: string[] }): BarcodeReader;
  getSupportedFormats?(): Promise<string[]>;
}

async function nativeFormats(Native: NativeReaderClass | undefined): Promise<string[] | null> {
  if (!Native) return null;
  try {
    return (await Native.getSupportedFormats?.()) ?? [...EAN_FORMATS];
  } catch {
    return null;
  }
}

export async function makeBarcodeReader(): Promise<BarcodeReader> {
  const Native = (window as unknown as { BarcodeDetector?: NativeReaderClass }).BarcodeDetector;
  if (Native && readerKind(await nativeFormats(Native)) === 'native') return new Native({ formats: [...EAN_FORMATS] });
  const { wasmBarcodeReader } = await import('./wasm-barcode-reader');
  return wasmBarcodeReader([...EAN_FORMATS]);
}
