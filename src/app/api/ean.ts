import type { EanUploadReport } from '../../shared/contract';
import { apiFetch } from './client';

/** The multipart field the server reads (docs/requirements.md §7). */
export const EAN_UPLOAD_FIELD = 'eanExel';

/** POST /api/v1/ean with one .xlsx; ofetch sends FormData as multipart with its own boundary. */
export function uploadEanSheet(file: File): Promise<EanUploadReport> {
  const form = new FormData();
  form.append(EAN_UPLOAD_FIELD, file);
  return apiFetch<EanUploadReport>('/api/v1/ean', { method: 'POST', body: form, timeout: 120_000 });
}
