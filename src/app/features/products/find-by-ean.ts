/**
 * The lookup behind a scan (docs/product-list.md, "Scanning an EAN"): the server's catalogue when
 * it answers, else the products kept on this device. The search finds the code as EAN, SKU or
 * supplier EAN (and in titles); scan-rules.ts keeps only exact EANs.
 */
import type { ProductPage } from '../../../shared/contract';
import type { CachedAnswer } from '../../db/product-cache';
import type { ProductQuery } from '../../db/query-key';
import { productFilterMessages } from '../../../shared/product-filter-messages';
import { scanOutcome, type ScanOutcome, type ScanWords } from './scan-rules';

export interface FindByEanDeps {
  online(): boolean;
  fetchPage(query: ProductQuery): Promise<ProductPage>;
  readOffline(query: ProductQuery): Promise<CachedAnswer>;
}

/** A few more than one: enough to tell one match from several. */
const LOOKUP_SIZE = '10';

function noAnswer(error: unknown): boolean {
  return !(typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' && error.status !== 0);
}

/** `words`: what the outcome says, in the language shown. */
export async function findByEan(code: string, deps: FindByEanDeps, words: ScanWords = productFilterMessages.scan): Promise<ScanOutcome> {
  const query: ProductQuery = { keyword: code, size: LOOKUP_SIZE, page: '0' };
  if (deps.online()) {
    try {
      return scanOutcome(code, (await deps.fetchPage(query)).content, false, words);
    } catch (error) {
      // The server did not answer: the device's products are the best there is.
      if (!noAnswer(error)) throw error;
    }
  }
  const kept = await deps.readOffline(query);
  return scanOutcome(code, kept.page.content, true, words);
}
