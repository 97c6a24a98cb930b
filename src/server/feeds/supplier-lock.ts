/**
 * The supplier's inProgress flag is the lock of its feed import and image re-export: claimed by a
 * single UPDATE (so two requests cannot both win) and always released.
 */
import { serverSentence } from '../../shared/server-messages';
import { and, eq, not, sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { parsingHistory, suppliers } from '../db/schema';
import { ApiError } from '../http/errors';
import { messageColumns } from './parsing-history';

export type SupplierRecord = typeof suppliers.$inferSelect;

export class SupplierBusyError extends ApiError {
  constructor(supplierName: string) {
    const sentence = serverSentence('supplierBusy', supplierName);
    super(409, sentence.message, {}, sentence);
  }
}

/** Marks the supplier busy; throws 404 for an unknown supplier and 409 when it is busy already. */
export async function claimSupplier(db: Database, supplierId: number): Promise<SupplierRecord> {
  const claimed = await db
    .update(suppliers)
    .set({ inProgress: true })
    .where(and(eq(suppliers.supplierId, supplierId), not(suppliers.inProgress)))
    .returning();
  if (claimed[0]) return claimed[0];
  const existing = await db.select().from(suppliers).where(eq(suppliers.supplierId, supplierId));
  if (!existing[0]) throw ApiError.saying(404, serverSentence('supplierMissing', supplierId));
  throw new SupplierBusyError(existing[0].supplierName);
}

export async function releaseSupplier(db: Database, supplierId: number): Promise<void> {
  await db.update(suppliers).set({ inProgress: false }).where(eq(suppliers.supplierId, supplierId));
}

/**
 * At server start nothing runs yet: flags and 'running' history entries left by a stopped server
 * are stale. Answers how many suppliers were released and how many runs were interrupted.
 */
export async function resetInterruptedRuns(db: Database, now: Date = new Date()): Promise<{ released: number; interrupted: number }> {
  const interrupted = await db
    .update(parsingHistory)
    .set({ status: 'failed', finishedAt: now, ...messageColumns(serverSentence('jobInterrupted')) })
    .where(eq(parsingHistory.status, 'running'))
    .returning({ id: parsingHistory.id });
  const released = await db.update(suppliers).set({ inProgress: false }).where(sql`${suppliers.inProgress}`).returning({ id: suppliers.supplierId });
  return { released: released.length, interrupted: interrupted.length };
}
