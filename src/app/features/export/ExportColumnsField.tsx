/** The export's columns: one box each, all of them, or the usual ones (docs/reports-and-export.md "Export"). */
import { Badge, Button, Checkbox, Flex, Text } from '@radix-ui/themes';
import { DEFAULT_EXPORT_COLUMNS, EXPORT_COLUMNS, type ExportColumnId } from '../../../shared/export-contract';
import { toggledColumns } from './export-rules';
import { exportMessages } from '../../../shared/export-messages';
import { useMessages } from '../../i18n/language';


export function ExportColumnsField({ columns, onChange }: { columns: readonly ExportColumnId[]; onChange: (columns: ExportColumnId[]) => void }) {
  const words = useMessages(exportMessages, 'export');
  return (
    <fieldset className="export-fieldset">
      <legend>
        <Text size="2" weight="medium">
          {words.columnsLegend} <Badge color="gray">{columns.length}</Badge>
        </Text>
      </legend>
      <div className="export-columns" data-testid="export-columns">
        {EXPORT_COLUMNS.map((column) => (
          <Text as="label" size="2" key={column.id} className="export-column">
            <Checkbox checked={columns.includes(column.id)} onCheckedChange={(checked) => onChange(toggledColumns(columns, column.id, checked === true))} data-column={column.id} />
            {words.columns[column.id]}
          </Text>
        ))}
      </div>
      <Flex gap="2" mt="2">
        <Button size="1" variant="ghost" onClick={() => onChange(EXPORT_COLUMNS.map((column) => column.id))}>
          {words.allColumns}
        </Button>
        <Button size="1" variant="ghost" onClick={() => onChange([...DEFAULT_EXPORT_COLUMNS])}>
          {words.usualColumns}
        </Button>
      </Flex>
    </fieldset>
  );
}
