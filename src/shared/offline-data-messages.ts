/**
 * How a screen marks data shown from the device instead of the server ("Offline data, fetched at
 * …", src/app/lib/format.ts offlineDataNote). Dutch under 'offlineData.' in
 * src/app/i18n/locales/nl.po (docs/languages.md); each screen passes these words in the language
 * shown, with its own words for a copy of unknown age.
 */
export const offlineDataMessages = {
  fetchedAt: (time: string) => `Offline data, fetched at ${time}`,
  unknownAge: (where: string) => `Offline data, ${where}`,
  /** A record's copy of unknown age (the product page, the Bol Model tab). */
  keptHere: 'kept on this device',
};
export type OfflineDataWords = typeof offlineDataMessages;
