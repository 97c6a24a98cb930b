/**
 * First start with an empty database: create the demo suppliers, then (after the server listens)
 * import their feeds and re-export their images through the same calls a person would use.
 */
import { count, inArray } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { suppliers } from '../db/schema';
import type { ImageJobDeps } from '../feeds/feed-deps';
import { importSupplierFeed, summary } from '../feeds/feed-import';
import { reexportSupplierImages } from '../feeds/image-reexport';
import { DEMO_SUPPLIERS, demoFeedPath } from './demo-catalogue';
import { describeError } from '../lib/caught-errors';

/** Creates the demo suppliers when there are no suppliers at all; true when it did. */
export async function seedDemoSuppliers(db: Database): Promise<boolean> {
  const existing = await db.select({ n: count() }).from(suppliers);
  if ((existing[0]?.n ?? 0) > 0) return false;
  await db
    .insert(suppliers)
    .values(
      DEMO_SUPPLIERS.map((supplier) => ({
        supplierName: supplier.supplierName,
        supplierUrlFeed: demoFeedPath(supplier),
        feedFormat: supplier.feedFormat,
        usShoeSizes: supplier.usShoeSizes,
      })),
    )
    .onConflictDoNothing();
  return true;
}

/** Imports every demo supplier's feed, then stores its images; logs as it goes, never throws. */
export async function importDemoCatalogue(deps: ImageJobDeps, log: (line: string) => void = console.log): Promise<void> {
  const started = Date.now();
  const rows = await deps.db
    .select()
    .from(suppliers)
    .where(inArray(suppliers.supplierName, DEMO_SUPPLIERS.map((supplier) => supplier.supplierName)));
  for (const supplier of rows.sort((a, b) => a.supplierId - b.supplierId)) {
    try {
      const imported = await importSupplierFeed(deps, supplier.supplierId);
      log(`[demo] ${supplier.supplierName}: feed import ${imported.entry.status}: ${imported.failure ? imported.entry.message : summary(imported.entry)}`);
      const images = await reexportSupplierImages(deps, supplier.supplierId);
      log(`[demo] ${supplier.supplierName}: image re-export ${images.entry.status}: ${images.entry.message}`);
    } catch (error) {
      log(`[demo] ${supplier.supplierName}: skipped (${describeError(error)})`);
    }
  }
  log(`[demo] demo catalogue ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
