/**
 * "Update info from marketplace": for every product bol has heard of from us (content sent or an
 * offer), bol's catalog entry by EAN (published, classification, enrichment), and upload reports
 * still IN_PROGRESS read again.
 */
import { serverSentence, type ServerSentence } from '../../../shared/server-messages';
import { eq, isNotNull, ne, or } from 'drizzle-orm';
import type { BolUploadReport } from '../../../shared/bol-contract';
import type { Database } from '../../db/connection';
import { bolProductStates, products } from '../../db/schema';
import type { BolClient } from '../client/bol-client';
import { isItemRefusal } from '../client/bol-errors';
import { itemSaid, type BolJob } from './bol-jobs';
import { updateState, uploadReportOf } from './product-state';

export async function importFromRetailer(db: Database, client: BolClient, job: BolJob, now: () => Date): Promise<ServerSentence> {
  const rows = await db
    .select({ productId: bolProductStates.productId, ean: products.ean, uploadId: bolProductStates.uploadId, uploadReport: bolProductStates.uploadReport })
    .from(bolProductStates)
    .innerJoin(products, eq(products.productId, bolProductStates.productId))
    .where(or(ne(bolProductStates.contentStatus, 'NOT_SENT'), isNotNull(bolProductStates.offer)))
    .orderBy(bolProductStates.productId);
  job.total = rows.length;
  for (const row of rows) {
    try {
      if (!row.ean) {
        job.item({ productId: row.productId, status: 'skipped', ...serverSentence('bolItemNoEan') });
        continue;
      }
      const entry = await client.getCatalogProduct(row.ean);
      const catalog = entry
        ? { published: entry.published, chunkId: entry.gpc?.chunkId ?? null, enrichmentStatus: entry.enrichment?.status ?? null, checkedAt: now().toISOString() }
        : null;
      let uploadReport = row.uploadReport as BolUploadReport | null;
      if (row.uploadId && uploadReport?.status !== 'COMPLETED') {
        uploadReport = uploadReportOf(await client.getUploadReport(row.uploadId), now());
        job.count('uploadReportsRead');
      }
      await updateState(db, row.productId, { catalog, uploadReport }, now());
      job.count(entry ? (entry.published ? 'published' : 'notPublished') : 'unknownToBol');
      const category = entry?.gpc?.chunkId ?? serverSentence('bolCategoryUnknown');
      const said = entry ? serverSentence(entry.published ? 'bolItemPublished' : 'bolItemNotPublished', category) : serverSentence('bolItemEanUnknown', row.ean);
      job.item({ productId: row.productId, status: 'success', ...said });
    } catch (error) {
      if (!isItemRefusal(error)) throw error;
      job.item({ productId: row.productId, status: 'failed', ...itemSaid(error) });
    }
    await job.progress();
  }
  const c = job.counts;
  return serverSentence('retailerImportReport', rows.length, c.published ?? 0, c.notPublished ?? 0, c.unknownToBol ?? 0, job.failed);
}
