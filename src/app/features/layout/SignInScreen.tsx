/**
 * What a first visit without a session shows: the top bar and the sign-in form, without the
 * router, the screens or the sync engine (docs/architecture.md, "First visit"). The guard sends
 * every path to /login while nobody is signed in, so the navigation links lead nowhere yet and
 * stay on this screen; after a sign-in `onSignedIn` loads the app itself.
 */
import { IconButton } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import type { MouseEvent } from 'react';
import { navMessages } from '../../../shared/nav-messages';
import { LOGIN_PATH } from '../../../shared/rules/session';
import { useMessages } from '../../i18n/language';
import { sessionExpiredNoticeAtom } from '../../state/session';
import { PersonIcon } from '../../ui/icons';
import { SignInForm } from '../auth';
import { SyncPanelHost } from '../sync';
import { TopBar } from './TopBar';

const stayOnSignIn = (event: MouseEvent) => event.preventDefault();

export function SignInScreen({ onSignedIn, onFirstInput }: { onSignedIn: () => void; onFirstInput: () => void }) {
  const expired = useAtomValue(sessionExpiredNoticeAtom);
  const words = useMessages(navMessages, 'nav');
  return (
    <div className="app-shell">
      <TopBar
        pathname={LOGIN_PATH}
        renderNavLink={(item, label) => (
          <a key={item.path} href={item.path} className="top-nav-link" onClick={stayOnSignIn}>
            {label}
          </a>
        )}
        account={
          <IconButton asChild variant="ghost" color="gray" aria-label={words.account}>
            <a href={LOGIN_PATH} onClick={stayOnSignIn} aria-current="page">
              <PersonIcon size={20} />
            </a>
          </IconButton>
        }
      />
      <SyncPanelHost />
      <main className="page" onInput={onFirstInput}>
        <SignInForm expired={expired} onSignedIn={onSignedIn} />
      </main>
    </div>
  );
}
