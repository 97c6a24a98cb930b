/** The product being edited (docs/requirements.md §3, "also kept"): shared by the editor's two tabs. */
import { atom } from 'jotai';
import type { ProductLoadState } from './load-product';

export const editedProductAtom = atom<ProductLoadState>({ status: 'loading' });

/**
 * The product whose conflict the General tab shows now (null: none). While it shows one, the page
 * shows no "waiting to be sent" note: one clear state (docs/product-edit.md "Conflicts").
 */
export const conflictShownForAtom = atom<number | null>(null);
