/** What bol made of the product's content: the status, and bol's upload report per attribute. */
import { Badge, Button, Flex, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import type { BolMarketplaceState } from '../../../shared/bol-contract';
import { dateTimeText } from '../../lib/format';
import { contentStatusText, uploadReportRows } from './bol-status-rules';

export interface BolContentStatusProps {
  state: BolMarketplaceState;
  /** When the state shown is a copy kept on the device (offline). */
  keptCopy: boolean;
  checking: boolean;
  canCheck: boolean;
  onCheckReport: () => void;
}

export function BolContentStatus({ state, keptCopy, checking, canCheck, onCheckReport }: BolContentStatusProps) {
  const status = contentStatusText(state);
  const rows = uploadReportRows(state.uploadReport);
  const report = state.uploadReport;
  return (
    <Flex direction="column" gap="2" data-testid="bol-content-status">
      <Flex gap="2" align="center" wrap="wrap">
        <Text size="2" weight="medium">
          Content status
        </Text>
        <Badge color={status.tone} size="2" data-testid="bol-content-status-badge" data-status={state.contentStatus}>
          {state.contentStatus}
        </Badge>
        <Text size="2" data-testid="bol-content-status-text">
          {status.text}
        </Text>
        {keptCopy && (
          <Text size="1" color="gray">
            (as last seen on this device)
          </Text>
        )}
      </Flex>
      {state.contentSubmittedAt && (
        <Text size="1" color="gray">
          Sent {dateTimeText(state.contentSubmittedAt)}
          {state.uploadId ? ` · upload ${state.uploadId}` : ''}
          {state.catalog ? ` · ${state.catalog.published ? 'published on bol' : 'not published on bol yet'}` : ''}
        </Text>
      )}
      {state.contentStatus !== 'NOT_SENT' && (
        <Flex gap="2" align="center" wrap="wrap">
          <Text size="2">Upload report: {report ? (report.status === 'COMPLETED' ? 'completed' : 'bol is still checking the attributes') : 'not read yet'}</Text>
          <Button size="1" variant="soft" disabled={!canCheck || checking} onClick={onCheckReport}>
            {checking ? 'Checking...' : 'Check the upload report'}
          </Button>
        </Flex>
      )}
      {rows.length > 0 && (
        <Table.Root size="1" variant="surface" data-testid="bol-upload-report">
          {/* The caption names the table itself (Table.Root's own props go to its wrapper). */}
          <VisuallyHidden asChild>
            <caption>Upload report per attribute</caption>
          </VisuallyHidden>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Attribute</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Value</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Detail</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.attribute}>
                <Table.RowHeaderCell>{row.attribute}</Table.RowHeaderCell>
                <Table.Cell className="bol-report-value">{row.value}</Table.Cell>
                <Table.Cell>
                  <Badge color={row.tone}>{row.status}</Badge>
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
