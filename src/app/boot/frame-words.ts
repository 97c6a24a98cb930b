/**
 * The words of the boot frame (list-frame.ts; docs/offline.md "Cold start on /products") in the
 * language the kept snapshot was drawn in. The Dutch pack is not loaded yet when the frame paints,
 * so the list keeps the few catalog messages the frame writes with its snapshot (`keptFrameWords`,
 * compiled as the pack has them) and the frame writes them with a small formatter
 * (i18n/compiled-message.ts). English keeps nothing: its words are the modules themselves.
 */
import { listActionsMessages } from '../../shared/list-actions-messages';
import { BOL_STATE_LABELS } from '../../shared/messages';
import { bolOfferMessages } from '../../shared/bol-offer-messages';
import { offlineDataMessages } from '../../shared/offline-data-messages';
import { productFilterMessages } from '../../shared/product-filter-messages';
import { productListMessages } from '../../shared/product-list-messages';
import { filterFields } from '../features/products/filter-fields';
import type { SummaryWords } from '../features/products/filter-summary';
import type { OfflineNoteWords, PagerWords } from '../features/products/product-list-rules';
import type { FeedWords } from '../features/products/supplier-actions-rules';
import { formatCompiled } from '../i18n/compiled-message';
import { valuesOf } from '../i18n/message-values';
import { localized, type TranslationPack } from '../i18n/translation-pack';
import type { KeptFrameWords } from './kept-frame-words';

/** The catalog ids the frame writes, by prefix (the pager, the filter summary, the feed bar, the offline note). */
export const FRAME_PREFIXES = [
  'productList.',
  'productFilter.',
  'listActions.feed.',
  'listActions.bulk.offlineReason',
  'offlineData.',
  'bolState.',
  'bolOffer.offerState',
] as const;

/** The frame's messages of the pack shown, to keep with the snapshot; null in English (nothing to keep). */
export function keptFrameWords(pack: TranslationPack | null): KeptFrameWords | null {
  if (!pack?.compiled) return null;
  const messages: Record<string, unknown> = {};
  for (const [id, message] of Object.entries(pack.compiled)) {
    if (FRAME_PREFIXES.some((prefix) => id.startsWith(prefix))) messages[id] = message;
  }
  return { language: pack.language, messages };
}

/** Every word the frame writes. */
export interface FrameWords {
  pager: PagerWords;
  summary: SummaryWords;
  feed: FeedWords;
  offlineReason: string;
  note: OfflineNoteWords;
}

const LOCALES: Record<KeptFrameWords['language'], string> = { nl: 'nl-NL' };

/** A pack of just the kept messages (what it lacks stays English). */
export function keptPack(kept: KeptFrameWords): TranslationPack {
  const locale = LOCALES[kept.language];
  return {
    language: kept.language,
    text: (id, args) => (Object.hasOwn(kept.messages, id) ? formatCompiled(kept.messages[id], valuesOf(args ?? [], locale), locale) : undefined),
  };
}

/** The frame's words: the kept language's, else English. */
export function frameWords(kept: KeptFrameWords | null = null): FrameWords {
  const pack = kept ? keptPack(kept) : null;
  const filter = localized(productFilterMessages, pack, 'productFilter');
  const offer = localized(bolOfferMessages, pack, 'bolOffer');
  const actions = localized(listActionsMessages, pack, 'listActions');
  return {
    pager: localized(productListMessages, pack, 'productList'),
    summary: { fields: filterFields({ filter, bolStates: localized(BOL_STATE_LABELS, pack, 'bolState'), offer }), filter },
    feed: actions.feed,
    offlineReason: actions.bulk.offlineReason,
    note: { note: localized(offlineDataMessages, pack, 'offlineData'), filter, offerStateFilter: offer.offerStateFilter },
  };
}
