import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { useMessages } from '../../i18n/language';
import { sessionState } from '../../../shared/rules/session';
import { expiredAccessTokenAtom, jwtAtom, sessionDisplayNameAtom, sessionExpiredNoticeAtom, sessionRoleAtom, signOutAtom } from '../../state/session';
import { outboxCountsAtom } from '../../state/sync';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { signOutStep } from './login-rules';
import { SignInForm } from './SignInForm';

// Only a signed-in person sees it: kept out of the sign-in page's first download.
const ChangePasswordForm = lazy(() => import('./ChangePasswordForm'));

export default function LoginPage() {
  const jwt = useAtomValue(jwtAtom);
  const expiredAccessToken = useAtomValue(expiredAccessTokenAtom);
  const expiredNotice = useAtomValue(sessionExpiredNoticeAtom);
  const role = useAtomValue(sessionRoleAtom);
  const displayName = useAtomValue(sessionDisplayNameAtom);
  const words = useMessages(messages);

  // eslint-disable-next-line react-hooks/purity -- whether the stored session is still valid right now
  const signedIn = sessionState({ jwt, expiredAccessToken }, Date.now()) === 'active';
  if (signedIn) {
    return (
      <Flex className="login-page" justify="center">
        <Card size="3" className="login-card">
          <Flex direction="column" gap="4" align="start">
            <Heading as="h2" size="5">
              {words.login.alreadySignedIn}
            </Heading>
            {displayName && <Text>{words.login.signedInAs(displayName)}</Text>}
            <Flex gap="3" wrap="wrap">
              <SignOutButton />
              {role === 'admin' && (
                <Button asChild variant="soft" size="3">
                  <Link to="/users">{words.login.manageUsers}</Link>
                </Button>
              )}
            </Flex>
            <Suspense fallback={null}>
              <ChangePasswordForm />
            </Suspense>
          </Flex>
        </Card>
      </Flex>
    );
  }
  return <SignInFormInApp expired={expiredNotice} />;
}

/** Sign Out; with changes still waiting it first says how many (they are kept). */
function SignOutButton() {
  const signOut = useSetAtom(signOutAtom);
  const counts = useAtomValue(outboxCountsAtom);
  const [waiting, setWaiting] = useState<number | null>(null);
  const words = useMessages(messages);

  async function onSignOut() {
    // The atom may not be filled yet right after start: then ask the outbox itself.
    const count = counts?.waiting ?? (await import('../../sync/app-sync').then((sync) => sync.currentOutboxCounts()).catch(() => null))?.waiting ?? 0;
    if (signOutStep(count) === 'sign-out') signOut('signed-out');
    else setWaiting(count);
  }

  return (
    <>
      <Button onClick={() => void onSignOut()}>{words.login.signOut}</Button>
      <ConfirmDialog
        open={waiting !== null}
        onOpenChange={(open) => !open && setWaiting(null)}
        title={words.sync.signOutWaitingTitle}
        description={words.sync.signOutWaiting(waiting ?? 0)}
        cancelLabel={words.login.staySignedIn}
        confirmLabel={words.login.signOut}
        onConfirm={() => signOut('signed-out')}
      />
    </>
  );
}

/** The form on the login route inside the app: a sign-in goes on to the dashboard. */
function SignInFormInApp({ expired }: { expired: boolean }) {
  const navigate = useNavigate();
  return <SignInForm expired={expired} onSignedIn={() => navigate('/dashboard')} />;
}
