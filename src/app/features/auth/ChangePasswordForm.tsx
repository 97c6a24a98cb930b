/** "Change password" for everyone (docs/security.md, "Accounts"): the current password and a new one. */
import { Button, Callout, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordTooLong, passwordTooShort } from '../../../shared/accounts';
import { changeOwnPassword } from '../../api/accounts';
import { ApiFailure } from '../../api/client';

export default function ChangePasswordForm() {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (newPassword.length < MIN_PASSWORD_LENGTH) return setError(passwordTooShort);
    if (newPassword.length > MAX_PASSWORD_LENGTH) return setError(passwordTooLong);
    setBusy(true);
    setError(null);
    try {
      // Success ends every token of this person, this one too: the app goes to /login.
      await changeOwnPassword({ currentPassword, newPassword });
    } catch (failure) {
      // A 401 here cannot happen for a wrong current password (that is a 400).
      setError(failure instanceof ApiFailure ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="account-form" aria-labelledby="change-password-title">
      <Flex direction="column" gap="3">
        <Heading as="h3" size="4" id="change-password-title">
          Change password
        </Heading>
        <Text as="p" size="2" color="gray">
          You will be asked to sign in again with the new password, on every device.
        </Text>
        <label>
          <Text size="2" weight="medium">Current password</Text>
          <TextField.Root type="password" size="3" autoComplete="current-password" value={currentPassword} onChange={(e) => setCurrent(e.target.value)} required />
        </label>
        <label>
          <Text size="2" weight="medium">New password (at least {MIN_PASSWORD_LENGTH} characters)</Text>
          <TextField.Root type="password" size="3" autoComplete="new-password" value={newPassword} onChange={(e) => setNew(e.target.value)} required />
        </label>
        {error && (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{error}</Callout.Text>
          </Callout.Root>
        )}
        <Button type="submit" size="3" loading={busy}>
          Change password
        </Button>
      </Flex>
    </form>
  );
}
