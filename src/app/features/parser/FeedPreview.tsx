/** Test feed: the first rows as they would be imported, refused rows marked with their problems; nothing is saved. */
import { Badge, Callout, Card, Flex, Heading, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { feedReadingMessages } from '../../../shared/feed-reading-messages';
import { feedVariantMessages } from '../../../shared/feed-variant-messages';
import { parserMessages } from '../../../shared/parser-messages';
import { useMessages } from '../../i18n/language';
import type { TestFeedReport } from '../../../shared/suppliers';
import { countText, priceText } from '../../lib/format';
import { useKeyboardScroll } from '../../ui/use-keyboard-scroll';
import { serverSaysNow } from '../../api/client';
import type { ServerSentence } from '../../../shared/server-messages';

/** A row's problem in the language shown when the server named its sentence, else as written. */
function problemText(problem: string, sentence: ServerSentence | null | undefined): string {
  return (sentence && serverSaysNow(sentence)) || problem;
}

export function FeedPreview({ report }: { report: TestFeedReport }) {
  const reading = useMessages(feedReadingMessages, 'feedReading');
  const variants = useMessages(feedVariantMessages, 'feedVariant');
  const words = useMessages(parserMessages, 'parser');
  const refused = report.rows.filter((row) => row.problems.length > 0).length;
  const skipped = report.rows.filter((row) => row.skipped).length;
  const scroll = useKeyboardScroll<HTMLDivElement>(words.preview);
  return (
    <Card size="2" className="parser-preview">
      <Flex direction="column" gap="3">
        <Heading as="h3" size="4">
          {words.previewHeading(countText(report.rows.length))}
        </Heading>
        <Text size="2">
          {words.previewCounts(countText(report.rows.length - refused - skipped), countText(refused))}
          {skipped > 0 ? `, ${variants.skippedCount(countText(skipped))}` : ''}
          {report.more ? words.previewMore : ''}
          {words.nothingSaved}
        </Text>
        {(report.encoding || report.recordElement) && (
          <Flex direction="column" gap="1" data-testid="feed-reading">
            {report.encoding && <Text size="2">{reading.encoding(report.encoding.name, report.encoding.source)}</Text>}
            {report.recordElement && <Text size="2">{reading.recordElement(report.recordElement.path, report.recordElement.found)}</Text>}
          </Flex>
        )}
        {report.mappingProblem && (
          <Callout.Root color="amber" role="alert">
            <Callout.Text>{(report.mappingProblemSaid && serverSaysNow(report.mappingProblemSaid)) ?? report.mappingProblem}</Callout.Text>
          </Callout.Root>
        )}
        <div className="parser-table-scroll" ref={scroll}>
          <Table.Root size="1">
            <VisuallyHidden asChild>
              <caption>{words.preview}</caption>
            </VisuallyHidden>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{words.line}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{words.eanSku}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{words.title}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{words.family}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{words.supplierPrice}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{words.sellingPrice}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{words.stock}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{words.images}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{words.problems}</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {report.rows.map((row) => {
                const bad = row.problems.length > 0;
                const product = row.product;
                return (
                  <Table.Row
                    key={row.line}
                    className={bad ? 'parser-bad-row' : row.skipped ? 'parser-skipped-row' : undefined}
                    data-refused={bad ? 'true' : undefined}
                    data-skipped={row.skipped ? 'true' : undefined}
                  >
                    <Table.RowHeaderCell>{row.line}</Table.RowHeaderCell>
                    <Table.Cell>
                      {product ? (
                        <>
                          {product.ean}
                          {product.ean && product.sku ? <br /> : null}
                          {product.sku}
                        </>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell>
                      {product ? (
                        product.title
                      ) : (
                        // A refused row: its first values as the feed has them, so the row can be found.
                        <Text color="gray">{Object.values(row.values).filter((value) => value !== '').slice(0, 3).join(' · ')}</Text>
                      )}
                    </Table.Cell>
                    <Table.Cell>{product?.familyKey ?? null}</Table.Cell>
                    <Table.Cell>{product ? priceText(product.priceSupplier) : null}</Table.Cell>
                    <Table.Cell>{product ? priceText(product.sellingPrice) : null}</Table.Cell>
                    <Table.Cell>{product ? countText(product.stock) : null}</Table.Cell>
                    <Table.Cell>{product ? countText(product.images.length) : null}</Table.Cell>
                    <Table.Cell className="parser-problems">
                      {bad ? (
                        <Flex direction="column" gap="1">
                          <Badge color="red">{words.refused}</Badge>
                          {row.problems.map((problem, index) => (
                            <Text key={problem} size="2" color="red">
                              {problemText(problem, row.problemSentences?.[index])}
                            </Text>
                          ))}
                        </Flex>
                      ) : row.skipped ? (
                        <Flex direction="column" gap="1">
                          <Badge color="gray">{variants.skippedBadge}</Badge>
                          <Text size="2">{variants.skippedRow}</Text>
                        </Flex>
                      ) : row.warnings.length > 0 ? (
                        <Flex direction="column" gap="1">
                          <Badge color="amber">{reading.check}</Badge>
                          {row.warnings.map((warning) => (
                            <Text key={warning} size="2">
                              {warning}
                            </Text>
                          ))}
                        </Flex>
                      ) : (
                        <Badge color="green">{words.ok}</Badge>
                      )}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </div>
      </Flex>
    </Card>
  );
}
