/** The person's language, chosen in the top bar (docs/languages.md): each language named in itself. */
import { useAtomValue } from 'jotai';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../../shared/languages';
import { navMessages } from '../../../shared/nav-messages';
import { chooseLanguage } from '../../i18n/choose-language';
import { languageAtom, useMessages } from '../../i18n/language';

export function LanguageChoice() {
  const language = useAtomValue(languageAtom);
  const words = useMessages(navMessages, 'nav');
  return (
    <select
      className="language-choice"
      aria-label={words.language}
      value={language}
      onChange={(event) => {
        const next = event.target.value;
        if (isLanguage(next)) void chooseLanguage(next);
      }}
    >
      {LANGUAGES.map((option) => (
        <option key={option} value={option} lang={option}>
          {LANGUAGE_NAMES[option]}
        </option>
      ))}
    </select>
  );
}
