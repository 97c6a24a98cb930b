/**
 * The language the app speaks (docs/languages.md): the person's choice kept on this tablet
 * (localStorage 'language', set from their account at sign-in), else the tablet's own language.
 * Applying a language loads its pack (Dutch is its own chunk), sets `<html lang>` and the
 * number and date format. The screens read their words through useMessages.
 */
import { atom, useAtomValue } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { isLanguage, tabletLanguage, type Language } from '../../shared/languages';
import { setFormatLanguage } from '../lib/format';
import { appStore } from '../state/store';
import { localized, type TranslationPack } from './translation-pack';

/** The person's chosen language as last known on this tablet; null: none chosen yet. */
export const chosenLanguageAtom = atomWithStorage<Language | null>(
  'language',
  null,
  {
    getItem: (key, initialValue) => {
      const raw = globalThis.localStorage?.getItem(key);
      return isLanguage(raw) ? raw : initialValue;
    },
    setItem: (key, value) => (value === null ? globalThis.localStorage?.removeItem(key) : globalThis.localStorage?.setItem(key, value)),
    removeItem: (key) => globalThis.localStorage?.removeItem(key),
  },
  { getOnInit: true },
);

/** The tablet's languages, most wanted first. */
function tabletLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** The language shown: the chosen one, else the tablet's. */
export const languageAtom = atom<Language>((get) => get(chosenLanguageAtom) ?? tabletLanguage(tabletLanguages()));

/** The loaded pack of the language shown; null for English. */
export const packAtom = atom<TranslationPack | null>(null);

function loadPack(language: Language): Promise<TranslationPack | null> {
  return language === 'en' ? Promise.resolve(null) : import('./dutch-pack').then((module) => module.dutchPack);
}

let applying: Promise<void> = Promise.resolve();

/**
 * Shows the app in the language of languageAtom: loads its pack, then sets the format, the pack
 * and `<html lang>` together (the screens re-render once, fully in the new language). Resolves
 * when done; a pack that cannot be loaded (offline before it was ever cached) leaves English.
 */
export function applyLanguage(): Promise<void> {
  const language = appStore.get(languageAtom);
  applying = applying
    .then(() => loadPack(language))
    .then((pack) => {
      if (appStore.get(languageAtom) !== language) return;
      setFormatLanguage(pack ? language : 'en');
      appStore.set(packAtom, pack);
      document.documentElement.lang = pack ? language : 'en';
    })
    .catch(() => undefined);
  return applying;
}

/** Keeps the shown language in step with languageAtom from now on (a choice, a sign-in, another tab). */
export function followLanguage(): void {
  appStore.sub(languageAtom, () => void applyLanguage());
}

/** The English message module `english` in the language shown (ids under `prefix`); re-renders when the language changes. */
export function useMessages<T extends object>(english: T, prefix = ''): T {
  return localized(english, useAtomValue(packAtom), prefix);
}

/** The same outside React (a toast's words, a rule's sentence), in the language shown now. */
export function messagesNow<T extends object>(english: T, prefix = ''): T {
  return localized(english, appStore.get(packAtom), prefix);
}
