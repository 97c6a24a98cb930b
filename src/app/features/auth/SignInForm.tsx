/**
 * The sign-in form of docs/requirements.md §5. Router-free on purpose: the first visit without a
 * session shows it before the router and the rest of the app are downloaded (src/app/main.tsx),
 * and the login route shows the same form inside the app. `onSignedIn` says where to go next.
 */
import { Button, Callout, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../shared/messages';
import { login } from '../../api/auth';
import { useMessages } from '../../i18n/language';
import { loadReferenceLists } from '../../state/reference-lists';
import { signInAtom } from '../../state/session';
import { onlineAtom } from '../../state/sync';
import { readLoginResponse, signInErrorMessage, validateLogin, type LoginFieldErrors } from './login-rules';

const NO_ERRORS: LoginFieldErrors = { username: null, password: null, form: null };

export function SignInForm({ expired, onSignedIn }: { expired: boolean; onSignedIn: () => void }) {
  const signIn = useSetAtom(signInAtom);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginFieldErrors>(NO_ERRORS);
  const [submitting, setSubmitting] = useState(false);
  const online = useAtomValue(onlineAtom);
  const words = useMessages(messages);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateLogin(username, password, words);
    setErrors(found);
    if (found.form) return;

    setSubmitting(true);
    try {
      const session = readLoginResponse(await login({ username: username.trim(), password }));
      if (!session) {
        setErrors({ ...NO_ERRORS, form: words.login.tokenMissing });
        return;
      }
      signIn({ ...session, username: username.trim() });
      onSignedIn();
      void loadReferenceLists();
    } catch (error) {
      setErrors({ ...NO_ERRORS, form: signInErrorMessage(error, words) });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Flex className="login-page" justify="center">
      <Card size="3" className="login-card">
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Flex direction="column" gap="4">
            <Heading as="h2" size="5">
              {expired ? words.login.sessionExpired : words.login.signInFirst}
            </Heading>
            <Field
              id="login-username"
              label={words.login.userName}
              autoComplete="username"
              value={username}
              onChange={setUsername}
              error={errors.username}
              autoFocus
            />
            <Field
              id="login-password"
              label={words.login.password}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
              error={errors.password}
            />
            {!online && (
              <Callout.Root color="gray" size="1" data-testid="offline-sign-in">
                <Callout.Text>{words.sync.signInNeedsConnection}</Callout.Text>
              </Callout.Root>
            )}
            {errors.form && (
              <Callout.Root color="red" role="alert" size="1">
                <Callout.Text>{errors.form}</Callout.Text>
              </Callout.Root>
            )}
            <Button type="submit" size="3" loading={submitting}>
              {words.login.signIn}
            </Button>
          </Flex>
        </form>
      </Card>
    </Flex>
  );
}

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  type?: 'text' | 'password';
  autoComplete: string;
  autoFocus?: boolean;
}

function Field({ id, label, value, onChange, error, type = 'text', autoComplete, autoFocus }: FieldProps) {
  const helpId = `${id}-help`;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root
        id={id}
        size="3"
        type={type}
        value={value}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? helpId : undefined}
        color={error ? 'red' : undefined}
      />
      {error && (
        <Text id={helpId} size="1" color="red">
          {error}
        </Text>
      )}
    </Flex>
  );
}
