/**
 * The bulk action bar: the selection (count, clear) with the actions on it, and the actions on
 * the whole catalogue, each with its progress and outcome. Decisions: bulk-actions-rules.ts.
 */
import { Button, Card, Flex, Spinner, Text } from '@radix-ui/themes';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { toApiFailure } from '../../api/client';
import { createBolContent, exportProductContentReport, getUploadReport, importFromBol, reimportOffers } from '../../api/bol-actions';
import { clearSelectionAtom, selectedProductIdsAtom } from './product-list-state';
import { onlineAtom } from '../../state/sync';
import {
  BULK_ACTIONS,
  bulkActionState,
  buttonText,
  distinctReasons,
  downloadedText,
  failureText,
  fileNameFromContentDisposition,
  reportText,
  startedText,
  type BulkAction,
  type BulkActionId,
  type Outcome,
} from './bulk-actions-rules';
import { saveFile } from './save-file';
import { countText } from '../../lib/format';

type Shown = Outcome & { running: boolean };

/** Runs one action's call; answers the outcome line. */
async function perform(action: BulkAction, productIds: readonly number[]): Promise<Outcome> {
  switch (action.id) {
    case 'create-content':
      return reportText(action, await createBolContent(productIds));
    case 'upload-report':
      return reportText(action, await getUploadReport(productIds));
    case 'import-from-bol':
      return reportText(action, await importFromBol());
    case 'reimport-offers':
      return reportText(action, await reimportOffers());
    case 'export-content-report': {
      const file = await exportProductContentReport();
      const name = fileNameFromContentDisposition(file.contentDisposition);
      saveFile(file.blob, name);
      return downloadedText(action, name);
    }
  }
}

export function BulkActions({ onCatalogueChanged }: { onCatalogueChanged: () => void }) {
  const selection = useAtomValue(selectedProductIdsAtom);
  const clearSelection = useSetAtom(clearSelectionAtom);
  const online = useAtomValue(onlineAtom);
  const [outcomes, setOutcomes] = useState<Partial<Record<BulkActionId, Shown>>>({});

  const stateOf = (action: BulkAction) =>
    bulkActionState({ action, online, selectedCount: selection.length, running: outcomes[action.id]?.running === true });
  const states = BULK_ACTIONS.map(stateOf);
  const reasons = distinctReasons(states);

  async function run(action: BulkAction) {
    // The ids as they are when the button is pressed: the selection may change while it runs.
    const productIds = action.needsSelection ? [...selection] : [];
    const show = (shown: Shown) => setOutcomes((current) => ({ ...current, [action.id]: shown }));
    show({ text: startedText(action, productIds.length), ok: true, running: true });
    try {
      show({ ...(await perform(action, productIds)), running: false });
      if (action.id !== 'export-content-report') onCatalogueChanged();
    } catch (error) {
      show({ ...failureText(action, toApiFailure(error)), running: false });
    }
  }

  const button = (action: BulkAction, index: number) => {
    const state = states[index] ?? { enabled: false, reason: null };
    const running = outcomes[action.id]?.running === true;
    return (
      <Button
        key={action.id}
        size="2"
        variant={action.needsSelection ? 'solid' : 'soft'}
        disabled={!state.enabled}
        title={action.description}
        onClick={() => void run(action)}
      >
        {running && <Spinner size="1" />}
        {buttonText(action, selection.length, running)}
      </Button>
    );
  };
  const shown = BULK_ACTIONS.map((action) => outcomes[action.id]).filter((outcome): outcome is Shown => outcome !== undefined);

  return (
    <Card size="1" className="bulk-actions" role="region" aria-label="Bulk actions">
      <Flex direction="column" gap="2">
        <Flex gap="3" align="center" wrap="wrap" role="group" aria-label="Actions on the selected products">
          <Flex gap="2" align="center" className="bulk-label">
            <Text size="2" weight="medium" data-testid="selected-count">
              {selection.length === 0 ? 'No products selected' : `${countText(selection.length)} selected`}
            </Text>
            {selection.length > 0 && (
              <Button size="1" variant="ghost" onClick={() => clearSelection()}>
                Clear selection
              </Button>
            )}
          </Flex>
          {BULK_ACTIONS.map((action, index) => (action.needsSelection ? button(action, index) : null))}
        </Flex>
        <Flex gap="3" align="center" wrap="wrap" role="group" aria-label="Actions on the whole catalogue">
          <Text size="2" color="gray" className="bulk-label">
            Whole catalogue
          </Text>
          {BULK_ACTIONS.map((action, index) => (action.needsSelection ? null : button(action, index)))}
        </Flex>
      </Flex>
      {reasons.length > 0 && (
        <Text as="p" size="1" color="gray" mt="2" data-testid="bulk-reason">
          {reasons.join(' ')}
        </Text>
      )}
      {shown.length > 0 && (
        <Flex direction="column" gap="1" mt="2" role="status" data-testid="bulk-outcome">
          {shown.map((outcome) => (
            <Text key={outcome.text} size="1" color={outcome.ok ? undefined : 'red'}>
              {outcome.text}
            </Text>
          ))}
        </Flex>
      )}
    </Card>
  );
}
