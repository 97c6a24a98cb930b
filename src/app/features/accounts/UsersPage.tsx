/**
 * /users (docs/security.md, "Accounts"): admins list the accounts, add staff, reset a password,
 * deactivate and reactivate. Staff never reach it from the menu, and the route refuses them; the
 * server refuses their calls too.
 */
import { Badge, Button, Callout, Card, Flex, Heading, Select, Text, TextField } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import { accountMessages, MIN_PASSWORD_LENGTH, shownName, type Account, type Role } from '../../../shared/accounts';
import { addAccount, changeAccount, listAccounts, resetPassword } from '../../api/accounts';
import { ApiFailure } from '../../api/client';
import { sessionRoleAtom, sessionUserAtom } from '../../state/session';

const failureText = (failure: unknown) => (failure instanceof ApiFailure ? failure.message : String(failure));

export default function UsersPage() {
  const role = useAtomValue(sessionRoleAtom);
  if (role !== 'admin') {
    return (
      <Callout.Root color="amber" role="alert" className="users-refused">
        <Callout.Text>{accountMessages.adminsOnly}</Callout.Text>
      </Callout.Root>
    );
  }
  return <UsersAdmin />;
}

function UsersAdmin() {
  const me = useAtomValue(sessionUserAtom);
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const [loads, setLoads] = useState(0);
  useEffect(() => {
    let live = true;
    listAccounts().then(
      (found) => live && setAccounts(found),
      (failure: unknown) => live && setError(failureText(failure)),
    );
    return () => {
      live = false;
    };
  }, [loads]);

  /** Runs a call and shows its outcome; true when it succeeded. */
  async function act(run: () => Promise<unknown>, done: string): Promise<boolean> {
    setError(null);
    setNotice(null);
    try {
      await run();
      setNotice(done);
      setLoads((count) => count + 1);
      return true;
    } catch (failure) {
      setError(failureText(failure));
      return false;
    }
  }

  return (
    <Flex direction="column" gap="4" className="users-page">
      <Heading as="h2" size="5">
        Users
      </Heading>
      {error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      )}
      {notice && (
        <Callout.Root color="green" role="status">
          <Callout.Text>{notice}</Callout.Text>
        </Callout.Root>
      )}
      <AddStaffForm onAdd={(account) => act(() => addAccount(account), `Added ${account.username}.`)} />
      {accounts === null ? (
        <Text>Loading...</Text>
      ) : (
        <ul className="users-list" aria-label="Accounts">
          {accounts.map((account) => (
            <AccountRow key={account.id} account={account} isMe={account.username === me} act={act} />
          ))}
        </ul>
      )}
    </Flex>
  );
}

function AddStaffForm({ onAdd }: { onAdd: (account: { username: string; displayName: string; role: Role; password: string }) => Promise<boolean> }) {
  const [username, setUsername] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const added = await onAdd({ username: username.trim(), displayName: displayName.trim(), role, password });
    setBusy(false);
    // A refused name (taken, or mixing scripts) stays in the field beside the server's sentence.
    if (!added) return;
    setUsername('');
    setDisplayName('');
    setPassword('');
  }

  return (
    <Card size="2">
      <form onSubmit={(event) => void onSubmit(event)} aria-labelledby="add-staff-title">
        <Flex direction="column" gap="3">
          <Heading as="h3" size="4" id="add-staff-title">
            Add staff
          </Heading>
          <Flex gap="3" wrap="wrap" className="users-form-row">
            <label>
              <Text size="2" weight="medium">User name</Text>
              <TextField.Root size="3" autoComplete="off" value={username} onChange={(e) => setUsername(e.target.value)} required />
            </label>
            <label>
              <Text size="2" weight="medium">Display name</Text>
              <TextField.Root size="3" autoComplete="off" value={displayName} onChange={(e) => setDisplayName(e.target.value)} />
            </label>
            <label>
              <Text size="2" weight="medium">Initial password (at least {MIN_PASSWORD_LENGTH} characters)</Text>
              <TextField.Root size="3" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
            </label>
            <label>
              <Text size="2" weight="medium">Role</Text>
              <Select.Root size="3" value={role} onValueChange={(value) => setRole(value === 'admin' ? 'admin' : 'staff')}>
                <Select.Trigger aria-label="Role" />
                <Select.Content>
                  <Select.Item value="staff">Staff</Select.Item>
                  <Select.Item value="admin">Administrator</Select.Item>
                </Select.Content>
              </Select.Root>
            </label>
          </Flex>
          <Button type="submit" size="3" loading={busy} className="users-add">
            Add
          </Button>
        </Flex>
      </form>
    </Card>
  );
}

function AccountRow({ account, isMe, act }: { account: Account; isMe: boolean; act: (run: () => Promise<unknown>, done: string) => Promise<boolean> }) {
  const [resetting, setResetting] = useState(false);
  const [password, setPassword] = useState('');
  const name = shownName(account);
  return (
    <li className="users-row" data-testid={`user-${account.username}`}>
      <Card size="2">
        <Flex gap="3" align="center" wrap="wrap" justify="between">
          <Flex direction="column">
            <Text weight="bold">{name}</Text>
            <Text size="2" color="gray">
              {account.username}
              {isMe ? ' (you)' : ''}
            </Text>
          </Flex>
          <Flex gap="2" align="center" wrap="wrap">
            <Badge size="2" color={account.role === 'admin' ? 'blue' : 'gray'}>
              {account.role === 'admin' ? 'Administrator' : 'Staff'}
            </Badge>
            <Badge size="2" color={account.active ? 'green' : 'red'}>
              {account.active ? 'Active' : 'Deactivated'}
            </Badge>
            <Button size="3" variant="soft" onClick={() => setResetting((open) => !open)}>
              Reset password
            </Button>
            {account.active ? (
              <Button size="3" variant="soft" color="red" onClick={() => void act(() => changeAccount(account.id, { active: false }), `${name} is deactivated.`)}>
                Deactivate
              </Button>
            ) : (
              <Button size="3" variant="soft" onClick={() => void act(() => changeAccount(account.id, { active: true }), `${name} is active again.`)}>
                Reactivate
              </Button>
            )}
          </Flex>
        </Flex>
        {resetting && (
          <form
            className="users-reset"
            onSubmit={(event) => {
              event.preventDefault();
              void act(() => resetPassword(account.id, password), `New password set for ${name}; their sessions ended.`).then((done) => {
                if (!done) return;
                setResetting(false);
                setPassword('');
              });
            }}
          >
            <Flex gap="2" align="end" wrap="wrap" mt="3">
              <label>
                <Text size="2" weight="medium">New password for {name}</Text>
                <TextField.Root size="3" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
              </label>
              <Button type="submit" size="3">
                Set password
              </Button>
            </Flex>
          </form>
        )}
      </Card>
    </li>
  );
}
