/**
 * The languages of the app (docs/languages.md): which there are, how each is named in its own
 * words, the locale its numbers and dates are written in, and which one a tablet asks for on first
 * use. Pure, and small: the sign-in page loads it.
 */
export const LANGUAGES = ['en', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language when the tablet asks for none of ours. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as the language choice lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', nl: 'Nederlands' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of the tablet's languages (navigator.languages, most wanted first) that the app
 * speaks, by its primary subtag: 'nl-BE' and 'nl' are Dutch, 'en-US' English; else English.
 */
export function tabletLanguage(wanted: readonly string[]): Language {
  for (const tag of wanted) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}
