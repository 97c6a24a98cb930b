/**
 * What the list keeps of the language shown with its snapshot (docs/offline.md "Cold start on
 * /products"): the catalog messages the boot frame writes, compiled as the pack has them
 * (frame-words.ts writes them). Tiny, with type imports only: the boot entry reads it with the snapshot.
 */
import type { Language } from '../../shared/languages';
import type { TranslationPack } from '../i18n/translation-pack';

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

/** What the list keeps with its snapshot: the language and the frame's messages, compiled. */
export interface KeptFrameWords {
  language: Exclude<Language, 'en'>;
  messages: Record<string, unknown>;
}

/** The frame's messages of the pack shown, to keep with the snapshot; null in English (nothing to keep). */
export function keptFrameWords(pack: TranslationPack | null): KeptFrameWords | null {
  if (!pack?.compiled) return null;
  const messages: Record<string, unknown> = {};
  for (const [id, message] of Object.entries(pack.compiled)) {
    if (FRAME_PREFIXES.some((prefix) => id.startsWith(prefix))) messages[id] = message;
  }
  return { language: pack.language, messages };
}

/** Whether a kept value is words the frame can use. */
export function isKeptFrameWords(value: unknown): value is KeptFrameWords {
  if (typeof value !== 'object' || value === null) return false;
  const { language, messages } = value as Partial<KeptFrameWords>;
  return language === 'nl' && typeof messages === 'object' && messages !== null && !Array.isArray(messages);
}
