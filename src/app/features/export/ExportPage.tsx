/**
 * /export (docs/reports-and-export.md "Export"): the product list's current view (its filters) or
 * its selection as CSV or .xlsx with the chosen columns, streamed from the server with progress;
 * when done it is downloaded, and can be downloaded again. The product content report and bol's
 * offer export are here too. Exports need the server: offline they are off and say so.
 */
import { Button, Callout, Card, Flex, Heading, Link as ThemeLink, Progress, RadioGroup, Text } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DEFAULT_EXPORT_COLUMNS, exportFormatChoices, type ExportColumnId, type ExportFormat } from '../../../shared/export-contract';
import { BOL_STATE_LABELS } from '../../../shared/messages';
import { exportMessages } from '../../../shared/export-messages';
import { languageAtom, useMessages } from '../../i18n/language';
import { countText, oneDecimalText } from '../../lib/format';
import { categoriesAtom } from '../../state/reference-lists';
import { onlineAtom } from '../../state/sync';
import { productListViewAtom, saveFile, selectedProductIdsAtom, sortLabel, toFilterQuery } from '../products';
import { BolReportsCard } from './BolReportsCard';
import { ExportColumnsField } from './ExportColumnsField';
import {
  exportButtonLabel,
  exportFilter,
  exportRequest,
  exportSort,
  filterSummary,
  megabytes,
  progressOf,
  readRememberedColumns,
  type ExportScope,
} from './export-rules';
import { useProductExport } from './use-product-export';
import { useViewTotal } from './use-view-total';
import { productFilterMessages } from '../../../shared/product-filter-messages';
import './export.css';

const COLUMNS_KEY = 'exportColumns';
export default function ExportPage() {
  const online = useAtomValue(onlineAtom);
  const language = useAtomValue(languageAtom);
  const words = useMessages(exportMessages, 'export');
  const states = useMessages(BOL_STATE_LABELS, 'bolState');
  const sorts = useMessages(productFilterMessages, 'productFilter').sorts;
  const view = useAtomValue(productListViewAtom);
  const selection = useAtomValue(selectedProductIdsAtom);
  const categories = useAtomValue(categoriesAtom);
  const viewQuery = useMemo(() => toFilterQuery(view), [view]);
  const filter = useMemo(() => exportFilter(viewQuery), [viewQuery]);
  const sort = exportSort(viewQuery);
  const [scope, setScope] = useState<ExportScope>(selection.length > 0 ? 'selection' : 'view');
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [columns, setColumns] = useState<ExportColumnId[]>(() => readRememberedColumns(globalThis.localStorage?.getItem(COLUMNS_KEY) ?? null, DEFAULT_EXPORT_COLUMNS));
  const { total: viewTotal, estimate: viewTotalIsEstimate } = useViewTotal(filter, online);
  const { progress, finished, failure, busy, start, stop } = useProductExport();

  useEffect(() => {
    globalThis.localStorage?.setItem(COLUMNS_KEY, JSON.stringify(columns));
  }, [columns]);

  const planned = exportRequest({ scope, format, columns, filter, sort, selection, language }, words);
  const shownProgress = progress ? progressOf(progress, words) : null;
  const buttonLabel = exportButtonLabel({
    busy,
    count: scope === 'selection' ? selection.length : viewTotal,
    estimate: scope !== 'selection' && viewTotalIsEstimate,
    format,
  }, words);

  return (
    <Flex direction="column" gap="4" className="export-page">
      <Card size="2" asChild>
        <section aria-labelledby="export-products">
          <Flex direction="column" gap="4">
            <Flex direction="column" gap="1">
              <Heading as="h2" size="5" id="export-products">
                {words.title}
              </Heading>
              <Text size="2" color="gray">
                {words.intro}
              </Text>
            </Flex>

            <ExportFieldset legend={words.products}>
              <RadioGroup.Root value={scope} onValueChange={(value) => setScope(value as ExportScope)} name="export-scope">
                <RadioGroup.Item value="view" data-testid="scope-view">
                  {words.view}
                  {viewTotal !== null ? words.viewCount(countText(viewTotal), viewTotalIsEstimate) : ''}
                </RadioGroup.Item>
                <Text as="p" size="1" color="gray" className="export-filter" data-testid="export-filter">
                  {filterSummary(filter, (id) => categories.find((category) => String(category.categoryId) === id)?.categoryName, words, states)} ·{' '}
                  <ThemeLink asChild>
                    <Link to="/products">{words.changeFilters}</Link>
                  </ThemeLink>
                </Text>
                <RadioGroup.Item value="selection" disabled={selection.length === 0} data-testid="scope-selection">
                  {words.selection(selection.length, countText(selection.length))}
                </RadioGroup.Item>
              </RadioGroup.Root>
              {sort !== undefined && (
                <Text as="p" size="2" color="gray" className="export-order" data-testid="export-order">
                  {words.order(sortLabel(sort, sorts))}
                </Text>
              )}
            </ExportFieldset>

            <ExportFieldset legend={words.format}>
              <RadioGroup.Root value={format} onValueChange={(value) => setFormat(value as ExportFormat)} name="export-format" className="export-formats">
                {exportFormatChoices(language).map((choice) => (
                  <RadioGroup.Item key={choice} value={choice}>
                    {words.formats[choice]}
                  </RadioGroup.Item>
                ))}
              </RadioGroup.Root>
            </ExportFieldset>

            <ExportColumnsField columns={columns} onChange={setColumns} />

            <Flex gap="3" align="center" wrap="wrap">
              <Button size="3" disabled={!online || busy || !planned.ok} onClick={() => planned.ok && void start(planned.request)} data-testid="export-start">
                {buttonLabel}
              </Button>
              {busy && (
                <Button size="3" variant="soft" color="gray" onClick={stop}>
                  {words.stop}
                </Button>
              )}
              {!online && (
                <Text size="2" color="amber" role="status">
                  {words.needsConnection}
                </Text>
              )}
              {online && !planned.ok && (
                <Text size="2" color="amber" role="status">
                  {planned.reason}
                </Text>
              )}
            </Flex>

            {shownProgress && (
              <Flex direction="column" gap="1" role="status" data-testid="export-progress">
                <Progress value={shownProgress.fraction === null ? undefined : Math.round(shownProgress.fraction * 100)} />
                <Text size="1" color="gray">
                  {shownProgress.text}
                </Text>
              </Flex>
            )}
            {failure && (
              <Callout.Root color="red" size="1" role="alert">
                <Callout.Text>{failure}</Callout.Text>
              </Callout.Root>
            )}
            {finished && (
              <Callout.Root color="green" size="1" role="status" data-testid="export-done">
                <Callout.Text>
                  {finished.name}: {finished.rows !== null ? words.finishedRows(countText(finished.rows)) : ''}
                  {words.finishedSize(megabytes(finished.blob.size), oneDecimalText(finished.seconds))}{' '}
                  <Button size="1" variant="soft" onClick={() => saveFile(finished.blob, finished.name)} data-testid="export-download">
                    {words.downloadAgain}
                  </Button>
                </Callout.Text>
              </Callout.Root>
            )}
          </Flex>
        </section>
      </Card>

      <BolReportsCard online={online} needsConnection={words.needsConnection} />
    </Flex>
  );
}

/** A group of the export's choices under its legend. */
function ExportFieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="export-fieldset">
      <legend>
        <Text size="2" weight="medium">
          {legend}
        </Text>
      </legend>
      {children}
    </fieldset>
  );
}
