import { ALL_SUPPLIERS_ID, ALL_SUPPLIERS_NAME } from '../constants';
import type { Supplier } from '../contract';

export const ALL_SUPPLIERS: Supplier = {
  supplierId: ALL_SUPPLIERS_ID,
  supplierName: ALL_SUPPLIERS_NAME,
  supplierUrlFeed: '',
  inProgress: false,
};

/** The supplier selector's options: the synthetic 'All' (id 0) first, then the suppliers. */
export function withAllSuppliers(suppliers: readonly Supplier[]): Supplier[] {
  return [ALL_SUPPLIERS, ...suppliers.filter((supplier) => supplier.supplierId !== ALL_SUPPLIERS_ID)];
}
