/**
 * A person chooses their language (docs/languages.md): shown at once on this tablet, and kept on
 * their account so it follows them to another tablet. When the account cannot be told (offline,
 * the server away), the choice waits on this tablet (pending-language.ts), a toast says it will
 * be kept once the connection is back, and it is sent when the browser is online again or the
 * app starts.
 */
import { navMessages } from '../../shared/nav-messages';
import type { Language } from '../../shared/languages';
import { changeOwnLanguage } from '../api/accounts';
import { ApiFailure } from '../api/client';
import { sessionUserAtom } from '../state/session';
import { appStore } from '../state/store';
import { notify } from '../ui/notify';
import { applyLanguage, chosenLanguageAtom, messagesNow } from './language';
import { forgetPendingLanguage, keepLanguageLater, sendPendingLanguage, type KeepFailure } from './pending-language';

type KeepOnAccount = (language: Language) => Promise<unknown>;

/** No answer (offline, timeout) or a server failure: try again later; any other answer refused it. */
export function keepFailureOf(error: unknown): KeepFailure {
  return error instanceof ApiFailure && error.status >= 400 && error.status < 500 ? 'refused' : 'again';
}

export async function chooseLanguage(language: Language, keepOnAccount: KeepOnAccount = changeOwnLanguage): Promise<void> {
  appStore.set(chosenLanguageAtom, language);
  const shown = applyLanguage();
  const failure = await keepOnAccount(language).then(
    () => null,
    (error: unknown) => keepFailureOf(error),
  );
  const user = appStore.get(sessionUserAtom);
  if (failure === 'again' && user !== null) keepLanguageLater({ language, user });
  else forgetPendingLanguage();
  // Resolves once the screens show it; the toast then speaks the new language.
  await shown;
  if (failure !== null) notify(failure === 'again' && user !== null ? messagesNow(navMessages, 'nav').languageKeptLater : messagesNow(navMessages, 'nav').languageNotKept);
}

/** Sends a choice that waits on this tablet: now, and each time the browser is online again. */
export function followPendingLanguage(keepOnAccount: KeepOnAccount = changeOwnLanguage): () => void {
  const send = () => void sendPendingLanguage(appStore.get(sessionUserAtom), keepOnAccount, keepFailureOf);
  send();
  globalThis.addEventListener?.('online', send);
  return () => globalThis.removeEventListener?.('online', send);
}
