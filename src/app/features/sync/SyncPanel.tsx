/**
 * The sync status panel (a lazy chunk): at the top, "Needs you" (NeedsYouSection.tsx): each
 * product that waits for my decision, with a link to it; waiting, failed and conflicting changes with what they
 * touch, their last attempt and error; "Sync now", retry and discard per change; a conflict's
 * differing fields, mine beside the server's, with "Keep mine" and "Take theirs"; the last
 * successful sync; "Make available offline" (OfflineDownloadSection.tsx). How an entry is named
 * comes from its write kind (describe-entry.ts); the panel's own rules are in panel-rules.ts.
 */
import 'virtual:theme-rest.css';
import { Badge, Button, Callout, Dialog, Flex, Heading, IconButton, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { messages } from '../../../shared/messages';
import { jwtAtom, sessionUserAtom, signOutAtom } from '../../state/session';
import { connectionAtom, drainingAtom, lastSyncAtAtom, onlineAtom, pausedForSignInAtom } from '../../state/sync';
import { noServerSentence } from '../../lib/no-server-sentence';
import { discardChange, listChanges, resolveChange, retryChange, settleChange, syncNow, titlesOfChanges } from '../../sync/app-sync';
import type { OutboxEntry } from '../../sync/app-sync';
import { entryDifferences, settlesPerField } from '../../sync/outbox-kinds';
import { describeEntry } from './describe-entry';
import { NeedsYouSection } from './NeedsYouSection';
import { OfflineDownloadSection } from './OfflineDownloadSection';
import { attemptText, canRetry, GROUP_COLORS, panelSummary, STATUS_COLORS } from './panel-rules';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ConflictAllButtons, ConflictTable, type ConflictChoice } from '../../ui/ConflictTable';
import { CloseIcon } from '../../ui/icons';
import { notify } from '../../ui/notify';
import { groupEntries, lastSyncText, statusLabel, type PanelGroup } from './sync-rules';
import { messagesNow, useMessages } from '../../i18n/language';
import { syncPanelMessages } from '../../../shared/sync-panel-messages';
import { syncStatusMessages } from '../../../shared/sync-status-messages';
import { noServerMessages } from '../../../shared/no-server-messages';
import { productFormMessages } from '../../../shared/product-form-messages';

/** The current time, refreshed every 20 s so relative times stay right while the panel is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 20_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** A toast when an action failed (`action`: its name in the language shown). */
function failed(action: string) {
  return (error: unknown) => notify(messagesNow(syncPanelMessages, 'syncPanel').failed(action, error instanceof Error ? error.message : String(error)));
}

/** The panel's words, the status line's and the spec's sync sentences, in the language shown. */
function usePanelWords() {
  const panel = useMessages(syncPanelMessages, 'syncPanel');
  const status = useMessages(syncStatusMessages, 'syncStatus');
  const sync = useMessages(messages).sync;
  const noServer = useMessages(noServerMessages, 'noServer');
  const fields = useMessages(productFormMessages, 'productForm').fields;
  return useMemo(() => ({ panel, status, sync, noServer, fields, syncWords: { status, unreachable: sync.unreachable } }), [panel, status, sync, noServer, fields]);
}

export default function SyncPanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const online = useAtomValue(onlineAtom);
  const connection = useAtomValue(connectionAtom);
  const draining = useAtomValue(drainingAtom);
  const paused = useAtomValue(pausedForSignInAtom);
  const lastSyncAt = useAtomValue(lastSyncAtAtom);
  const signedIn = useAtomValue(jwtAtom) !== null;
  const user = useAtomValue(sessionUserAtom);
  const signOut = useSetAtom(signOutAtom);
  const now = useNow();
  const words = usePanelWords();

  const entries = useLiveQuery(() => listChanges(), [], null);
  const titles = useLiveQuery(() => titlesOfChanges(entries ?? []), [entries], new Map<number, string>());

  const groups = groupEntries(entries ?? []);
  const waiting = entries?.length ?? 0;

  function signInAgain() {
    onOpenChange(false);
    // The server refused the token: end the session (changes stay) and ask for a new sign-in.
    // The session guard then shows the sign-in form; the panel needs no router (it also opens
    // on the sign-in screen, before the router is loaded).
    if (signedIn) signOut('expired');
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="680px" className="sync-panel" aria-describedby="sync-panel-summary">
        <Flex justify="between" align="start" gap="3">
          <div>
            <Dialog.Title size="5" mb="1">
              {words.panel.title}
            </Dialog.Title>
            <Text as="p" size="2" color="gray" id="sync-panel-summary">
              <span className={`sync-dot sync-dot-${connection}`} aria-hidden="true" />
              {panelSummary(connection, waiting, lastSyncText(lastSyncAt, now, words.status), { panel: words.panel, sync: words.syncWords })}
            </Text>
          </div>
          <Flex gap="3" align="center">
            <Button onClick={() => void syncNow().catch(failed(words.panel.actions.sync))} disabled={!online || waiting === 0} loading={draining}>
              {words.panel.syncNow}
            </Button>
            <Dialog.Close>
              <IconButton variant="ghost" color="gray" aria-label={words.panel.close}>
                <CloseIcon />
              </IconButton>
            </Dialog.Close>
          </Flex>
        </Flex>

        <Flex direction="column" gap="4" mt="4">
          <NeedsYouSection titles={titles} onOpened={() => onOpenChange(false)} />
          {!online && (
            <Callout.Root color={connection === 'unreachable' ? 'amber' : 'gray'} size="1">
              <Callout.Text data-testid="sync-no-server">{noServerSentence(connection, 'syncNote', words.noServer)}</Callout.Text>
            </Callout.Root>
          )}
          {paused && waiting > 0 && (
            <Callout.Root color="amber" size="1" role="alert">
              <Flex justify="between" align="center" gap="3" wrap="wrap">
                <Callout.Text>{words.sync.pausedForSignIn}</Callout.Text>
                <Button size="1" color="amber" variant="solid" onClick={signInAgain}>
                  {words.panel.signInAgain}
                </Button>
              </Flex>
            </Callout.Root>
          )}

          {entries !== null && waiting === 0 && (
            <Text as="p" size="2" color="green" className="sync-all-sent">
              {words.sync.allSent}
            </Text>
          )}
          {(['conflict', 'failed', 'pending'] as const).map((group) =>
            groups[group].length === 0 ? null : (
              <EntryGroup key={group} group={group} entries={groups[group]} titles={titles} user={user} now={now} />
            ),
          )}

          <OfflineDownloadSection online={online} signedIn={signedIn} now={now} onFailure={failed} />
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function EntryGroup(props: { group: PanelGroup; entries: OutboxEntry[]; titles: Map<number, string>; user: string | null; now: number }) {
  const { group, entries } = props;
  const titles = useMessages(syncPanelMessages, 'syncPanel').groups;
  return (
    <section aria-label={titles[group]}>
      <Heading as="h3" size="2" mb="2" color={GROUP_COLORS[group]}>
        {titles[group]} ({entries.length})
      </Heading>
      <ul className="sync-list">
        {entries.map((entry) => (
          <EntryItem key={entry.id} entry={entry} {...props} />
        ))}
      </ul>
    </section>
  );
}

function EntryItem({ entry, titles, user, now }: { entry: OutboxEntry; titles: Map<number, string>; user: string | null; now: number }) {
  const words = usePanelWords();
  const description = describeEntry(entry, titles, user, words.panel, words.fields);
  const [busy, setBusy] = useState(false);
  const run = (action: string, work: () => Promise<void>) => {
    setBusy(true);
    void work()
      .catch(failed(action))
      .finally(() => setBusy(false));
  };

  return (
    <li className="sync-item" data-testid="sync-entry">
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <div className="sync-item-main">
          <Flex gap="2" align="center" wrap="wrap">
            <Text size="2" weight="medium">
              {description.kind}
            </Text>
            <Badge color={STATUS_COLORS[entry.status]} variant="soft" radius="full">
              {statusLabel(entry.status, words.status)}
            </Badge>
          </Flex>
          <Text as="p" size="2" className="sync-item-subject">
            {description.subject}
            {description.detail && <Text color="gray"> · {description.detail}</Text>}
          </Text>
          <Text as="p" size="1" color="gray">
            {attemptText(entry, now, words)}
            {description.otherAuthor && words.panel.otherAuthor(description.otherAuthor)}
          </Text>
          {entry.lastError && entry.status !== 'conflict' && (
            <Text as="p" size="1" color={entry.status === 'failed' ? 'red' : 'gray'} className="sync-item-error">
              {entry.lastError}
            </Text>
          )}
        </div>
        {entry.status !== 'conflict' && (
          <Flex gap="2">
            {canRetry(entry) && (
              <Button size="1" variant="soft" disabled={busy} onClick={() => run(words.panel.retry, () => retryChange(entry.id))}>
                {words.panel.retry}
              </Button>
            )}
            <DiscardButton disabled={busy || entry.status === 'sending'} onConfirm={() => run(words.panel.discard, () => discardChange(entry.id))} />
          </Flex>
        )}
      </Flex>
      {entry.status === 'conflict' && (
        <ConflictView entry={entry} busy={busy} onResolve={(choice) => run(choice === 'keep-mine' ? words.panel.keepMine : words.panel.takeTheirs, () => resolveChange(entry.id, choice))} />
      )}
    </li>
  );
}

function DiscardButton({ disabled, onConfirm }: { disabled: boolean; onConfirm: () => void }) {
  const { panel, sync } = usePanelWords();
  return (
    <ConfirmDialog
      maxWidth="420px"
      title={sync.discardTitle}
      description={sync.discardConfirm}
      cancelLabel={panel.cancel}
      confirmLabel={panel.discard}
      onConfirm={onConfirm}
      trigger={
        <Button size="1" variant="soft" color="red" disabled={disabled}>
          {panel.discard}
        </Button>
      }
    />
  );
}

function ConflictView({ entry, busy, onResolve }: { entry: OutboxEntry; busy: boolean; onResolve: (choice: 'keep-mine' | 'take-theirs') => void }) {
  const words = useMessages(syncPanelMessages, 'syncPanel');
  const differences = entryDifferences(entry);
  // Change sets are settled field by field, like on the product page and the Bol Model tab (docs/offline.md "Conflicts").
  const perField = settlesPerField(entry) && differences.length > 0;
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>({});
  const choose = (field: string, choice: ConflictChoice) => {
    const next = { ...choices, [field]: choice };
    setChoices(next);
    if (differences.every((difference) => next[difference.field] !== undefined)) {
      void settleChange(entry.id, next).catch(failed(words.actions.settle));
    }
  };
  return (
    <div className="sync-conflict">
      {differences.length === 0 ? (
        <Text as="p" size="1" color="gray">
          {entry.lastError ?? words.newerOnServer}
        </Text>
      ) : (
        <ConflictTable rows={differences} theirsHeading={words.server} {...(perField ? { choosing: { choices, busy, onChoose: choose } } : {})} />
      )}
      <Flex mt="2" justify="end">
        <ConflictAllButtons size="1" busy={busy} perField={perField} onChooseAll={(choice) => onResolve(choice === 'mine' ? 'keep-mine' : 'take-theirs')} />
      </Flex>
    </div>
  );
}
