/**
 * An export whose reader goes away stops reading rows (docs/reports-and-export.md "Export"): on
 * PostgreSQL the rows come through a cursor holding a database connection, which is given back
 * only when the rows' generator is closed.
 */
import { describe, expect, it, vi } from 'vitest';
import { csvStream, xlsxStream } from '../../src/server/catalogue/product-export';
import type { ExportRow } from '../../src/server/catalogue/product-export-rows';
import { EXPORT_COLUMN_IDS } from '../../src/shared/export-contract';

const row = (productId: number): ExportRow =>
  Object.fromEntries(EXPORT_COLUMN_IDS.map((id) => [id, id === 'productId' ? productId : id === 'title' ? `Trail runner ${productId} ${'x'.repeat(4_000)}` : ''])) as ExportRow;

/** 1,000 batches of 200 big rows (far more than the answer's buffers hold), telling when they are closed. */
function rowsWatched(): { batches: AsyncGenerator<ExportRow[]>; closed: () => boolean; handedOut: () => number } {
  let closed = false;
  let handedOut = 0;
  async function* batches(): AsyncGenerator<ExportRow[]> {
    try {
      for (let batch = 0; batch < 1_000; batch += 1) {
        // As the database does, each batch arrives in a later turn of the event loop.
        await new Promise((resolve) => setImmediate(resolve));
        handedOut += 1;
        yield Array.from({ length: 200 }, (_, index) => row(batch * 200 + index));
      }
    } finally {
      closed = true;
    }
  }
  return { batches: batches(), closed: () => closed, handedOut: () => handedOut };
}

describe('an export whose reader goes away', () => {
  it('closes the rows of a workbook, also while it waits for the reader to want more', async () => {
    const rows = rowsWatched();
    const reader = xlsxStream(rows.batches, ['productId', 'title']).getReader();
    await reader.read();
    // Let the writer fill the answer's buffers and wait for them to drain.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await reader.cancel();
    await vi.waitFor(() => expect(rows.closed()).toBe(true), { timeout: 10_000, interval: 50 });
    expect(rows.handedOut()).toBeLessThan(1_000);
  });

  it('closes the rows of a CSV', async () => {
    const rows = rowsWatched();
    const reader = csvStream(rows.batches, ['productId', 'title']).getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect(rows.closed()).toBe(true);
    expect(rows.handedOut()).toBeLessThan(1_000);
  });
});
