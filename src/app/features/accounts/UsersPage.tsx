/**
 * /users (docs/security.md, "Accounts"): admins list the accounts, add staff, reset a password,
 * deactivate and reactivate. Staff never reach it from the menu, and the route refuses them; the
 * server refuses their calls too. The list, the calls and what they tell are the edit
 * controller's (src/app/edit/use-edit-controller.ts).
 */
import { Badge, Button, Callout, Card, Flex, Heading, Select, Text, TextField } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { MIN_PASSWORD_LENGTH, shownName, type Account, type Role } from '../../../shared/accounts';
import { usersMessages } from '../../../shared/users-messages';
import { useMessages } from '../../i18n/language';

type UsersWords = typeof usersMessages;
import { addAccount, changeAccount, listAccounts, resetPassword } from '../../api/accounts';
import { reasonOf } from '../../edit/edit-outcome';
import { FROM_SERVER } from '../../edit/kept-copy';
import { useEditController } from '../../edit/use-edit-controller';
import { sessionRoleAtom, sessionUserAtom } from '../../state/session';
import { messages } from '../../../shared/messages';

export default function UsersPage() {
  const role = useAtomValue(sessionRoleAtom);
  const words = useMessages(usersMessages, 'users');
  if (role !== 'admin') {
    return (
      <Callout.Root color="amber" role="alert" className="users-refused">
        <Callout.Text>{words.adminsOnly}</Callout.Text>
      </Callout.Root>
    );
  }
  return <UsersAdmin words={words} />;
}

function UsersAdmin({ words }: { words: UsersWords }) {
  const loadingText = useMessages(messages).loading;
  const me = useAtomValue(sessionUserAtom);
  // The accounts, read from the server (online only); every change is a direct call, then the list is read again.
  const users = useEditController<Account[], null>({
    key: 'accounts',
    read: async (show) => {
      try {
        show({ status: 'ready', record: await listAccounts(), source: FROM_SERVER });
      } catch (failure) {
        show({ status: 'error', message: reasonOf(failure) });
      }
    },
    draftOf: () => null,
    unsaved: () => false,
    texts: {},
  });
  const accounts = users.load.status === 'ready' ? users.load.record : null;
  const error = users.load.status === 'error' ? users.load.message : users.notice?.tone === 'red' ? users.notice.text : null;

  /** Runs a call and shows its outcome; true when it succeeded. */
  async function act(label: string, run: () => Promise<unknown>, done: string): Promise<boolean> {
    users.setNotice(null);
    const succeeded = await users.act(
      label,
      async () => {
        await run();
        return true;
      },
      () => done,
    );
    if (succeeded) users.reload();
    return succeeded === true;
  }

  return (
    <Flex direction="column" gap="4" className="users-page">
      <Heading as="h2" size="5">
        {words.title}
      </Heading>
      {error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      )}
      {users.notice?.tone === 'green' && (
        <Callout.Root color="green" role="status">
          <Callout.Text>{users.notice.text}</Callout.Text>
        </Callout.Root>
      )}
      <AddStaffForm words={words} busy={users.busy === 'add'} onAdd={(account) => act('add', () => addAccount(account), words.added(account.username))} />
      {accounts === null ? (
        <Text>{loadingText}</Text>
      ) : (
        <ul className="users-list" aria-label={words.accounts}>
          {accounts.map((account) => (
            <AccountRow key={account.id} words={words} account={account} isMe={account.username === me} act={(run, done) => act('account', run, done)} />
          ))}
        </ul>
      )}
    </Flex>
  );
}

type StaffDraft = { username: string; displayName: string; role: Role; password: string };
const NO_STAFF: StaffDraft = { username: '', displayName: '', role: 'staff', password: '' };

function AddStaffForm({ words, busy, onAdd }: { words: UsersWords; busy: boolean; onAdd: (account: StaffDraft) => Promise<boolean> }) {
  const [draft, setDraft] = useState<StaffDraft>(NO_STAFF);
  const set = (field: keyof StaffDraft) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const added = await onAdd({ ...draft, username: draft.username.trim(), displayName: draft.displayName.trim() });
    // A refused name (taken, or mixing scripts) stays in the field beside the server's sentence; the role stays chosen.
    if (added) setDraft((current) => ({ ...NO_STAFF, role: current.role }));
  }

  return (
    <Card size="2">
      <form onSubmit={(event) => void onSubmit(event)} aria-labelledby="add-staff-title">
        <Flex direction="column" gap="3">
          <Heading as="h3" size="4" id="add-staff-title">
            {words.addStaff}
          </Heading>
          <Flex gap="3" wrap="wrap" className="users-form-row">
            <label>
              <Text size="2" weight="medium">{words.userName}</Text>
              <TextField.Root size="3" autoComplete="off" value={draft.username} onChange={(e) => set('username')(e.target.value)} required />
            </label>
            <label>
              <Text size="2" weight="medium">{words.displayName}</Text>
              <TextField.Root size="3" autoComplete="off" value={draft.displayName} onChange={(e) => set('displayName')(e.target.value)} />
            </label>
            <label>
              <Text size="2" weight="medium">{words.initialPassword(MIN_PASSWORD_LENGTH)}</Text>
              <TextField.Root size="3" type="password" autoComplete="new-password" value={draft.password} onChange={(e) => set('password')(e.target.value)} required />
            </label>
            <label>
              <Text size="2" weight="medium">{words.role}</Text>
              <Select.Root size="3" value={draft.role} onValueChange={(value) => set('role')(value === 'admin' ? 'admin' : 'staff')}>
                <Select.Trigger aria-label={words.role} />
                <Select.Content>
                  <Select.Item value="staff">{words.staff}</Select.Item>
                  <Select.Item value="admin">{words.administrator}</Select.Item>
                </Select.Content>
              </Select.Root>
            </label>
          </Flex>
          <Button type="submit" size="3" loading={busy} className="users-add">
            {words.add}
          </Button>
        </Flex>
      </form>
    </Card>
  );
}

function AccountRow({ words, account, isMe, act }: { words: UsersWords; account: Account; isMe: boolean; act: (run: () => Promise<unknown>, done: string) => Promise<boolean> }) {
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
              {isMe ? words.you : ''}
            </Text>
          </Flex>
          <Flex gap="2" align="center" wrap="wrap">
            <Badge size="2" color={account.role === 'admin' ? 'blue' : 'gray'}>
              {account.role === 'admin' ? words.administrator : words.staff}
            </Badge>
            <Badge size="2" color={account.active ? 'green' : 'red'}>
              {account.active ? words.active : words.deactivated}
            </Badge>
            <Button size="3" variant="soft" onClick={() => setResetting((open) => !open)}>
              {words.resetPassword}
            </Button>
            {account.active ? (
              <Button size="3" variant="soft" color="red" onClick={() => void act(() => changeAccount(account.id, { active: false }), words.isDeactivated(name))}>
                {words.deactivate}
              </Button>
            ) : (
              <Button size="3" variant="soft" onClick={() => void act(() => changeAccount(account.id, { active: true }), words.isActiveAgain(name))}>
                {words.reactivate}
              </Button>
            )}
          </Flex>
        </Flex>
        {resetting && (
          <form
            className="users-reset"
            onSubmit={(event) => {
              event.preventDefault();
              void act(() => resetPassword(account.id, password), words.passwordSet(name)).then((done) => {
                if (!done) return;
                setResetting(false);
                setPassword('');
              });
            }}
          >
            <Flex gap="2" align="end" wrap="wrap" mt="3">
              <label>
                <Text size="2" weight="medium">{words.newPasswordFor(name)}</Text>
                <TextField.Root size="3" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
              </label>
              <Button type="submit" size="3">
                {words.setPassword}
              </Button>
            </Flex>
          </form>
        )}
      </Card>
    </li>
  );
}
