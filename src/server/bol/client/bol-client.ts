/**
 * bol's Retailer API v10, the calls this back office uses, with process statuses followed to the
 * end. Works the same against api.bol.com and the local simulator.
 */
import type { BolOffer } from '../../../shared/bol-contract';
import { BolApiError } from './bol-errors';
import type { BolClientOptions } from './bol-client-options';
import { BolHttp } from './bol-http';
import { parseOfferExport } from './offer-export-csv';
import {
  BOL_CSV,
  type BolCatalogProduct,
  type BolChunkRecommendations,
  type BolCreateProductContent,
  type BolOrderDetail,
  type BolProcessStatus,
  type BolReducedOrder,
  type BolReducedOrders,
  type BolUploadReportResponse,
} from './bol-wire';

/** bol's reason codes of an order item cancellation (OrderItemCancellation.reasonCode). */
export const BOL_CANCELLATION_REASONS = [
  'OUT_OF_STOCK',
  'REQUESTED_BY_CUSTOMER',
  'BAD_CONDITION',
  'HIGHER_SHIPCOST',
  'INCORRECT_PRICE',
  'NOT_AVAIL_IN_TIME',
  'NO_BOL_GUARANTEE',
  'ORDERED_TWICE',
  'RETAIN_ITEM',
  'TECH_ISSUE',
  'UNFINDABLE_ITEM',
  'OTHER',
] as const;
export type BolCancellationReason = (typeof BOL_CANCELLATION_REASONS)[number];

/** Order list filters on the latest change of an item: within the last 1–60 minutes, or on one day (yyyy-MM-dd). */
export interface OrderChangeFilter {
  changeIntervalMinute?: number;
  latestChangeDate?: string;
}

/** How a process ended as far as we could see: bol's own end states, or it vanished (404 after purge). */
export type ProcessOutcome =
  | { outcome: 'SUCCESS'; status: BolProcessStatus; entityId: string | null }
  | { outcome: 'FAILURE'; status: BolProcessStatus; message: string }
  | { outcome: 'TIMEOUT'; status: BolProcessStatus | null; message: string }
  | { outcome: 'PURGED'; message: string };

/** The outcome of a status bol has finished; undefined while it is PENDING. */
export function endOf(status: BolProcessStatus): ProcessOutcome | undefined {
  if (status.status === 'SUCCESS') return { outcome: 'SUCCESS', status, entityId: status.entityId ?? null };
  if (status.status === 'FAILURE') return { outcome: 'FAILURE', status, message: status.errorMessage || `bol reports that '${status.description}' failed` };
  if (status.status === 'TIMEOUT') return { outcome: 'TIMEOUT', status, message: status.errorMessage || 'bol gave up on the request (TIMEOUT)' };
  return undefined;
}

export class BolClient {
  readonly http: BolHttp;

  constructor(options: BolClientOptions) {
    this.http = new BolHttp(options);
  }

  get stats() {
    return this.http.stats;
  }

  /**
   * One page (1-based, 50 orders) of orders, FBR and FBB, whatever their status; [] when bol
   * answers `{}`. `changes` narrows it to items changed in the last minutes (1–60) or on one day.
   */
  async getOrders(page: number, changes: OrderChangeFilter = {}): Promise<BolReducedOrder[]> {
    let path = `/retailer/orders?page=${page}&fulfilment-method=ALL&status=ALL`;
    if (changes.changeIntervalMinute !== undefined) path += `&change-interval-minute=${changes.changeIntervalMinute}`;
    if (changes.latestChangeDate !== undefined) path += `&latest-change-date=${encodeURIComponent(changes.latestChangeDate)}`;
    const body = await this.http.json<BolReducedOrders>({
      method: 'GET',
      path,
      what: `Reading page ${page} of bol's orders`,
    });
    // bol leaves the key out when the list is empty, although its spec marks it required.
    return Array.isArray(body.orders) ? body.orders : [];
  }

  getOrder(orderId: string): Promise<BolOrderDetail> {
    return this.http.json({ method: 'GET', path: `/retailer/orders/${encodeURIComponent(orderId)}`, what: `Reading bol order ${orderId}` });
  }

  postProductContent(content: BolCreateProductContent): Promise<BolProcessStatus> {
    return this.http.json({ method: 'POST', path: '/retailer/content/products', body: content, what: 'Sending product content to bol' });
  }

  getUploadReport(uploadId: string): Promise<BolUploadReportResponse> {
    return this.http.json({ method: 'GET', path: `/retailer/content/upload-report/${encodeURIComponent(uploadId)}`, what: `Reading bol's upload report ${uploadId}` });
  }

  async getChunkRecommendations(name: string, description: string): Promise<{ chunkId: string; probability: number }[]> {
    const attributes = [{ id: 'Name', values: [{ value: name.slice(0, 10_000) }] }];
    if (description.trim() !== '') attributes.push({ id: 'Description', values: [{ value: description.slice(0, 10_000) }] });
    const body = await this.http.json<BolChunkRecommendations>({
      method: 'POST',
      path: '/retailer/content/chunk-recommendations',
      body: { productContents: [{ attributes }] },
      what: 'Asking bol for category recommendations',
    });
    return body.recommendations?.[0]?.predictions ?? [];
  }

  /**
   * bol's catalog entry of an EAN in the configured content language, or null when bol does not
   * know it (404). The language is always sent: left to fetch, it would be `*`.
   */
  async getCatalogProduct(ean: string): Promise<BolCatalogProduct | null> {
    try {
      return await this.http.json<BolCatalogProduct>({
        method: 'GET',
        path: `/retailer/content/catalog-products/${encodeURIComponent(ean)}`,
        headers: { 'Accept-Language': this.http.language },
        what: `Reading bol's catalog entry of ${ean}`,
      });
    } catch (error) {
      if (error instanceof BolApiError && error.status === 404) return null;
      throw error;
    }
  }

  /** Cancels one order item (bol takes one per request) with one of bol's reasons: 202, a CANCEL_ORDER process. */
  cancelOrderItem(orderItemId: string, reasonCode: BolCancellationReason): Promise<BolProcessStatus> {
    return this.http.json({
      method: 'PUT',
      path: '/retailer/orders/cancellation',
      body: { orderItems: [{ orderItemId, reasonCode }] },
      what: `Cancelling bol order item ${orderItemId}`,
    });
  }

  /** The process statuses of an entity (e.g. the CANCEL_ORDER statuses of an order item), newest first. */
  async getProcessStatusesByEntity(entityId: string, eventType: string, page = 1): Promise<BolProcessStatus[]> {
    const body = await this.http.json<{ processStatuses?: BolProcessStatus[] }>({
      method: 'GET',
      path: `/shared/process-status?entity-id=${encodeURIComponent(entityId)}&event-type=${encodeURIComponent(eventType)}&page=${page}`,
      what: `Reading bol's ${eventType} process statuses of ${entityId}`,
    });
    return body.processStatuses ?? [];
  }

  /** Up to 1000 process statuses in one call (the ones bol still knows). */
  async getProcessStatuses(processStatusIds: readonly string[]): Promise<BolProcessStatus[]> {
    const body = await this.http.json<{ processStatuses?: BolProcessStatus[] }>({
      method: 'POST',
      path: '/shared/process-status',
      body: { processStatusQueries: processStatusIds.map((processStatusId) => ({ processStatusId })) },
      what: `Reading ${processStatusIds.length} bol process status(es)`,
    });
    return body.processStatuses ?? [];
  }

  getProcessStatus(processStatusId: string): Promise<BolProcessStatus> {
    return this.http.json({ method: 'GET', path: `/shared/process-status/${encodeURIComponent(processStatusId)}`, what: `Reading bol process status ${processStatusId}` });
  }

  /**
   * Polls a process status until bol reports SUCCESS, FAILURE or TIMEOUT, until it is gone (404:
   * bol purges finished statuses after a while), or until our own time bound passes.
   */
  async waitForProcess(first: BolProcessStatus): Promise<ProcessOutcome> {
    const [outcome] = await this.waitForProcesses([first]);
    if (!outcome) throw new Error('no outcome for a process');
    return outcome;
  }

  /**
   * Follows several processes at once: one wait per round, then every unfinished one is polled, so
   * ten uploads take about as long as one. Outcomes in the order of `started`.
   */
  async waitForProcesses(started: readonly BolProcessStatus[]): Promise<ProcessOutcome[]> {
    const { pollIntervalMs, pollTimeoutMs } = this.http.timing;
    const deadline = this.http.now() + pollTimeoutMs;
    const latest = [...started];
    const outcomes: (ProcessOutcome | undefined)[] = started.map((status) => endOf(status));
    while (outcomes.some((outcome) => outcome === undefined)) {
      if (this.http.now() >= deadline) {
        return latest.map(
          (status, index) =>
            outcomes[index] ?? {
              outcome: 'TIMEOUT',
              status,
              message: `bol had not finished process ${status.processStatusId} after ${Math.round(pollTimeoutMs / 1000)} s; its outcome can be read again later`,
            },
        );
      }
      await this.http.sleep(pollIntervalMs);
      for (const [index, status] of latest.entries()) {
        if (outcomes[index] !== undefined) continue;
        try {
          latest[index] = await this.getProcessStatus(status.processStatusId);
          outcomes[index] = endOf(latest[index]);
        } catch (error) {
          if (!(error instanceof BolApiError && error.status === 404)) throw error;
          outcomes[index] = { outcome: 'PURGED', message: `bol no longer knows process ${status.processStatusId} (finished statuses are purged after a while)` };
        }
      }
    }
    return outcomes.filter((outcome): outcome is ProcessOutcome => outcome !== undefined);
  }

  /** Asks bol for an offer export, waits for it and reads the CSV by its header. */
  async exportOffers(): Promise<BolOffer[]> {
    const started = await this.http.json<BolProcessStatus>({ method: 'POST', path: '/retailer/offers/export', body: { format: 'CSV' }, what: 'Asking bol for an offer export' });
    const outcome = await this.waitForProcess(started);
    if (outcome.outcome !== 'SUCCESS') throw new BolApiError(0, `bol's offer export did not finish: ${outcome.message}`);
    if (!outcome.entityId) throw new BolApiError(0, "bol's offer export finished without a report id");
    const response = await this.http.send({ method: 'GET', path: `/retailer/offers/export/${encodeURIComponent(outcome.entityId)}`, accept: BOL_CSV, what: "Downloading bol's offer export" });
    return parseOfferExport(await response.text());
  }
}
