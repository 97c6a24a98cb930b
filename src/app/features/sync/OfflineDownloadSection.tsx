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
    <section className="sync-download" aria-label="Make available offline">
      <Heading as="h3" size="2" mb="1">
        Make available offline
      </Heading>
      <Text as="p" size="1" color="gray" mb="2">
        Downloads products to this device so they can be found and edited without a connection. Later visits fetch only what changed.
      </Text>
      <Flex gap="2" align="center" wrap="wrap">
        <select
          className="sync-download-scope"
          aria-label="What to download"
          value={scope}
          disabled={running}
          onChange={(event) => setScope(event.target.value)}
        >
          {suppliers.map((supplier) => (
            <option key={supplier.supplierId} value={supplier.supplierName}>
              {supplier.supplierName === 'All' ? 'Whole catalogue' : supplier.supplierName}
            </option>
          ))}
        </select>
        <Button
          variant="soft"
          disabled={!online || !signedIn || running}
          loading={running}
          onClick={() => void makeAvailableOffline(scope).catch(onFailure('Download'))}
        >
          {kept?.complete ? 'Update now' : 'Download'}
        </Button>
        {kept?.complete && !running && (
          <Button variant="ghost" size="1" disabled={!online || !signedIn} onClick={() => void refreshOfflineCopies(undefined, true).catch(onFailure('Update'))}>
            Update all
          </Button>
        )}
      </Flex>
      {running && (
        <Progress
          mt="3"
          value={percent ?? undefined}
          duration={percent === null ? '4s' : undefined}
          aria-label="Download progress"
          data-testid="download-progress"
        />
      )}
      <Text as="p" size="1" color={shown.status === 'error' ? 'red' : 'gray'} mt="2" data-testid="download-status" role="status">
        {downloadText(shown, now)}
      </Text>
    </section>
  );
}
