/** Which language a tablet gets on first use (docs/languages.md, "Which language"). */
import { describe, expect, it } from 'vitest';
import { isLanguage, tabletLanguage } from '../../src/shared/languages';

describe('the tablet’s language', () => {
  it('is the first of the tablet’s languages the app speaks, by its primary subtag', () => {
    expect(tabletLanguage(['nl-NL', 'en-US'])).toBe('nl');
    expect(tabletLanguage(['nl-BE'])).toBe('nl');
    expect(tabletLanguage(['NL'])).toBe('nl');
    expect(tabletLanguage(['de-DE', 'nl', 'en'])).toBe('nl');
    expect(tabletLanguage(['en-GB', 'nl-NL'])).toBe('en');
    expect(tabletLanguage(['en_US'])).toBe('en');
  });

  it('is English when the tablet asks for none of ours, or for nothing', () => {
    expect(tabletLanguage(['de-DE', 'fr-FR'])).toBe('en');
    expect(tabletLanguage([])).toBe('en');
    expect(tabletLanguage([''])).toBe('en');
  });

  it('knows only its own language codes', () => {
    expect(isLanguage('nl')).toBe(true);
    expect(isLanguage('en')).toBe(true);
    for (const other of ['NL', 'nl-NL', 'de', '', null, 1, undefined]) expect(isLanguage(other)).toBe(false);
  });
});
