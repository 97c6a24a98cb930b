/** The Logs screen's filters (kind, supplier, outcome; kept in the URL) and Refresh (docs/jobs.md, "Screens"). */
import { Button, Card, Flex, Select, Text } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import { suppliersAtom } from '../../state/reference-lists';
import type { LogsFilter } from '../jobs';
import { KIND_OPTIONS, OUTCOME_OPTIONS, supplierOptions, type FilterOption } from './logs-rules';

const ANY = 'any';

function FilterSelect({ label, value, options, onChange }: { label: string; value: string; options: readonly FilterOption[]; onChange: (value: string) => void }) {
  return (
    <Flex direction="column" gap="1" className="logs-filter">
      <Text as="label" size="1" weight="medium">
        {label}
      </Text>
      <Select.Root value={value === '' ? ANY : value} onValueChange={(next) => onChange(next === ANY ? '' : next)}>
        <Select.Trigger aria-label={label} />
        <Select.Content>
          {options.map((option) => (
            <Select.Item key={option.value || ANY} value={option.value || ANY}>
              {option.label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}

export function LogsFilterBar({ filter, online, onChange, onRefresh }: { filter: LogsFilter; online: boolean; onChange: (next: Partial<LogsFilter>) => void; onRefresh: () => void }) {
  const suppliers = useAtomValue(suppliersAtom);
  return (
    <Card size="1">
      <Flex gap="3" wrap="wrap" align="end">
        <FilterSelect label="Kind" value={filter.kind} onChange={(kind) => onChange({ kind })} options={KIND_OPTIONS} />
        <FilterSelect label="Supplier" value={filter.supplierId} onChange={(supplierId) => onChange({ supplierId })} options={supplierOptions(suppliers)} />
        <FilterSelect label="Outcome" value={filter.outcome} onChange={(outcome) => onChange({ outcome })} options={OUTCOME_OPTIONS} />
        <Button size="2" variant="soft" onClick={onRefresh} disabled={!online}>
          Refresh
        </Button>
      </Flex>
    </Card>
  );
}
