/**
 * /report: the bol status of the catalogue at a glance (docs/reports-and-export.md "Reports"):
 * products per bol state, with or without an offer, and per state of the offers the sync keeps,
 * each count a link to the product list filtered to exactly those products; why bol declined; and per product the latest upload report
 * as readable text with a link to fix the product. Offline it shows what was last fetched.
 */
import { Badge, Button, Callout, Card, Flex, Grid, Heading, Link as ThemeLink, Text, type GridProps } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { REPORT_PAGE_SIZE, type BolReportProduct } from '../../../shared/export-contract';
import { bolOfferMessages } from '../../../shared/bol-offer-messages';
import { BOL_STATE_LABELS, messages } from '../../../shared/messages';
import { countText, dateTimeText, offlineDataNote } from '../../lib/format';
import { sessionRoleAtom } from '../../state/session';
import { onlineAtom } from '../../state/sync';
import { productFixPath } from '../../ui/ItemReasons';
import { productListLink } from '../products';
import { loadReport, type ReportRead } from './load-report';
import { appReportDeps } from './reports-deps';
import { reportMessages, type ReportWords } from '../../../shared/report-messages';
import { useMessages } from '../../i18n/language';
import { entriesShown, entryLine, offerSyncTiles, offerTiles, stateTiles, uploadText, type CountTile } from './reports-rules';
import './reports.css';
import { SectionCard } from '../../ui/SectionCard';

const SIZE = REPORT_PAGE_SIZE.default;

function Tile({ tile }: { tile: CountTile }) {
  return (
    <Link to={productListLink(tile.filters)} className={`report-tile report-tile-${tile.tone}`} data-testid="report-count" data-tile={tile.id}>
      <Text as="div" size="6" weight="bold" className="report-tile-count">
        {countText(tile.count)}
      </Text>
      <Text as="div" size="2" weight="medium">
        {tile.label}
      </Text>
      <Text as="div" size="1" color="gray">
        {tile.hint}
      </Text>
    </Link>
  );
}

/** The tiles of one section of counts (each a link to the products it counts). */
function Tiles({ tiles, columns }: { tiles: readonly CountTile[]; columns: GridProps['columns'] }) {
  return (
    <Grid columns={columns} gap="3">
      {tiles.map((tile) => (
        <Tile key={tile.id} tile={tile} />
      ))}
    </Grid>
  );
}

function UploadReport({ product, words }: { product: BolReportProduct; words: ReportWords }) {
  const states = useMessages(BOL_STATE_LABELS, 'bolState');
  const { shown, hidden } = entriesShown(product.entries);
  return (
    <li className="report-product" data-testid="report-product" data-product-id={product.productId}>
      <Flex justify="between" gap="3" wrap="wrap" align="baseline">
        <Text size="2" weight="bold" className="report-product-title">
          {product.title || words.product(product.productId)}
        </Text>
        <Flex gap="2" align="center">
          <Badge color={product.state === 'declined' ? 'red' : product.state === 'published' ? 'green' : 'blue'}>{states[product.state]}</Badge>
          <ThemeLink asChild size="2">
            <Link to={productFixPath(product.productId)}>{words.fixProduct}</Link>
          </ThemeLink>
        </Flex>
      </Flex>
      <Text as="p" size="1" color="gray">
        EAN {product.ean || '—'} · {uploadText(product.contentStatus, words)}
        {product.reportStatus ? (product.reportStatus === 'COMPLETED' ? words.reportComplete : words.reportInProgress) : ''}
        {product.at ? ` · ${dateTimeText(product.at)}` : ''}
      </Text>
      {product.contentMessage && (
        <Text as="p" size="2" color="red" className="report-text">
          {product.contentMessage}
        </Text>
      )}
      {shown.length > 0 && (
        <ul className="report-entries">
          {shown.map((entry, index) => (
            <li key={`${entry.subject}-${index}`} className={entry.status === 'DECLINED' ? 'report-entry-declined' : undefined}>
              <Text size="1" className="report-text">
                {entryLine(entry, words)}
              </Text>
              {entry.value && (
                <Text as="div" size="1" color="gray" className="report-text report-value">
                  {entry.value}
                </Text>
              )}
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 && (
        <Text as="p" size="1" color="gray">
          {words.moreEntries(countText(hidden))}
        </Text>
      )}
    </li>
  );
}

export default function ReportsPage() {
  const online = useAtomValue(onlineAtom);
  const admin = useAtomValue(sessionRoleAtom) === 'admin';
  const [page, setPage] = useState(0);
  const [read, setRead] = useState<ReportRead | null>(null);
  const [loading, setLoading] = useState(true);
  const [asked, setAsked] = useState(0);
  const words = useMessages(reportMessages, 'report');
  const offerWords = useMessages(bolOfferMessages, 'bolOffer');
  const states = useMessages(BOL_STATE_LABELS, 'bolState');
  const loadingText = useMessages(messages).loading;

  // Read again when the page changes, on Refresh, and when the connection comes back.
  useEffect(() => {
    let live = true;
    void loadReport(appReportDeps, page, SIZE).then((answer) => {
      if (!live) return;
      setRead(answer);
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, [page, online, asked]);

  const refresh = useCallback(() => {
    setLoading(true);
    setAsked((count) => count + 1);
  }, []);
  const goTo = (pageIndex: number) => {
    setLoading(true);
    setPage(pageIndex);
  };

  const report = read && read.kind !== 'none' ? read.report : null;
  const pages = report ? Math.max(1, Math.ceil(report.productsTotal / SIZE)) : 1;
  return (
    <Flex direction="column" gap="4" className="reports-page">
      <Card size="2">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Flex direction="column" gap="1">
            <Heading as="h2" size="5">
              {words.title}
            </Heading>
            <Text size="2" color="gray">
              {report
                ? words.counted(countText(report.total), dateTimeText(report.generatedAt))
                : words.countedNoReport}
            </Text>
          </Flex>
          <Button variant="soft" disabled={loading || !online} onClick={refresh}>
            {loading ? loadingText : words.refresh}
          </Button>
        </Flex>
      </Card>

      {read?.kind === 'device' && (
        <Callout.Root color="amber" size="1" data-testid="report-offline-note">
          <Callout.Text>{offlineDataNote(read.fetchedAt, words.keptOnDevice)}
            {words.mayHaveChanged}</Callout.Text>
        </Callout.Root>
      )}
      {read?.kind === 'none' && (
        <Callout.Root color={read.offline ? 'amber' : 'red'} size="1" role="alert">
          <Callout.Text>{read.message}</Callout.Text>
        </Callout.Root>
      )}
      {!read && <p className="loading">{loadingText}</p>}

      {report && (
        <>
          <section aria-labelledby="report-states">
            <Heading as="h3" size="3" id="report-states" mb="2">
              {words.byState}
            </Heading>
            <Tiles columns={{ initial: '2', sm: '3', lg: '6' }} tiles={stateTiles(report, words, states)} />
          </section>
          <section aria-labelledby="report-offers">
            <Heading as="h3" size="3" id="report-offers" mb="2">
              {words.offers}
            </Heading>
            <Tiles columns={{ initial: '2', lg: '6' }} tiles={offerTiles(report, words)} />
          </section>
          {offerSyncTiles(report, offerWords).length > 0 && (
            <section aria-labelledby="report-offer-sync">
              <Flex justify="between" align="baseline" gap="3" wrap="wrap" mb="2">
                <Heading as="h3" size="3" id="report-offer-sync">
                  {offerWords.reportHeading}
                </Heading>
                {admin && (
                  <ThemeLink asChild size="2">
                    <Link className="touch-link" to="/offer-settings" data-testid="offer-settings-link">
                      {offerWords.settings.link}
                    </Link>
                  </ThemeLink>
                )}
              </Flex>
              <Tiles columns={{ initial: '2', lg: '4' }} tiles={offerSyncTiles(report, offerWords)} />
            </section>
          )}

          <SectionCard id="report-reasons" title={words.whyDeclined} headingGap="2">
            {report.declinedReasons.length === 0 ? (
              <Text size="2" color="gray">
                {words.nothingDeclined}
              </Text>
            ) : (
              <ul className="report-reasons" data-testid="report-reasons">
                {report.declinedReasons.map((reason) => (
                  <li key={reason.reason}>
                    <Text size="2" className="report-text">
                      {reason.reason}
                    </Text>{' '}
                    <Badge color="red">
                      {words.products(reason.products, countText(reason.products))}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
            <Text as="p" size="2" mt="2">
              <ThemeLink asChild>
                <Link className="touch-link" to={productListLink({ bolState: 'declined' })}>{words.showDeclined}</Link>
              </ThemeLink>
            </Text>
          </SectionCard>

          <Card size="2" asChild>
            <section aria-labelledby="report-uploads">
              <Flex justify="between" align="baseline" gap="3" wrap="wrap" mb="2">
                <Heading as="h3" size="3" id="report-uploads">
                  {words.latestUploads}
                </Heading>
                <Text size="1" color="gray">
                  {words.sentToBol(report.productsTotal, countText(report.productsTotal))}
                </Text>
              </Flex>
              {report.products.length === 0 ? (
                <Text size="2" color="gray">
                  {words.noneSent}
                </Text>
              ) : (
                <ul className="report-products">
                  {report.products.map((product) => (
                    <UploadReport key={product.productId} product={product} words={words} />
                  ))}
                </ul>
              )}
              {pages > 1 && (
                <Flex gap="3" align="center" justify="end" mt="3">
                  <Button size="1" variant="soft" disabled={page === 0 || loading} onClick={() => goTo(page - 1)}>
                    {words.previous}
                  </Button>
                  <Text size="1">
                    {words.page(page + 1, pages)}
                  </Text>
                  <Button size="1" variant="soft" disabled={page + 1 >= pages || loading} onClick={() => goTo(page + 1)}>
                    {words.next}
                  </Button>
                </Flex>
              )}
            </section>
          </Card>
        </>
      )}
    </Flex>
  );
}
