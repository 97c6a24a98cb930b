/** The product being edited (spec section 3, "also kept"): shared by the editor's two tabs. */
import { atom } from 'jotai';
import type { Product } from '../../shared/contract';
import type { ProductLoadState } from '../features/product-edit/load-product';

export const editedProductAtom = atom<ProductLoadState>({ status: 'loading' });

/** The loaded product, or null while loading or after a failure. */
export const editedProductValueAtom = atom<Product | null>((get) => {
  const state = get(editedProductAtom);
  return state.status === 'ready' ? state.product : null;
});
