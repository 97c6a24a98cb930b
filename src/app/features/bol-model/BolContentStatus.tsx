/** What bol made of the product's content: the status, and bol's upload report per attribute. */
import { bolModelMessages } from '../../../shared/bol-model-messages';
import { UPLOAD_ENTRY_STATUS_WORDS } from '../../../shared/status-words';
import { useMessages } from '../../i18n/language';
import { Badge, Button, Flex, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import type { BolMarketplaceState } from '../../../shared/bol-contract';
import { dateTimeText } from '../../lib/format';
import { contentStatusText, uploadReportRows } from './bol-status-rules';
import { StatusLine } from '../../ui/StatusLine';

export interface BolContentStatusProps {
  state: BolMarketplaceState;
  /** When the state shown is a copy kept on the device (offline). */
  keptCopy: boolean;
  checking: boolean;
  canCheck: boolean;
  onCheckReport: () => void;
}

export function BolContentStatus({ state, keptCopy, checking, canCheck, onCheckReport }: BolContentStatusProps) {
  const words = useMessages(bolModelMessages, 'bolModel');
  const entryWords = useMessages(UPLOAD_ENTRY_STATUS_WORDS, 'statusWords.uploadEntry');
  const status = contentStatusText(state, words.statusText);
  const rows = uploadReportRows(state.uploadReport);
  const report = state.uploadReport;
  return (
    <Flex direction="column" gap="2" data-testid="bol-content-status">
      <StatusLine label={words.contentStatus}>
        {/* The status in words, never its code (docs/jobs.md, "Words, not codes"); bol's message follows it. */}
        <Badge color={status.tone} size="2" className="bol-content-status-badge" data-testid="bol-content-status-badge" data-status={state.contentStatus}>
          <span data-testid="bol-content-status-text">{status.text}</span>
        </Badge>
        {keptCopy && (
          <Text size="1" color="gray">
            {words.asLastSeen}
          </Text>
        )}
      </StatusLine>
      {state.contentSubmittedAt && (
        <Text size="1" color="gray">
          {words.sentAt(dateTimeText(state.contentSubmittedAt))}
          {state.uploadId ? ` · ${words.upload(state.uploadId)}` : ''}
          {state.catalog ? ` · ${state.catalog.published ? words.publishedOnBol : words.notPublishedYet}` : ''}
        </Text>
      )}
      {state.contentStatus !== 'NOT_SENT' && (
        <Flex gap="2" align="center" wrap="wrap">
          <Text size="2">{words.uploadReport(report ? (report.status === 'COMPLETED' ? words.reportCompleted : words.reportChecking) : words.reportNotRead)}</Text>
          <Button size="1" variant="soft" disabled={!canCheck || checking} onClick={onCheckReport}>
            {checking ? words.checking : words.checkReport}
          </Button>
        </Flex>
      )}
      {rows.length > 0 && (
        <Table.Root size="1" variant="surface" data-testid="bol-upload-report">
          {/* The caption names the table itself (Table.Root's own props go to its wrapper). */}
          <VisuallyHidden asChild>
            <caption>{words.reportCaption}</caption>
          </VisuallyHidden>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{words.reportAttribute}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{words.reportValue}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{words.reportStatus}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{words.reportDetail}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.attribute}>
                <Table.RowHeaderCell>{row.attribute}</Table.RowHeaderCell>
                <Table.Cell className="bol-report-value">{row.value}</Table.Cell>
                <Table.Cell>
                  <Badge color={row.tone}>{entryWords[row.status]}</Badge>
                </Table.Cell>
                <Table.Cell>{row.detail}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Flex>
  );
}
