/**
 * The Dutch pack (docs/languages.md): the catalog src/app/i18n/locales/nl.po, compiled when the
 * app is built (@lingui/vite-plugin), and Lingui's runtime, which formats its ICU messages
 * (plurals, numbers). Its own chunk: loaded only when Dutch is shown.
 */
import { setupI18n } from '@lingui/core';
import { answerSentence } from '../../shared/answer-sentence';
import { messages } from './locales/nl.po';
import type { TranslationPack } from './translation-pack';

const i18n = setupI18n({ locale: 'nl', messages: { nl: messages } });
const list = new Intl.ListFormat('nl-NL', { type: 'conjunction' });

/**
 * The English function's arguments as the catalog's `{0}`, `{1}`: a list is written as Dutch
 * writes one ("a, b en c"); `{has0}` is 'yes' when argument 0 is given (not null, '', false or
 * an empty list), for the parts of a sentence that name it only then.
 */
export function valuesOf(args: readonly unknown[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  args.forEach((arg, index) => {
    values[index] = Array.isArray(arg) ? list.format(arg.map(String)) : arg;
    const given = Array.isArray(arg) ? arg.length > 0 : arg !== null && arg !== undefined && arg !== '' && arg !== false;
    values[`has${index}`] = given ? 'yes' : 'no';
  });
  return values;
}

const text: TranslationPack['text'] = (id, args) => (Object.hasOwn(messages, id) ? i18n._(id, args ? valuesOf(args) : undefined) : undefined);

export const dutchPack: TranslationPack = {
  language: 'nl',
  text,
  says: (body) => answerSentence(body, text),
};
