/** A supplier as the server describes it (GET /api/v1/suppliers), for the Parser screen's tests. */
import type { SupplierDetails } from '../../../src/shared/suppliers';

export const supplier = (overrides: Partial<SupplierDetails> = {}): SupplierDetails => ({
  supplierId: 7,
  supplierName: 'Tuin BV',
  supplierUrlFeed: 'https://tuin.example/feed.csv',
  inProgress: false,
  version: 3,
  feedFormat: 'csv',
  feedSource: 'url',
  uploadedFile: null,
  credentials: null,
  mapping: null,
  usShoeSizes: false,
  alwaysWins: ['priceSupplier', 'stock'],
  enabled: true,
  schedule: null,
  productCount: 0,
  lastRun: null,
  ...overrides,
});
