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
  if (failure === 'again' && user !== null) {
    keepLanguageLater({ language, user });
    followPendingLanguage(keepOnAccount, false);
  } else {
    forgetPendingLanguage();
  }
  // Resolves once the screens show it; the toast then speaks the new language.
  await shown;
  if (failure !== null) notify(failure === 'again' && user !== null ? messagesNow(navMessages, 'nav').languageKeptLater : messagesNow(navMessages, 'nav').languageNotKept);
}

let stopFollowing: (() => void) | null = null;

/**
 * Sends a choice that waits on this tablet: now (unless `sendNow` is false: it just failed), and
 * each time the browser is online again (one listener, however often it is called). Answers how to stop.
 */
export function followPendingLanguage(keepOnAccount: KeepOnAccount = changeOwnLanguage, sendNow = true): () => void {
  stopFollowing?.();
  const send = () => void sendPendingLanguage(appStore.get(sessionUserAtom), keepOnAccount, keepFailureOf);
  if (sendNow) send();
  globalThis.addEventListener?.('online', send);
  const stop = () => {
    globalThis.removeEventListener?.('online', send);
    if (stopFollowing === stop) stopFollowing = null;
  };
  stopFollowing = stop;
  return stop;
}
