/** The supplier calls of the Parser screen (docs/feeds.md, "Suppliers"). */
import type { SupplierDetails, SupplierInput, TestFeedReport, TestFeedRequest } from '../../shared/suppliers';
import { apiFetch } from './client';

/** A Test feed downloads and reads the first rows of a feed: allow a slow supplier server. */
const TEST_FEED_TIMEOUT_MS = 60_000;
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

export const listSuppliers = () => apiFetch<SupplierDetails[]>('/api/v1/suppliers');
export const addSupplier = (input: SupplierInput) => apiFetch<SupplierDetails>('/api/v1/suppliers', { method: 'POST', body: input });
/** With the version the form was filled from: a save over someone else's newer one is refused with 412 (SupplierStaleAnswer). */
export const saveSupplier = (id: number, input: SupplierInput, version: number | null) =>
  apiFetch<SupplierDetails>(`/api/v1/suppliers/${id}`, { method: 'PUT', body: input, headers: version === null ? {} : { 'If-Match': `"${version}"` } });
export const setSupplierEnabled = (id: number, enabled: boolean) =>
  apiFetch<SupplierDetails>(`/api/v1/suppliers/${id}/enabled`, { method: 'PUT', body: { enabled } });
export const deleteSupplier = (id: number) => apiFetch<null>(`/api/v1/suppliers/${id}`, { method: 'DELETE' });

export function uploadFeedFile(id: number, file: File) {
  const form = new FormData();
  form.append('feedFile', file);
  return apiFetch<SupplierDetails>(`/api/v1/suppliers/feed-file/${id}`, { method: 'POST', body: form, timeout: UPLOAD_TIMEOUT_MS });
}

/** Test feed with the form's settings; a picked file (not yet uploaded) goes with them. */
export function testFeed(request: TestFeedRequest, file: File | null) {
  if (!file) return apiFetch<TestFeedReport>('/api/v1/suppliers/test-feed', { method: 'POST', body: request, timeout: TEST_FEED_TIMEOUT_MS });
  const form = new FormData();
  form.append('settings', JSON.stringify(request));
  form.append('feedFile', file);
  return apiFetch<TestFeedReport>('/api/v1/suppliers/test-feed', { method: 'POST', body: form, timeout: UPLOAD_TIMEOUT_MS });
}

/**
 * The job calls the Parser screen uses, written once in api/jobs.ts (docs/jobs.md, "Calls"):
 * queueing a supplier's import (202), a job's progress, and cancel.
 */
export { cancelJob, getJob, startFeedImport as startSupplierImport } from './jobs';
