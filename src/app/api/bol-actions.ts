/**
 * The Bol calls of the product list's bulk actions (docs/requirements.md §7; docs/product-list.md "Bulk
 * actions"). What they answer besides the export's file is the server's job report, read
 * generically by the screen, so these calls type it as `unknown`.
 */
import { ApiFailure, apiFetch } from './client';

/** Bol jobs answer when they have finished; a large selection or catalogue takes a while. */
const BOL_JOB_TIMEOUT_MS = 10 * 60_000;

/**
 * The suffix of the upload-report call, which the spec leaves to the caller: none, so the call is
 * POST /api/v1/bol/report/upload with the product ids as the body.
 */
export const UPLOAD_REPORT_SUFFIX = '';

/** POST /api/v1/bol/retailer/create/content/: creates (uploads) marketplace content for these products. */
export const createBolContent = (productIds: readonly number[]) =>
  apiFetch<unknown>('/api/v1/bol/retailer/create/content/', { method: 'POST', body: [...productIds], timeout: BOL_JOB_TIMEOUT_MS });

/** POST /api/v1/bol/report/upload{suffix}: the upload report of these products' content. */
export const getUploadReport = (productIds: readonly number[], suffix: string = UPLOAD_REPORT_SUFFIX) =>
  apiFetch<unknown>(`/api/v1/bol/report/upload${suffix}`, { method: 'POST', body: [...productIds], timeout: BOL_JOB_TIMEOUT_MS });

/** POST /api/v1/bol/retailer/import: updates the catalogue's information from the marketplace. */
export const importFromBol = () => apiFetch<unknown>('/api/v1/bol/retailer/import', { method: 'POST', timeout: BOL_JOB_TIMEOUT_MS });

/** GET /api/v1/process/report/bol/offer/import: imports the offers again from the marketplace. */
export const reimportOffers = () => apiFetch<unknown>('/api/v1/process/report/bol/offer/import', { timeout: BOL_JOB_TIMEOUT_MS });

export interface DownloadedFile {
  blob: Blob;
  /** The answer's Content-Disposition header (carries the server's file name), or null. */
  contentDisposition: string | null;
}

/** GET /api/v1/process/report/bol/product-content/export: the product content report, a spreadsheet. */
export async function exportProductContentReport(): Promise<DownloadedFile> {
  let contentDisposition: string | null = null;
  // No responseType: ofetch reads a spreadsheet's content type as a Blob and a JSON answer as JSON.
  const body = await apiFetch<unknown>('/api/v1/process/report/bol/product-content/export', {
    timeout: BOL_JOB_TIMEOUT_MS,
    onResponse({ response }) {
      contentDisposition = response.headers.get('Content-Disposition');
    },
  });
  if (!isBlob(body)) throw new ApiFailure('The server answered without a file.', 200, body);
  return { blob: body, contentDisposition };
}

/** By shape, not instanceof: a Blob made by another realm (a test's fetch) is a Blob all the same. */
function isBlob(value: unknown): value is Blob {
  return typeof value === 'object' && value !== null && typeof (value as Blob).arrayBuffer === 'function' && typeof (value as Blob).size === 'number';
}
