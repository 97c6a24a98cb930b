/** The product being edited (docs/requirements.md §3, "also kept"): shared by the editor's two tabs. */
import { atom } from 'jotai';
import type { ProductLoadState } from './load-product';

export const editedProductAtom = atom<ProductLoadState>({ status: 'loading' });
