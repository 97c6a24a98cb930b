/** The Reports and Export calls (docs/reports-and-export.md): the bol status overview and the streamed product export. */
import { EXPORT_ROWS_HEADER, isCsvFormat, type BolReportOverview, type ExportRequest } from '../../shared/export-contract';
import { apiFetch, apiStream } from './client';

/** GET /api/v1/report/bol: the bol states counted, declined reasons, one page of upload reports. */
export const getBolReport = (page: number, size: number) =>
  apiFetch<BolReportOverview>('/api/v1/report/bol', { query: { page: String(page), size: String(size) } });

export interface ExportProgress {
  bytes: number;
  /** Rows received so far (CSV only: its lines are counted); null for a workbook. */
  rows: number | null;
  /** Rows in all, as the server announced them. */
  totalRows: number | null;
}

export interface ExportedFile {
  blob: Blob;
  contentDisposition: string | null;
  rows: number | null;
}

/**
 * POST /api/v1/export/products: reads the streamed file, reporting progress as it arrives, and
 * answers it as a Blob once complete. `signal` stops it.
 */
export async function exportProducts(request: ExportRequest, onProgress: (progress: ExportProgress) => void, signal?: AbortSignal): Promise<ExportedFile> {
  const { body, headers } = await apiStream('/api/v1/export/products', { method: 'POST', body: request, signal });
  const announced = headers.get(EXPORT_ROWS_HEADER);
  const totalRows = announced !== null && /^\d+$/.test(announced) ? Number(announced) : null;
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  // CSV lines are counted as they come (the header line is not a product).
  let lines = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    if (isCsvFormat(request.format)) for (const byte of value) if (byte === 10) lines += 1;
    onProgress({ bytes, rows: isCsvFormat(request.format) ? Math.max(0, lines - 1) : null, totalRows });
  }
  const type = isCsvFormat(request.format) ? 'text/csv;charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  return { blob: new Blob(chunks as BlobPart[], { type }), contentDisposition: headers.get('Content-Disposition'), rows: totalRows ?? (isCsvFormat(request.format) ? Math.max(0, lines - 1) : null) };
}
