/** The answer of an EAN upload: rows applied and rows refused, each with its row number. */
import { Badge, Card, Flex, Heading, Link as ThemeLink, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { EanUploadReport } from '../../../shared/contract';
import { reportSummary, visibleRows } from './ean-upload-rules';
import { countText } from '../../lib/format';
import { reasonOf } from '../../lib/job-items';
import { serverSaysNow } from '../../api/client';
import { useMessages } from '../../i18n/language';
import { eanUploadPageMessages, type EanUploadPageWords } from '../../../shared/ean-upload-page-messages';

const PRODUCT_LINKS = 3;

function MoreRows({ hidden, words }: { hidden: number; words: EanUploadPageWords }) {
  if (hidden === 0) return null;
  return (
    <Text as="p" size="1" color="gray">
      {words.andMore(countText(hidden))}
    </Text>
  );
}

/** One list of the report (refused or applied): heading with its count, the rows, or a sentence when empty. */
function RowsSection(props: {
  title: string;
  count: number;
  tone: 'red' | 'green';
  emptyText: string;
  columns: readonly string[];
  hidden: number;
  words: EanUploadPageWords;
  children: ReactNode;
}) {
  return (
    <Flex direction="column" gap="2">
      <Heading as="h3" size="3">
        <Flex align="center" gap="2">
          {props.title} <Badge color={props.count > 0 ? props.tone : 'gray'}>{props.count}</Badge>
        </Flex>
      </Heading>
      {props.count === 0 ? (
        <Text size="2" color="gray">
          {props.emptyText}
        </Text>
      ) : (
        <Table.Root variant="surface" size="1">
          <VisuallyHidden asChild>
            <caption>{props.title}</caption>
          </VisuallyHidden>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell width="80px">{props.words.row}</Table.ColumnHeaderCell>
              {props.columns.map((column) => (
                <Table.ColumnHeaderCell key={column}>{column}</Table.ColumnHeaderCell>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>{props.children}</Table.Body>
        </Table.Root>
      )}
      <MoreRows hidden={props.hidden} words={props.words} />
    </Flex>
  );
}

function ProductLinks({ productIds }: { productIds: readonly number[] }) {
  return (
    <Flex gap="2" wrap="wrap">
      {productIds.slice(0, PRODUCT_LINKS).map((productId) => (
        <ThemeLink key={productId} asChild size="2">
          <Link to={`/products/${productId}`}>{productId}</Link>
        </ThemeLink>
      ))}
      {productIds.length > PRODUCT_LINKS && (
        <Text size="2" color="gray">
          +{productIds.length - PRODUCT_LINKS}
        </Text>
      )}
    </Flex>
  );
}

export function EanUploadReportView({ report }: { report: EanUploadReport }) {
  const words = useMessages(eanUploadPageMessages, 'eanUploadPage');
  const applied = visibleRows(report.applied);
  const refused = visibleRows(report.refused);
  return (
    <Card size="3" asChild>
      <section aria-labelledby="ean-report-title" data-testid="ean-report">
        <Flex direction="column" gap="4">
          <Flex direction="column" gap="1">
            <Heading as="h2" size="4" id="ean-report-title">
              {words.report}
            </Heading>
            <Text size="2" color="gray">
              {reportSummary(report, words)}
            </Text>
          </Flex>

          <RowsSection
            title={words.rowsRefused}
            count={report.refused.length}
            tone="red"
            emptyText={words.noneRefused}
            columns={[words.reason]}
            words={words}
            hidden={refused.hidden}
          >
            {refused.shown.map((entry, index) => (
              <Table.Row key={`${entry.row}-${index}`}>
                <Table.RowHeaderCell>{entry.row}</Table.RowHeaderCell>
                <Table.Cell>{reasonOf(entry, serverSaysNow)}</Table.Cell>
              </Table.Row>
            ))}
          </RowsSection>

          <RowsSection
            title={words.rowsApplied}
            count={report.applied.length}
            tone="green"
            emptyText={words.noneAppliedInReport}
            columns={['Supplier EAN', 'New EAN', words.products]}
            words={words}
            hidden={applied.hidden}
          >
            {applied.shown.map((entry) => (
              <Table.Row key={entry.row}>
                <Table.RowHeaderCell>{entry.row}</Table.RowHeaderCell>
                <Table.Cell>{entry.supplierEan}</Table.Cell>
                <Table.Cell>{entry.newEan}</Table.Cell>
                <Table.Cell>
                  <ProductLinks productIds={entry.productIds} />
                </Table.Cell>
              </Table.Row>
            ))}
          </RowsSection>
        </Flex>
      </section>
    </Card>
  );
}
