/**
 * What the list keeps of the language shown with its snapshot (docs/offline.md "Cold start on
 * /products"): the catalog messages the boot frame writes, compiled as the pack has them
 * (frame-words.ts picks and writes them). Tiny, with type imports only: the boot entry reads it
 * with the snapshot, so it stays out of every chunk but that entry's.
 */
import type { Language } from '../../shared/languages';

/** What the list keeps with its snapshot: the language and the frame's messages, compiled. */
export interface KeptFrameWords {
  language: Exclude<Language, 'en'>;
  messages: Record<string, unknown>;
}

/** Whether a kept value is words the frame can use. */
export function isKeptFrameWords(value: unknown): value is KeptFrameWords {
  if (typeof value !== 'object' || value === null) return false;
  const { language, messages } = value as Partial<KeptFrameWords>;
  return language === 'nl' && typeof messages === 'object' && messages !== null && !Array.isArray(messages);
}
