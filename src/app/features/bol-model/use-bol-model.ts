/**
 * The Bol Model tab's reference data beside the model: the category list, bol's recommendations
 * and the marketplace state. The model and its form are the edit controller's (use-bol-editor.ts).
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import type { BolChunkRecommendation, BolMarketplaceState } from '../../../shared/bol-contract';
import type { Product } from '../../../shared/contract';
import { getChunkAssignment, getMarketplaceState } from '../../api/bol';
import { bolChunksAtom } from './bol-model-state';
import { onlineAtom } from '../../state/sync';
import { appChunkLoadDeps, keepMarketplaceState, readKeptMarketplaceState } from './bol-model-deps';
import { loadChunks } from './load-bol-model';

export interface MarketplaceView {
  state: BolMarketplaceState;
  keptCopy: boolean;
}

/** The server's marketplace state (kept for offline), or the kept one when there is no answer. */
async function readMarketplace(productId: number, online = true): Promise<MarketplaceView | null> {
  if (online) {
    try {
      const state = await getMarketplaceState(productId);
      await keepMarketplaceState(state).catch(() => undefined);
      return { state, keptCopy: false };
    } catch (error) {
      console.error('Reading the marketplace state failed', error);
    }
  }
  const kept = await readKeptMarketplaceState(productId).catch(() => null);
  return kept ? { state: kept, keptCopy: true } : null;
}

export function useBolModel(product: Product) {
  const productId = product.productId;
  const online = useAtomValue(onlineAtom);
  const chunks = useAtomValue(bolChunksAtom);
  const setChunks = useSetAtom(bolChunksAtom);
  const [recommendations, setRecommendations] = useState<BolChunkRecommendation[]>([]);
  const [recommendationsNote, setRecommendationsNote] = useState<string | null>(null);
  const [marketplace, setMarketplace] = useState<MarketplaceView | null>(null);

  const refreshMarketplace = useCallback(async () => {
    const view = await readMarketplace(productId);
    if (view) setMarketplace(view);
  }, [productId]);

  useEffect(() => {
    let current = true;
    void loadChunks(appChunkLoadDeps, (next) => {
      if (current) setChunks(next);
    });
    if (online) {
      getChunkAssignment(productId).then(
        (assignment) => {
          if (!current) return;
          setRecommendations(assignment.recommendations);
          setRecommendationsNote(assignment.recommendationsNote ?? null);
        },
        (error: unknown) => console.error('Reading the Bol category failed', error),
      );
    }
    void readMarketplace(productId, online).then((view) => {
      if (current && view) setMarketplace(view);
    });
    return () => {
      current = false;
    };
  }, [productId, online, setChunks]);

  return {
    online,
    chunks,
    recommendations,
    recommendationsNote,
    clearRecommendations: () => setRecommendations([]),
    marketplace,
    refreshMarketplace,
  };
}
