/**
 * The bulk action bar: the selection (count, clear) with the actions on it, and the actions on
 * the whole catalogue, each with its progress and outcome. Decisions: bulk-actions-rules.ts.
 */
import { Button, Flex, Spinner, Text } from '@radix-ui/themes';
import { useAtomValue, useSetAtom } from 'jotai';
import { memo, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { serverSaysNow, toApiFailure } from '../../api/client';
import { createBolContent, exportProductContentReport, getUploadReport, importFromBol, reimportOffers } from '../../api/bol-actions';
import { clearSelectionAtom, selectedProductIdsAtom } from './product-list-state';
import { onlineAtom } from '../../state/sync';
import {
  bulkActions,
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
  type BulkWords,
  type Outcome,
  type OutcomeStatusWords,
} from './bulk-actions-rules';
import { STATUS_WORDS } from '../../../shared/status-words';
import { listActionsMessages } from '../../../shared/list-actions-messages';
import { saveFile } from './save-file';
import { countText } from '../../lib/format';
import { productListMessages } from '../../../shared/product-list-messages';
import { useMessages } from '../../i18n/language';
import { itemProblems, reportTone, type ItemProblem, type OutcomeTone } from '../../lib/job-items';
import { ItemReasons } from '../../ui/ItemReasons';
import { notify, notifyWarning } from '../../ui/notify';

type Shown = Outcome & { running: boolean; tone: OutcomeTone; problems: ItemProblem[] };

/** An answer read as an outcome: its line, whether it fully worked, and each refused item's reason. */
function readReport(action: BulkAction, report: unknown, words: BulkWords, statusTables: OutcomeStatusWords): Omit<Shown, 'running'> {
  const tone = reportTone(report);
  return { ...reportText(action, report, words, statusTables, serverSaysNow), tone, ok: tone !== 'red', problems: itemProblems(report, serverSaysNow) };
}

/** Runs one action's call; answers the outcome. */
async function perform(action: BulkAction, productIds: readonly number[], words: BulkWords, statusTables: OutcomeStatusWords): Promise<Omit<Shown, 'running'>> {
  switch (action.id) {
    case 'create-content':
      return readReport(action, await createBolContent(productIds), words, statusTables);
    case 'upload-report':
      return readReport(action, await getUploadReport(productIds), words, statusTables);
    case 'import-from-bol':
      return readReport(action, await importFromBol(), words, statusTables);
    case 'reimport-offers':
      return readReport(action, await reimportOffers(), words, statusTables);
    case 'export-content-report': {
      const file = await exportProductContentReport();
      const name = fileNameFromContentDisposition(file.contentDisposition);
      saveFile(file.blob, name);
      return { ...downloadedText(action, name, words), tone: 'green', problems: [] };
    }
  }
}

/** The toast after a finished action: creating content says how it went; partly done is a warning. */
function toastFor(action: BulkAction, shown: Omit<Shown, 'running'>, count: number, words: BulkWords): void {
  if (shown.tone === 'amber') notifyWarning(words.partlyDone(action.label, countText(shown.problems.length)));
  else if (action.id === 'create-content' && shown.tone === 'green') notify(words.contentSent(countText(count), count));
}

const TONE_COLOR = { green: undefined, amber: 'amber', red: 'red' } as const;

/** Memoised: it reads its own atoms, so a new answer of the list does not render it again. */
export const BulkActions = memo(function BulkActions({ onCatalogueChanged, children }: { onCatalogueChanged: () => void; children?: ReactNode }) {
  const listWords = useMessages(productListMessages, 'productList');
  const words = useMessages(listActionsMessages, 'listActions').bulk;
  const statusTables = useMessages(STATUS_WORDS, 'statusWords');
  const actions = useMemo(() => bulkActions(words), [words]);
  const selection = useAtomValue(selectedProductIdsAtom);
  const clearSelection = useSetAtom(clearSelectionAtom);
  const online = useAtomValue(onlineAtom);
  const [outcomes, setOutcomes] = useState<Partial<Record<BulkActionId, Shown>>>({});
  const outcomeBox = useRef<HTMLDivElement>(null);
  const [finished, setFinished] = useState(0);
  // A finished action's result is scrolled into view: it may be below the fold on a small screen.
  useEffect(() => {
    if (finished > 0) outcomeBox.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [finished]);

  const stateOf = (action: BulkAction) =>
    bulkActionState({ action, online, selectedCount: selection.length, running: outcomes[action.id]?.running === true }, words);
  const states = actions.map(stateOf);
  const reasons = distinctReasons(states);

  async function run(action: BulkAction) {
    // The ids as they are when the button is pressed: the selection may change while it runs.
    const productIds = action.needsSelection ? [...selection] : [];
    const show = (shown: Shown) => setOutcomes((current) => ({ ...current, [action.id]: shown }));
    show({ text: startedText(action, productIds.length, words), ok: true, running: true, tone: 'green', problems: [] });
    try {
      const outcome = await perform(action, productIds, words, statusTables);
      show({ ...outcome, running: false });
      toastFor(action, outcome, productIds.length, words);
      if (action.id !== 'export-content-report') onCatalogueChanged();
    } catch (error) {
      const failure = toApiFailure(error);
      // A job that failed as a whole (502) still names its items.
      show({ ...failureText(action, failure, words), running: false, tone: 'red', problems: itemProblems(failure.body, serverSaysNow) });
    }
    setFinished((count) => count + 1);
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
        {buttonText(action, selection.length, running, words)}
      </Button>
    );
  };
  const shown = actions.map((action) => outcomes[action.id]).filter((outcome): outcome is Shown => outcome !== undefined);

  // Part of the table's header (docs/product-list.md, "A list that shows the list"): the groups, the
  // reason and `children` (the feed actions) flow on as few lines as fit; outcomes go under them.
  return (
    <div className="bulk-actions" role="region" aria-label={words.region}>
      <Flex gap="2" align="center" wrap="wrap" role="group" aria-label={words.selectionGroup} className="toolbar-group">
        <Text size="2" weight="medium" data-testid="selected-count">
          {selection.length === 0 ? listWords.noneSelected : listWords.selectedCount(countText(selection.length))}
        </Text>
        {selection.length > 0 && (
          <Button size="1" variant="ghost" onClick={() => clearSelection()}>
            {words.clearSelection}
          </Button>
        )}
        {actions.map((action, index) => (action.needsSelection ? button(action, index) : null))}
      </Flex>
      {reasons.length > 0 && (
        <Text as="p" size="1" color="gray" className="toolbar-note" data-testid="bulk-reason" data-frame="bulk-reason">
          {reasons.join(' ')}
        </Text>
      )}
      <Flex gap="2" align="center" wrap="wrap" role="group" aria-label={words.catalogueGroup} className="toolbar-group">
        <Text size="1" color="gray">
          {words.wholeCatalogue}
        </Text>
        {actions.map((action, index) => (action.needsSelection ? null : button(action, index)))}
      </Flex>
      {children}
      {shown.length > 0 && (
        <Flex direction="column" gap="1" className="toolbar-line" role="status" data-testid="bulk-outcome" data-frame="bulk-outcome" ref={outcomeBox}>
          {shown.map((outcome) => (
            <div key={outcome.text} data-tone={outcome.tone} data-testid="bulk-outcome-line">
              <Text size="1" color={TONE_COLOR[outcome.tone]} weight={outcome.tone === 'green' ? undefined : 'medium'}>
                {outcome.tone === 'amber' ? '⚠ ' : ''}
                {outcome.text}
              </Text>
              <ItemReasons problems={outcome.problems} label={words.refusedBy(outcome.text.split(':')[0] ?? '')} />
            </div>
          ))}
        </Flex>
      )}
    </div>
  );
});
