/**
 * The Bol Model tab's data: the model (device first, then network), the category list, bol's
 * recommendations and the marketplace state, and the form being edited. Actions live in the tab.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BolChunkRecommendation, BolMarketplaceState, BolModel } from '../../../shared/bol-contract';
import type { Product } from '../../../shared/contract';
import { getChunkAssignment, getMarketplaceState } from '../../api/bol';
import { bolChunksAtom } from './bol-model-state';
import { onlineAtom } from '../../state/sync';
import { appBolModelLoadDeps, appChunkLoadDeps, keepMarketplaceState, readKeptMarketplaceState } from './bol-model-deps';
import { formFromModel, type BolFormState } from './bol-tab-rules';
import { loadBolModel, loadChunks, type BolModelLoadState, type BolModelSource } from './load-bol-model';

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
  const [load, setLoad] = useState<BolModelLoadState>({ status: 'loading' });
  const [form, setFormState] = useState<BolFormState | null>(null);
  const [recommendations, setRecommendations] = useState<BolChunkRecommendation[]>([]);
  const [recommendationsNote, setRecommendationsNote] = useState<string | null>(null);
  const [marketplace, setMarketplace] = useState<MarketplaceView | null>(null);
  /** True once the person edited the form: a later copy of the model then does not replace their edits. */
  const touched = useRef(false);
  const [reloads, setReloads] = useState(0);
  const productSize = product.productSize;

  /** Shows a model and (unless the person is editing) a fresh form for it. */
  const showModel = useCallback(
    (model: BolModel, source: BolModelSource, options: { resetForm?: boolean } = {}) => {
      setLoad({ status: 'ready', model, source });
      if (options.resetForm || !touched.current) {
        touched.current = false;
        setFormState(formFromModel(model, productSize));
      }
    },
    [productSize],
  );

  const setForm = useCallback((update: (form: BolFormState) => BolFormState) => {
    touched.current = true;
    setFormState((current) => (current ? update(current) : current));
  }, []);

  const refreshMarketplace = useCallback(async () => {
    const view = await readMarketplace(productId);
    if (view) setMarketplace(view);
  }, [productId]);

  useEffect(() => {
    let current = true;
    void loadChunks(appChunkLoadDeps, (next) => {
      if (current) setChunks(next);
    });
    void loadBolModel(productId, appBolModelLoadDeps, (next) => {
      if (!current) return;
      setLoad(next);
      if (next.status === 'ready' && !touched.current) setFormState(formFromModel(next.model, productSize));
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
  }, [productId, productSize, online, reloads, setChunks]);

  /** Reads the model again (device first, then the server); `resetForm` also refills the form from it. */
  const reload = useCallback((resetForm: boolean) => {
    if (resetForm) touched.current = false;
    setReloads((n) => n + 1);
  }, []);

  return {
    online,
    chunks,
    load,
    form,
    setForm,
    showModel,
    reload,
    recommendations,
    recommendationsNote,
    clearRecommendations: () => setRecommendations([]),
    marketplace,
    refreshMarketplace,
  };
}
