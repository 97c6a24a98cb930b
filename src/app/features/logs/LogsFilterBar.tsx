/** The Logs screen's filters (kind, supplier, outcome; kept in the URL) and Refresh (docs/jobs.md, "Screens"). */
import { Button, Card, Flex, Select, Text } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import { suppliersAtom } from '../../state/reference-lists';
import type { LogsFilter } from '../jobs';
import { kindOptions, outcomeOptions, supplierOptions, type FilterOption } from './logs-rules';
import { logsMessages } from '../../../shared/logs-messages';
import { JOB_KIND_WORDS, JOB_STATUS_WORDS } from '../../../shared/status-words';
import { useMessages } from '../../i18n/language';

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
  const words = useMessages(logsMessages, 'logs');
  const kinds = useMessages(JOB_KIND_WORDS, 'statusWords.jobKind');
  const statuses = useMessages(JOB_STATUS_WORDS, 'statusWords.jobStatus');
  return (
    <Card size="1">
      <Flex gap="3" wrap="wrap" align="end">
        <FilterSelect label={words.kind} value={filter.kind} onChange={(kind) => onChange({ kind })} options={kindOptions(words, kinds)} />
        <FilterSelect label={words.supplier} value={filter.supplierId} onChange={(supplierId) => onChange({ supplierId })} options={supplierOptions(suppliers, words)} />
        <FilterSelect label={words.outcome} value={filter.outcome} onChange={(outcome) => onChange({ outcome })} options={outcomeOptions(words, statuses)} />
        <Button size="2" variant="soft" onClick={onRefresh} disabled={!online}>
          {words.refresh}
        </Button>
      </Flex>
    </Card>
  );
}
