/** The Bol categories (chunks) of the data model: loaded once, shared by every product's Bol Model tab. */
import { atom } from 'jotai';
import type { BolChunk } from '../../../shared/bol-contract';

export const bolChunksAtom = atom<BolChunk[]>([]);

/** When the list was last asked of the server in this session (ms), so each tab does not ask again. */
export const bolChunksLoadedAtAtom = atom<number | null>(null);
