/**
 * A person chooses their language (docs/languages.md): shown at once on this tablet, and kept on
 * their account so it follows them to another tablet. When the account cannot be told (offline,
 * the server away), the tablet keeps it and a toast says so.
 */
import { navMessages } from '../../shared/nav-messages';
import type { Language } from '../../shared/languages';
import { changeOwnLanguage } from '../api/accounts';
import { appStore } from '../state/store';
import { notify } from '../ui/notify';
import { applyLanguage, chosenLanguageAtom, messagesNow } from './language';

export async function chooseLanguage(language: Language, keepOnAccount: (language: Language) => Promise<unknown> = changeOwnLanguage): Promise<void> {
  appStore.set(chosenLanguageAtom, language);
  const shown = applyLanguage();
  const kept = await keepOnAccount(language).then(
    () => true,
    () => false,
  );
  // Resolves once the screens show it; the toast then speaks the new language.
  await shown;
  if (!kept) notify(messagesNow(navMessages, 'nav').languageNotKept);
}
