/**
 * What bol does with the image URLs of a content upload: it downloads each one from the internet
 * and declines what it cannot fetch or what is not an image. The simulator does the same, with a
 * bounded time and size per image, so a URL bol could not reach shows up in the upload report
 * (docs/bol.md, "The simulator").
 */

export interface AssetVerdict {
  status: 'PUBLISHED' | 'DECLINED';
  subStatus: string;
  subStatusDescription?: string;
}

export interface ImageFetchOptions {
  fetch: typeof fetch;
  /** Per image; bol gives up on slow hosts too. */
  timeoutMs: number;
  /** Larger files are declined. */
  maxBytes: number;
}

export const DEFAULT_IMAGE_FETCH: Omit<ImageFetchOptions, 'fetch'> = { timeoutMs: 5_000, maxBytes: 10 * 1024 * 1024 };

/** The magic numbers of the image formats bol takes (JPEG, PNG, GIF, WebP, BMP, TIFF). */
export function looksLikeImage(bytes: Uint8Array): boolean {
  const starts = (...prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);
  if (starts(0xff, 0xd8, 0xff) || starts(0x89, 0x50, 0x4e, 0x47) || starts(0x47, 0x49, 0x46, 0x38) || starts(0x42, 0x4d)) return true;
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return true;
  return starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50;
}

const declined = (subStatus: string, subStatusDescription: string): AssetVerdict => ({ status: 'DECLINED', subStatus, subStatusDescription });

/** Downloads one image URL like bol would and says whether bol would publish it. */
export async function checkImage(url: string, options: ImageFetchOptions): Promise<AssetVerdict> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return declined('DOWNLOAD_FAILED_404', `The image could not be downloaded: '${url}' is not a URL.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return declined('DOWNLOAD_FAILED_404', `The image could not be downloaded: '${url}' is not an http(s) URL.`);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const response = await options.fetch(url, { signal: controller.signal, redirect: 'follow' });
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      return declined('DOWNLOAD_FAILED_UNAUTHORIZED', `The image could not be downloaded: the server answered HTTP ${response.status}.`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      return declined('DOWNLOAD_FAILED_404', `The image could not be downloaded: the server answered HTTP ${response.status}.`);
    }
    const declaredLength = Number(response.headers.get('Content-Length') ?? '0');
    if (declaredLength > options.maxBytes) {
      await response.body?.cancel();
      return declined('NOT_VALID_FOR_IMPORT', `The image is larger than ${options.maxBytes} bytes.`);
    }
    const bytes = await readBounded(response, options.maxBytes);
    if (bytes === null) return declined('NOT_VALID_FOR_IMPORT', `The image is larger than ${options.maxBytes} bytes.`);
    const type = (response.headers.get('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!type.startsWith('image/') || !looksLikeImage(bytes)) {
      return declined('UNSUPPORTED_MIMETYPE', `The file is not an image (${type || 'no content type'}).`);
    }
    return { status: 'PUBLISHED', subStatus: 'PUBLISHED' };
  } catch (error) {
    const reason = controller.signal.aborted ? `no answer within ${options.timeoutMs / 1000} s` : error instanceof Error ? error.message : String(error);
    return declined('DOWNLOAD_FAILED_404', `The image could not be downloaded: ${reason}.`);
  } finally {
    clearTimeout(timer);
  }
}

/** The body, or null as soon as it passes maxBytes (the rest is not read). */
async function readBounded(response: Response, maxBytes: number): Promise<Uint8Array | null> {
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
