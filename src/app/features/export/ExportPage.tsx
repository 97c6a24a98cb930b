/**
 * /export (docs/reports-and-export.md "Export"): the product list's current view (its filters) or
 * its selection as CSV or .xlsx with the chosen columns, streamed from the server with progress;
 * when done it is downloaded, and can be downloaded again. The product content report and bol's
 * offer export are here too. Exports need the server: offline they are off and say so.
 */
import { Badge, Button, Callout, Card, Checkbox, Flex, Heading, Link as ThemeLink, Progress, RadioGroup, Text } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { DEFAULT_EXPORT_COLUMNS, EXPORT_COLUMNS, type ExportColumnId, type ExportFormat } from '../../../shared/export-contract';
import { exportProductContentReport, reimportOffers } from '../../api/bol-actions';
import { toApiFailure } from '../../api/client';
import { filterProducts } from '../../api/products';
import { exportProducts, type ExportProgress } from '../../api/reports';
import { countText } from '../../lib/format';
import { itemProblems, reportTone, type ItemProblem, type OutcomeTone } from '../../lib/job-items';
import { categoriesAtom } from '../../state/reference-lists';
import { onlineAtom } from '../../state/sync';
import { ItemReasons } from '../../ui/ItemReasons';
import { fileNameFromContentDisposition, productListViewAtom, saveFile, selectedProductIdsAtom, sortLabel, toFilterQuery } from '../products';
import { exportFilter, exportRequest, exportSort, filterSummary, megabytes, progressOf, readRememberedColumns, type ExportScope } from './export-rules';
import './export.css';

const COLUMNS_KEY = 'exportColumns';
const NEEDS_CONNECTION = 'Exports need a connection: the server writes the file.';

interface Finished {
  blob: Blob;
  name: string;
  rows: number | null;
  seconds: number;
}

interface OtherOutcome {
  text: string;
  tone: OutcomeTone;
  problems: ItemProblem[];
}

/** The clock an export's duration is read from, in seconds (read in the Export button's handler). */
function secondsNow(): number {
  return performance.now() / 1000;
}

export default function ExportPage() {
  const online = useAtomValue(onlineAtom);
  const view = useAtomValue(productListViewAtom);
  const selection = useAtomValue(selectedProductIdsAtom);
  const categories = useAtomValue(categoriesAtom);
  const viewQuery = useMemo(() => toFilterQuery(view), [view]);
  const filter = useMemo(() => exportFilter(viewQuery), [viewQuery]);
  const sort = exportSort(viewQuery);
  const [scope, setScope] = useState<ExportScope>(selection.length > 0 ? 'selection' : 'view');
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [columns, setColumns] = useState<ExportColumnId[]>(() => readRememberedColumns(globalThis.localStorage?.getItem(COLUMNS_KEY) ?? null, DEFAULT_EXPORT_COLUMNS));
  const [viewTotal, setViewTotal] = useState<number | null>(null);
  // More than 10,000 products in the view: the server estimates (docs/products.md "Totals").
  const [viewTotalIsEstimate, setViewTotalIsEstimate] = useState(false);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [finished, setFinished] = useState<Finished | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  const [busy, setBusy] = useState(false);
  const [other, setOther] = useState<Record<'content' | 'offers', OtherOutcome | 'running' | undefined>>({ content: undefined, offers: undefined });

  useEffect(() => {
    globalThis.localStorage?.setItem(COLUMNS_KEY, JSON.stringify(columns));
  }, [columns]);

  // How many products the view has (the export's row count), when the server can be asked.
  useEffect(() => {
    if (!online) return undefined;
    let live = true;
    filterProducts({ ...filter, size: 1, page: 0 }).then(
      (page) => {
        if (!live) return;
        setViewTotal(page.totalElements);
        setViewTotalIsEstimate(page.totalIsEstimate === true);
      },
      (error: unknown) => console.error('Counting the view failed', error),
    );
    return () => {
      live = false;
    };
  }, [filter, online]);

  useEffect(() => () => running.current?.abort(), []);

  const planned = exportRequest({ scope, format, columns, filter, sort, selection });

  async function start() {
    if (!planned.ok) return;
    const controller = new AbortController();
    running.current = controller;
    setBusy(true);
    setFinished(null);
    setFailure(null);
    setProgress({ bytes: 0, rows: 0, totalRows: null });
    const began = secondsNow();
    try {
      const file = await exportProducts(planned.request, setProgress, controller.signal);
      const name = fileNameFromContentDisposition(file.contentDisposition, `products.${format}`);
      const done = { blob: file.blob, name, rows: file.rows, seconds: secondsNow() - began };
      setFinished(done);
      saveFile(done.blob, done.name);
    } catch (error) {
      setFailure(controller.signal.aborted ? 'The export was stopped.' : toApiFailure(error).message);
    } finally {
      running.current = null;
      setBusy(false);
      setProgress(null);
    }
  }

  async function runOther(kind: 'content' | 'offers') {
    setOther((current) => ({ ...current, [kind]: 'running' }));
    let outcome: OtherOutcome;
    try {
      if (kind === 'content') {
        const file = await exportProductContentReport();
        const name = fileNameFromContentDisposition(file.contentDisposition);
        saveFile(file.blob, name);
        outcome = { text: `Downloaded ${name}.`, tone: 'green', problems: [] };
      } else {
        const report = await reimportOffers();
        const message = typeof (report as { message?: unknown }).message === 'string' ? (report as { message: string }).message : 'Offers imported.';
        outcome = { text: message, tone: reportTone(report), problems: itemProblems(report) };
      }
    } catch (error) {
      const failed = toApiFailure(error);
      outcome = { text: failed.message, tone: 'red', problems: itemProblems(failed.body) };
    }
    setOther((current) => ({ ...current, [kind]: outcome }));
  }

  const shownProgress = progress ? progressOf(progress) : null;
  const scopeCount = scope === 'selection' ? selection.length : viewTotal;
  const scopeAbout = scope !== 'selection' && viewTotalIsEstimate ? 'about ' : '';
  const toggle = (id: ExportColumnId, on: boolean) => setColumns((current) => (on ? [...current, id] : current.filter((column) => column !== id)));

  return (
    <Flex direction="column" gap="4" className="export-page">
      <Card size="2" asChild>
        <section aria-labelledby="export-products">
          <Flex direction="column" gap="4">
            <Flex direction="column" gap="1">
              <Heading as="h2" size="5" id="export-products">
                Export products
              </Heading>
              <Text size="2" color="gray">
                The file is written by the server as it reads the products, so a large catalogue exports without waiting for all of it first.
              </Text>
            </Flex>

            <fieldset className="export-fieldset">
              <legend>
                <Text size="2" weight="medium">
                  Products
                </Text>
              </legend>
              <RadioGroup.Root value={scope} onValueChange={(value) => setScope(value as ExportScope)} name="export-scope">
                <RadioGroup.Item value="view" data-testid="scope-view">
                  The product list&apos;s current view{viewTotal !== null ? ` (${viewTotalIsEstimate ? 'about ' : ''}${countText(viewTotal)} products)` : ''}
                </RadioGroup.Item>
                <Text as="p" size="1" color="gray" className="export-filter" data-testid="export-filter">
                  {filterSummary(filter, (id) => categories.find((category) => String(category.categoryId) === id)?.categoryName)} ·{' '}
                  <ThemeLink asChild>
                    <Link to="/products">change the filters in the product list</Link>
                  </ThemeLink>
                </Text>
                <RadioGroup.Item value="selection" disabled={selection.length === 0} data-testid="scope-selection">
                  The selection ({countText(selection.length)} product{selection.length === 1 ? '' : 's'} selected in the product list)
                </RadioGroup.Item>
              </RadioGroup.Root>
              {sort !== undefined && (
                <Text as="p" size="2" color="gray" className="export-order" data-testid="export-order">
                  Rows in the list&apos;s order: {sortLabel(sort)}.
                </Text>
              )}
            </fieldset>

            <fieldset className="export-fieldset">
              <legend>
                <Text size="2" weight="medium">
                  Format
                </Text>
              </legend>
              <RadioGroup.Root value={format} onValueChange={(value) => setFormat(value as ExportFormat)} name="export-format" className="export-formats">
                <RadioGroup.Item value="csv">CSV (comma separated, UTF-8)</RadioGroup.Item>
                <RadioGroup.Item value="xlsx">Excel workbook (.xlsx)</RadioGroup.Item>
              </RadioGroup.Root>
            </fieldset>

            <fieldset className="export-fieldset">
              <legend>
                <Text size="2" weight="medium">
                  Columns <Badge color="gray">{columns.length}</Badge>
                </Text>
              </legend>
              <div className="export-columns" data-testid="export-columns">
                {EXPORT_COLUMNS.map((column) => (
                  <Text as="label" size="2" key={column.id} className="export-column">
                    <Checkbox checked={columns.includes(column.id)} onCheckedChange={(checked) => toggle(column.id, checked === true)} data-column={column.id} />
                    {column.header}
                  </Text>
                ))}
              </div>
              <Flex gap="2" mt="2">
                <Button size="1" variant="ghost" onClick={() => setColumns(EXPORT_COLUMNS.map((column) => column.id))}>
                  All columns
                </Button>
                <Button size="1" variant="ghost" onClick={() => setColumns([...DEFAULT_EXPORT_COLUMNS])}>
                  The usual columns
                </Button>
              </Flex>
            </fieldset>

            <Flex gap="3" align="center" wrap="wrap">
              <Button size="3" disabled={!online || busy || !planned.ok} onClick={() => void start()} data-testid="export-start">
                {busy ? 'Exporting...' : `Export${scopeCount !== null ? ` ${scopeAbout}${countText(scopeCount)} products` : ''} as ${format === 'csv' ? 'CSV' : '.xlsx'}`}
              </Button>
              {busy && (
                <Button size="3" variant="soft" color="gray" onClick={() => running.current?.abort()}>
                  Stop
                </Button>
              )}
              {!online && (
                <Text size="2" color="amber" role="status">
                  {NEEDS_CONNECTION}
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
                  {finished.name}: {finished.rows !== null ? `${countText(finished.rows)} products, ` : ''}
                  {megabytes(finished.blob.size)} in {finished.seconds.toFixed(1)} s.{' '}
                  <Button size="1" variant="soft" onClick={() => saveFile(finished.blob, finished.name)} data-testid="export-download">
                    Download again
                  </Button>
                </Callout.Text>
              </Callout.Root>
            )}
          </Flex>
        </section>
      </Card>

      <Card size="2" asChild>
        <section aria-labelledby="export-bol">
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4" id="export-bol">
              bol reports
            </Heading>
            {(
              [
                ['content', 'Product content report (.xlsx)', "Every product's Bol category, content status, upload report (declined attributes named), catalog and offer."],
                ['offers', "Import bol's offer export", "Asks bol for its export of our offers and stores each offer with its product (by EAN); the Reports screen then counts them."],
              ] as const
            ).map(([kind, label, help]) => {
              const outcome = other[kind];
              return (
                <Flex key={kind} direction="column" gap="1" className="export-other">
                  <Flex gap="3" align="center" wrap="wrap">
                    <Button variant="soft" disabled={!online || outcome === 'running'} onClick={() => void runOther(kind)} data-testid={`export-${kind}`}>
                      {outcome === 'running' ? 'Working...' : label}
                    </Button>
                    <Text size="1" color="gray">
                      {help}
                    </Text>
                  </Flex>
                  {outcome && outcome !== 'running' && (
                    <div role="status">
                      <Text size="2" color={outcome.tone === 'green' ? 'green' : outcome.tone}>
                        {outcome.tone === 'amber' ? '⚠ ' : ''}
                        {outcome.text}
                      </Text>
                      <ItemReasons problems={outcome.problems} label={`Not imported by ${label}`} />
                    </div>
                  )}
                </Flex>
              );
            })}
            {!online && (
              <Text size="2" color="amber">
                {NEEDS_CONNECTION}
              </Text>
            )}
          </Flex>
        </section>
      </Card>
    </Flex>
  );
}
