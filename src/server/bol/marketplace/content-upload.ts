/**
 * "Create marketplace content": each product's Bol model becomes one bol content upload
 * (POST /retailer/content/products), whose process status is followed to its upload id and the
 * upload report read once. "Upload report": the reports of products already sent, read again.
 */
import { serverSentence, type ServerSentence } from '../../../shared/server-messages';
import type { BolModel } from '../../../shared/bol-contract';
import type { Product } from '../../../shared/contract';
import { describeModelProblems, isEmptyAttributeValue } from '../../../shared/rules/bol-model-rules';
import { eanProblem } from '../../../shared/rules/ean';
import type { Database } from '../../db/connection';
import { ApiError } from '../../http/errors';
import type { BolClient, ProcessOutcome } from '../client/bol-client';
import { BolApiError, isItemRefusal } from '../client/bol-errors';
import type { BolCreateProductContent, BolProcessStatus } from '../client/bol-wire';
import type { BolDeps } from '../bol-deps';
import { itemSaid, type BolJob } from './bol-jobs';
import { readModel, requireProduct } from './product-model';
import { withPublicAssetUrls, type MediaPublicUrl } from './public-media';
import { loadStates, updateState, uploadReportOf } from './product-state';

export interface ContentContext {
  db: Database;
  client: BolClient;
  language: BolDeps['language'];
  selfOrigin: string;
  /** PUBLIC_BASE_URL: our own images are sent to bol under this address (public-media.ts). */
  publicBaseUrl?: string | null;
  /** MEDIA_PUBLIC_URL: our own images are sent under the object store's public address when it has one. */
  mediaPublicUrl?: MediaPublicUrl;
  now: () => Date;
}

/** bol's content request for a model: its filled attributes (with units), the EAN, images as assets (lowest slot FRONT). */
export function buildContentRequest(model: BolModel, product: Pick<Product, 'ean'>, language: BolDeps['language']): BolCreateProductContent {
  const attributes = model.attributeData
    .filter((attribute) => !isEmptyAttributeValue(attribute.value))
    .map((attribute) => ({
      id: attribute.attributeId,
      values: [{ value: attribute.value ?? '', ...(attribute.unit ? { unitId: attribute.unit } : {}) }],
    }));
  // bol links content to a product by exactly one EAN attribute.
  if (!attributes.some((attribute) => attribute.id === 'EAN')) attributes.unshift({ id: 'EAN', values: [{ value: product.ean }] });
  const assets = [...model.mediaData]
    .sort((a, b) => a.mediaId - b.mediaId)
    .map((media, index) => ({ url: media.value, labels: [index === 0 ? 'FRONT' : 'OTHER'] }));
  return { language, attributes, assets };
}

/** Why this product's model cannot be sent, or null. */
function notSendable(model: BolModel, product: Product): string | ServerSentence | null {
  if (!model.chunkId) return serverSentence('bolItemChooseCategory');
  const problems = describeModelProblems(model.attributeData);
  if (problems) return problems;
  const ean = model.attributeData.find((attribute) => attribute.attributeId === 'EAN')?.value || product.ean;
  return eanProblem(ean ?? '');
}

async function recordOutcome(context: ContentContext, job: BolJob, productId: number, outcome: ProcessOutcome): Promise<void> {
  const now = context.now();
  switch (outcome.outcome) {
    case 'SUCCESS': {
      const uploadId = outcome.entityId;
      let report = null;
      if (uploadId) {
        try {
          report = uploadReportOf(await context.client.getUploadReport(uploadId), context.now());
        } catch (error) {
          // bol may not have the report yet; it can be read later with the upload report call.
          if (!(error instanceof BolApiError && error.status === 404)) throw error;
        }
      }
      await updateState(context.db, productId, { contentStatus: 'SUCCESS', uploadId, uploadReport: report, contentMessage: '' }, now);
      job.item({ productId, status: 'success', ...serverSentence('bolItemAccepted', report?.status ?? serverSentence('bolItemReportNotYet')), processStatusId: outcome.status.processStatusId, uploadId, uploadReport: report });
      job.count('accepted');
      return;
    }
    case 'FAILURE':
      await updateState(context.db, productId, { contentStatus: 'FAILURE', contentMessage: outcome.message }, now);
      job.item({ productId, status: 'failed', message: outcome.message, processStatusId: outcome.status.processStatusId });
      return;
    case 'TIMEOUT':
      await updateState(context.db, productId, { contentStatus: 'TIMEOUT', contentMessage: outcome.message }, now);
      job.item({ productId, status: 'pending', message: outcome.message, processStatusId: outcome.status?.processStatusId ?? null });
      job.count('stillPending');
      return;
    case 'PURGED':
      await updateState(context.db, productId, { contentStatus: 'PURGED', contentMessage: outcome.message }, now);
      job.item({ productId, status: 'failed', message: outcome.message });
      return;
  }
}

export async function createContent(context: ContentContext, job: BolJob, productIds: readonly number[]): Promise<ServerSentence> {
  const ids = [...new Set(productIds)];
  job.total = ids.length;
  const sent: { productId: number; status: BolProcessStatus }[] = [];
  // First send every upload, then follow them: bol works on them meanwhile.
  for (const productId of ids) {
    try {
      const product = await requireProduct(context.db, productId);
      const model = await readModel(context.db, product, context.selfOrigin);
      const refusal = notSendable(model, product);
      if (refusal) {
        job.item({ productId, status: 'failed', ...(typeof refusal === 'string' ? { message: refusal } : refusal) });
        continue;
      }
      const request = withPublicAssetUrls(buildContentRequest(model, product, context.language), context.selfOrigin, context.publicBaseUrl ?? null, context.mediaPublicUrl);
      const status = await context.client.postProductContent(request);
      await updateState(
        context.db,
        productId,
        { contentStatus: 'PENDING', processStatusId: status.processStatusId, uploadId: null, uploadReport: null, contentSubmittedAt: context.now(), contentMessage: '' },
        context.now(),
      );
      sent.push({ productId, status });
    } catch (error) {
      if (isItemRefusal(error)) {
        await updateState(context.db, productId, { contentStatus: 'FAILURE', contentMessage: error.message }, context.now());
        job.item({ productId, status: 'failed', message: error.message });
      } else if (error instanceof ApiError && error.status === 404) {
        job.item({ productId, status: 'failed', ...itemSaid(error) });
      } else {
        throw error;
      }
    }
    await job.progress();
  }
  job.count('sent', sent.length);
  const outcomes = await context.client.waitForProcesses(sent.map((entry) => entry.status));
  for (const [index, { productId }] of sent.entries()) {
    const outcome = outcomes[index];
    if (outcome) await recordOutcome(context, job, productId, outcome);
    await job.progress();
  }
  return serverSentence('contentUploadReport', ids.length, sent.length, job.counts.accepted ?? 0, job.failed, job.counts.stillPending ?? 0);
}

/** Reads bol's upload report of each product again (finishing a process status that was still pending). */
export async function readUploadReports(context: ContentContext, job: BolJob, productIds: readonly number[]): Promise<ServerSentence> {
  const ids = [...new Set(productIds)];
  job.total = ids.length;
  const states = await loadStates(context.db, ids);
  for (const productId of ids) {
    const state = states.get(productId);
    try {
      const uploadId = state?.uploadId ?? null;
      if (!uploadId && state?.processStatusId && (state.contentStatus === 'PENDING' || state.contentStatus === 'TIMEOUT')) {
        let outcome: ProcessOutcome;
        try {
          outcome = await context.client.waitForProcess(await context.client.getProcessStatus(state.processStatusId));
        } catch (error) {
          if (!(error instanceof BolApiError && error.status === 404)) throw error;
          outcome = { outcome: 'PURGED', message: `bol no longer knows process ${state.processStatusId} (finished statuses are purged after a while); send the content again` };
        }
        await recordOutcome(context, job, productId, outcome);
        continue;
      }
      if (!uploadId) {
        job.item({ productId, status: 'skipped', ...(state && state.contentStatus !== 'NOT_SENT' ? serverSentence('bolItemUploadEnded', state.contentStatus) : serverSentence('bolItemNothingSent')) });
        continue;
      }
      const report = uploadReportOf(await context.client.getUploadReport(uploadId), context.now());
      await updateState(context.db, productId, { uploadReport: report }, context.now());
      const declined = report.attributes.filter((attribute) => attribute.status === 'DECLINED').length + report.assets.filter((asset) => asset.status === 'DECLINED').length;
      job.item({ productId, status: 'success', ...serverSentence('bolItemUploadReport', report.status, declined), uploadId, uploadReport: report });
    } catch (error) {
      if (!isItemRefusal(error)) throw error;
      job.item({ productId, status: 'failed', message: error.message });
    }
    await job.progress();
  }
  return serverSentence('uploadReportsReport', ids.length, job.items.filter((item) => item.status === 'success').length, job.failed, job.items.filter((item) => item.status === 'skipped').length);
}
