/**
 * The Dutch pack (docs/languages.md): the catalog src/app/i18n/locales/nl.po, compiled when the
 * app is built (@lingui/vite-plugin), and Lingui's runtime, which formats its ICU messages
 * (plurals, numbers). Its own chunk: loaded only when Dutch is shown.
 */
import { setupI18n } from '@lingui/core';
import { messages } from './locales/nl.po';
import { valuesOf } from './message-values';
import type { TranslationPack } from './translation-pack';

const i18n = setupI18n({ locale: 'nl', messages: { nl: messages } });

export const dutchPack: TranslationPack = {
  language: 'nl',
  text: (id, args) => (Object.hasOwn(messages, id) ? i18n._(id, args ? valuesOf(args, 'nl-NL') : undefined) : undefined),
  compiled: messages,
};
