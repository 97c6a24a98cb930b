/** The answer of an EAN upload: rows applied and rows refused, each with its row number. */
import { Badge, Card, Flex, Heading, Link as ThemeLink, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { Link } from 'react-router-dom';
import type { EanUploadReport } from '../../../shared/contract';
import { reportSummary, visibleRows } from './ean-upload-rules';
import { countText } from '../../lib/format';

const PRODUCT_LINKS = 3;

function MoreRows({ hidden }: { hidden: number }) {
  if (hidden === 0) return null;
  return (
    <Text as="p" size="1" color="gray">
      and {countText(hidden)} more
    </Text>
  );
}

export function EanUploadReportView({ report }: { report: EanUploadReport }) {
  const applied = visibleRows(report.applied);
  const refused = visibleRows(report.refused);
  return (
    <Card size="3" asChild>
      <section aria-labelledby="ean-report-title" data-testid="ean-report">
        <Flex direction="column" gap="4">
          <Flex direction="column" gap="1">
            <Heading as="h2" size="4" id="ean-report-title">
              Report
            </Heading>
            <Text size="2" color="gray">
              {reportSummary(report)}
            </Text>
          </Flex>

          <Flex direction="column" gap="2">
            <Heading as="h3" size="3">
              <Flex align="center" gap="2">
                Rows refused <Badge color={report.refused.length > 0 ? 'red' : 'gray'}>{report.refused.length}</Badge>
              </Flex>
            </Heading>
            {report.refused.length === 0 ? (
              <Text size="2" color="gray">
                No row was refused.
              </Text>
            ) : (
              <Table.Root variant="surface" size="1">
                <VisuallyHidden asChild>
                  <caption>Rows refused</caption>
                </VisuallyHidden>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell width="80px">Row</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Reason</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {refused.shown.map((entry, index) => (
                    <Table.Row key={`${entry.row}-${index}`}>
                      <Table.RowHeaderCell>{entry.row}</Table.RowHeaderCell>
                      <Table.Cell>{entry.reason}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
            <MoreRows hidden={refused.hidden} />
          </Flex>

          <Flex direction="column" gap="2">
            <Heading as="h3" size="3">
              <Flex align="center" gap="2">
                Rows applied <Badge color={report.applied.length > 0 ? 'green' : 'gray'}>{report.applied.length}</Badge>
              </Flex>
            </Heading>
            {report.applied.length === 0 ? (
              <Text size="2" color="gray">
                No row was applied.
              </Text>
            ) : (
              <Table.Root variant="surface" size="1">
                <VisuallyHidden asChild>
                  <caption>Rows applied</caption>
                </VisuallyHidden>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell width="80px">Row</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Supplier EAN</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>New EAN</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Products</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {applied.shown.map((entry) => (
                    <Table.Row key={entry.row}>
                      <Table.RowHeaderCell>{entry.row}</Table.RowHeaderCell>
                      <Table.Cell>{entry.supplierEan}</Table.Cell>
                      <Table.Cell>{entry.newEan}</Table.Cell>
                      <Table.Cell>
                        <Flex gap="2" wrap="wrap">
                          {entry.productIds.slice(0, PRODUCT_LINKS).map((productId) => (
                            <ThemeLink key={productId} asChild size="2">
                              <Link to={`/products/${productId}`}>{productId}</Link>
                            </ThemeLink>
                          ))}
                          {entry.productIds.length > PRODUCT_LINKS && (
                            <Text size="2" color="gray">
                              +{entry.productIds.length - PRODUCT_LINKS}
                            </Text>
                          )}
                        </Flex>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
            <MoreRows hidden={applied.hidden} />
          </Flex>
        </Flex>
      </section>
    </Card>
  );
}
