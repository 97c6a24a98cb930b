// @vitest-environment jsdom
/**
 * The language shown (docs/languages.md, "Which language"): the tablet's on first use, the
 * account's after a sign-in, a choice kept on this tablet even when the account cannot be told;
 * applying it loads the Dutch pack and sets `<html lang>` and the formats.
 */
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage, followPendingLanguage } from '../../src/app/i18n/choose-language';
import { pendingLanguage } from '../../src/app/i18n/pending-language';
import { ApiFailure } from '../../src/app/api/client';
import { sessionUserAtom } from '../../src/app/state/session';
import { navMessages } from '../../src/shared/nav-messages';
import * as notifications from '../../src/app/ui/notify';
import { applyLanguage, chosenLanguageAtom, languageAtom, messagesNow, packAtom } from '../../src/app/i18n/language';
import { countText } from '../../src/app/lib/format';
import { signInAtom } from '../../src/app/state/session';
import { appStore } from '../../src/app/state/store';
import { messages } from '../../src/shared/messages';

function tabletSpeaks(languages: string[]): void {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

beforeEach(() => {
  localStorage.clear();
  appStore.set(chosenLanguageAtom, null);
});
afterEach(async () => {
  vi.restoreAllMocks();
  appStore.set(chosenLanguageAtom, 'en');
  await applyLanguage();
});

describe('the language shown', () => {
  it('is the tablet’s own on first use', () => {
    tabletSpeaks(['nl-NL', 'en']);
    expect(createStore().get(languageAtom)).toBe('nl');
    tabletSpeaks(['fr-FR']);
    expect(createStore().get(languageAtom)).toBe('en');
  });

  it('is the account’s after a sign-in, and the tablet’s again for an account that never chose', () => {
    tabletSpeaks(['en-US']);
    const store = createStore();
    store.set(signInAtom, { accessToken: 'a.b.c', expiredAccessToken: 1_800_000_000_000, username: 'lotte', language: 'nl' });
    expect(store.get(languageAtom)).toBe('nl');
    expect(localStorage.getItem('language')).toBe('nl');
    store.set(signInAtom, { accessToken: 'a.b.c', expiredAccessToken: 1_800_000_000_000, username: 'sam', language: null });
    expect(store.get(languageAtom)).toBe('en');
    expect(localStorage.getItem('language')).toBeNull();
  });

  it('once applied, loads the Dutch pack, sets <html lang> and writes numbers the Dutch way; English drops the pack', async () => {
    appStore.set(chosenLanguageAtom, 'nl');
    await applyLanguage();
    expect(document.documentElement.lang).toBe('nl');
    expect(appStore.get(packAtom)?.language).toBe('nl');
    expect(countText(1234)).toBe('1.234');
    expect(messagesNow(messages).login.signIn).toBe('Inloggen');

    appStore.set(chosenLanguageAtom, 'en');
    await applyLanguage();
    expect(document.documentElement.lang).toBe('en');
    expect(appStore.get(packAtom)).toBeNull();
    expect(countText(1234)).toBe('1,234');
    expect(messagesNow(messages)).toBe(messages);
  });
});

describe('choosing a language', () => {
  it('shows it at once and keeps it on the account', async () => {
    const kept: string[] = [];
    await chooseLanguage('nl', async (language) => void kept.push(language));
    expect(kept).toEqual(['nl']);
    expect(appStore.get(languageAtom)).toBe('nl');
    expect(localStorage.getItem('language')).toBe('nl');
    expect(document.documentElement.lang).toBe('nl');
  });

  it('keeps it on this tablet when the account cannot be told', async () => {
    await chooseLanguage('nl', () => Promise.reject(new Error('offline')));
    expect(appStore.get(languageAtom)).toBe('nl');
    expect(localStorage.getItem('language')).toBe('nl');
    expect(document.documentElement.lang).toBe('nl');
  });
});

describe('a language chosen while the account cannot be told', () => {
  const offline = () => Promise.reject(new ApiFailure('offline', 0, null));

  beforeEach(() => {
    appStore.set(sessionUserAtom, 'sam');
  });
  afterEach(() => {
    appStore.set(sessionUserAtom, null);
  });

  it('waits on this tablet and is kept on the account once the browser is online again', async () => {
    const toasts: string[] = [];
    vi.spyOn(notifications, 'notify').mockImplementation((text: string) => void toasts.push(text));
    await chooseLanguage('nl', offline);
    expect(pendingLanguage()).toEqual({ language: 'nl', user: 'sam' });
    expect(toasts.at(-1)).toBe(messagesNow(navMessages, 'nav').languageKeptLater);
    expect(toasts.at(-1)).toBe('De taal is op deze tablet gewijzigd; ze wordt bij je account bewaard zodra er weer verbinding is.');

    const kept: string[] = [];
    let online = false;
    const stop = followPendingLanguage(async (language) => {
      if (!online) throw new ApiFailure('offline', 0, null);
      kept.push(language);
    });
    try {
      // Still offline at start: it keeps waiting.
      await vi.waitFor(() => expect(pendingLanguage()).toEqual({ language: 'nl', user: 'sam' }));
      online = true;
      window.dispatchEvent(new Event('online'));
      await vi.waitFor(() => expect(kept).toEqual(['nl']));
      expect(pendingLanguage()).toBeNull();
      // Once kept, a later 'online' sends nothing again.
      window.dispatchEvent(new Event('online'));
      await Promise.resolve();
      expect(kept).toEqual(['nl']);
    } finally {
      stop();
    }
  });

  it('is sent on the next online event without a restart', async () => {
    vi.spyOn(notifications, 'notify').mockImplementation(() => undefined);
    const kept: string[] = [];
    let online = false;
    await chooseLanguage('nl', async (language) => {
      if (!online) throw new ApiFailure('offline', 0, null);
      kept.push(language);
    });
    expect(kept).toEqual([]);
    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(kept).toEqual(['nl']));
    expect(pendingLanguage()).toBeNull();
  });

  it("is never sent to another person's account, and a sign-in's language wins over it", async () => {
    vi.spyOn(notifications, 'notify').mockImplementation(() => undefined);
    await chooseLanguage('nl', offline);
    appStore.set(sessionUserAtom, 'kim');
    const kept: string[] = [];
    followPendingLanguage(async (language) => void kept.push(language))();
    await vi.waitFor(() => expect(pendingLanguage()).toBeNull());
    expect(kept).toEqual([]);

    appStore.set(sessionUserAtom, 'sam');
    await chooseLanguage('nl', offline);
    expect(pendingLanguage()).not.toBeNull();
    appStore.set(signInAtom, { accessToken: 'token', username: 'sam', role: 'staff', displayName: 'Sam', language: 'en' } as never);
    expect(pendingLanguage()).toBeNull();
  });

  it('a choice the server refuses does not wait, and says it was not kept', async () => {
    const toasts: string[] = [];
    vi.spyOn(notifications, 'notify').mockImplementation((text: string) => void toasts.push(text));
    await chooseLanguage('nl', () => Promise.reject(new ApiFailure('refused', 400, null)));
    expect(pendingLanguage()).toBeNull();
    expect(toasts.at(-1)).toBe(messagesNow(navMessages, 'nav').languageNotKept);
  });
});
