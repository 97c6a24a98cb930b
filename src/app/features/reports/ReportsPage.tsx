/**
 * /report: the bol status of the catalogue at a glance (docs/reports-and-export.md "Reports"):
 * products per bol state, with or without an offer, and per state of the offers the sync keeps,
 * each count a link to the product list filtered to exactly those products; why bol declined; and per product the latest upload report
 * as readable text with a link to fix the product. Offline it shows what was last fetched.
 */
import { Badge, Button, Callout, Card, Flex, Grid, Heading, Link as ThemeLink, Text } from '@radix-ui/themes';
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
import { entriesShown, entryLine, offerSyncTiles, offerTiles, stateTiles, type CountTile } from './reports-rules';
import './reports.css';

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

function UploadReport({ product }: { product: BolReportProduct }) {
  const { shown, hidden } = entriesShown(product.entries);
  return (
    <li className="report-product" data-testid="report-product" data-product-id={product.productId}>
      <Flex justify="between" gap="3" wrap="wrap" align="baseline">
        <Text size="2" weight="bold" className="report-product-title">
          {product.title || `Product ${product.productId}`}
        </Text>
        <Flex gap="2" align="center">
          <Badge color={product.state === 'declined' ? 'red' : product.state === 'published' ? 'green' : 'blue'}>{BOL_STATE_LABELS[product.state]}</Badge>
          <ThemeLink asChild size="2">
            <Link to={productFixPath(product.productId)}>Fix this product</Link>
          </ThemeLink>
        </Flex>
      </Flex>
      <Text as="p" size="1" color="gray">
        EAN {product.ean || '—'} · upload {product.contentStatus.toLowerCase().replace('_', ' ')}
        {product.reportStatus ? ` · report ${product.reportStatus === 'COMPLETED' ? 'complete' : 'in progress'}` : ''}
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
                {entryLine(entry)}
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
          and {countText(hidden)} more entries, published or in progress
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
              Bol status of the catalogue
            </Heading>
            <Text size="2" color="gray">
              {report
                ? `${countText(report.total)} products, counted from our database at ${dateTimeText(report.generatedAt)}. Each count opens the product list filtered to those products.`
                : 'Counted from our database; nothing is asked of bol.'}
            </Text>
          </Flex>
          <Button variant="soft" disabled={loading || !online} onClick={refresh}>
            {loading ? messages.loading : 'Refresh'}
          </Button>
        </Flex>
      </Card>

      {read?.kind === 'device' && (
        <Callout.Root color="amber" size="1" data-testid="report-offline-note">
          <Callout.Text>{offlineDataNote(read.fetchedAt, 'the report kept on this device')}. The counts may have changed since.</Callout.Text>
        </Callout.Root>
      )}
      {read?.kind === 'none' && (
        <Callout.Root color={read.offline ? 'amber' : 'red'} size="1" role="alert">
          <Callout.Text>{read.message}</Callout.Text>
        </Callout.Root>
      )}
      {!read && <p className="loading">{messages.loading}</p>}

      {report && (
        <>
          <section aria-labelledby="report-states">
            <Heading as="h3" size="3" id="report-states" mb="2">
              Products by bol state
            </Heading>
            <Grid columns={{ initial: '2', sm: '3', lg: '6' }} gap="3">
              {stateTiles(report).map((tile) => (
                <Tile key={tile.id} tile={tile} />
              ))}
            </Grid>
          </section>
          <section aria-labelledby="report-offers">
            <Heading as="h3" size="3" id="report-offers" mb="2">
              Offers
            </Heading>
            <Grid columns={{ initial: '2', lg: '6' }} gap="3">
              {offerTiles(report).map((tile) => (
                <Tile key={tile.id} tile={tile} />
              ))}
            </Grid>
          </section>
          {offerSyncTiles(report).length > 0 && (
            <section aria-labelledby="report-offer-sync">
              <Flex justify="between" align="baseline" gap="3" wrap="wrap" mb="2">
                <Heading as="h3" size="3" id="report-offer-sync">
                  {bolOfferMessages.reportHeading}
                </Heading>
                {admin && (
                  <ThemeLink asChild size="2">
                    <Link className="touch-link" to="/offer-settings" data-testid="offer-settings-link">
                      {bolOfferMessages.settings.link}
                    </Link>
                  </ThemeLink>
                )}
              </Flex>
              <Grid columns={{ initial: '2', lg: '4' }} gap="3">
                {offerSyncTiles(report).map((tile) => (
                  <Tile key={tile.id} tile={tile} />
                ))}
              </Grid>
            </section>
          )}

          <Card size="2" asChild>
            <section aria-labelledby="report-reasons">
              <Heading as="h3" size="3" id="report-reasons" mb="2">
                Why bol declined
              </Heading>
              {report.declinedReasons.length === 0 ? (
                <Text size="2" color="gray">
                  bol has declined nothing so far.
                </Text>
              ) : (
                <ul className="report-reasons" data-testid="report-reasons">
                  {report.declinedReasons.map((reason) => (
                    <li key={reason.reason}>
                      <Text size="2" className="report-text">
                        {reason.reason}
                      </Text>{' '}
                      <Badge color="red">
                        {countText(reason.products)} product{reason.products === 1 ? '' : 's'}
                      </Badge>
                    </li>
                  ))}
                </ul>
              )}
              <Text as="p" size="2" mt="2">
                <ThemeLink asChild>
                  <Link className="touch-link" to={productListLink({ bolState: 'declined' })}>Show the declined products</Link>
                </ThemeLink>
              </Text>
            </section>
          </Card>

          <Card size="2" asChild>
            <section aria-labelledby="report-uploads">
              <Flex justify="between" align="baseline" gap="3" wrap="wrap" mb="2">
                <Heading as="h3" size="3" id="report-uploads">
                  Latest upload reports
                </Heading>
                <Text size="1" color="gray">
                  {countText(report.productsTotal)} product{report.productsTotal === 1 ? '' : 's'} sent to bol, latest change first
                </Text>
              </Flex>
              {report.products.length === 0 ? (
                <Text size="2" color="gray">
                  No product has been sent to bol yet.
                </Text>
              ) : (
                <ul className="report-products">
                  {report.products.map((product) => (
                    <UploadReport key={product.productId} product={product} />
                  ))}
                </ul>
              )}
              {pages > 1 && (
                <Flex gap="3" align="center" justify="end" mt="3">
                  <Button size="1" variant="soft" disabled={page === 0 || loading} onClick={() => goTo(page - 1)}>
                    Previous
                  </Button>
                  <Text size="1">
                    Page {page + 1} of {pages}
                  </Text>
                  <Button size="1" variant="soft" disabled={page + 1 >= pages || loading} onClick={() => goTo(page + 1)}>
                    Next
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
