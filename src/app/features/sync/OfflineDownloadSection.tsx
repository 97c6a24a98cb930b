/** The "Make available offline" section of the sync status panel (docs/offline.md "Make available offline"). */
import { Button, Flex, Heading, Progress, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { suppliersAtom } from '../../state/reference-lists';
import { offlineDownloadAtom } from '../../state/sync';
import { downloadPercent, listOfflineCopies, makeAvailableOffline, refreshOfflineCopies } from '../../sync/app-sync';
import { shownDownload } from './panel-rules';
import { downloadText } from './sync-rules';
import { useMessages } from '../../i18n/language';
import { syncPanelMessages } from '../../../shared/sync-panel-messages';
import { syncStatusMessages } from '../../../shared/sync-status-messages';

/** "Make available offline" (docs/offline.md): the scope, the download button, its progress and status. */
export function OfflineDownloadSection({
  online,
  signedIn,
  now,
  onFailure,
}: {
  online: boolean;
  signedIn: boolean;
  now: number;
  /** How a failed action is reported: a handler for its error. */
  onFailure: (action: string) => (error: unknown) => void;
}) {
  const panelWords = useMessages(syncPanelMessages, 'syncPanel');
  const words = panelWords.offline;
  const statusWords = useMessages(syncStatusMessages, 'syncStatus');
  const suppliers = useAtomValue(suppliersAtom);
  const state = useAtomValue(offlineDownloadAtom);
  const [scope, setScope] = useState(state.scope);
  const records = useLiveQuery(() => listOfflineCopies(), [], []);
  const running = state.status === 'running';
  const percent = downloadPercent(state);
  // Before anything ran in this tab, show what an earlier visit kept.
  const kept = records.find((record) => record.scope === scope);
  const shown = shownDownload(state, kept);

  return (
    <section className="sync-download" aria-label={words.heading}>
      <Heading as="h3" size="2" mb="1">
        {words.heading}
      </Heading>
      <Text as="p" size="1" color="gray" mb="2">
        {words.intro}
      </Text>
      <Flex gap="2" align="center" wrap="wrap">
        <select
          className="sync-download-scope"
          aria-label={words.whatToDownload}
          value={scope}
          disabled={running}
          onChange={(event) => setScope(event.target.value)}
        >
          {suppliers.map((supplier) => (
            <option key={supplier.supplierId} value={supplier.supplierName}>
              {supplier.supplierName === 'All' ? words.wholeCatalogue : supplier.supplierName}
            </option>
          ))}
        </select>
        <Button
          variant="soft"
          disabled={!online || !signedIn || running}
          loading={running}
          onClick={() => void makeAvailableOffline(scope).catch(onFailure(panelWords.actions.download))}
        >
          {kept?.complete ? words.updateNow : words.download}
        </Button>
        {kept?.complete && !running && (
          <Button variant="ghost" size="1" disabled={!online || !signedIn} onClick={() => void refreshOfflineCopies(undefined, true).catch(onFailure(panelWords.actions.update))}>
            {words.updateAll}
          </Button>
        )}
      </Flex>
      {running && (
        <Progress
          mt="3"
          value={percent ?? undefined}
          duration={percent === null ? '4s' : undefined}
          aria-label={words.progress}
          data-testid="download-progress"
        />
      )}
      <Text as="p" size="1" color={shown.status === 'error' ? 'red' : 'gray'} mt="2" data-testid="download-status" role="status">
        {downloadText(shown, now, statusWords)}
      </Text>
    </section>
  );
}
