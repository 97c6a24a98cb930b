/** The supplier form's Schedule card: by hand, daily at a time or every few hours, in a time zone; enabled. */
import { Checkbox, Flex, Select, Text, TextField } from '@radix-ui/themes';
import { Field, FormCard } from './ParserField';
import { TIME_ZONES, type SupplierForm } from './supplier-form';
import type { SectionProps } from './FeedSection';

export function ScheduleSection({ form, set }: SectionProps) {
  return (
    <FormCard title="Schedule">
      <Flex gap="3" wrap="wrap" className="parser-form-row">
        <Field label="Import">
          <Select.Root size="3" value={form.scheduleKind} onValueChange={(value) => set('scheduleKind', value as SupplierForm['scheduleKind'])}>
            <Select.Trigger aria-label="Import schedule" />
            <Select.Content>
              <Select.Item value="none">By hand only</Select.Item>
              <Select.Item value="daily">Daily at a time</Select.Item>
              <Select.Item value="every">Every few hours</Select.Item>
            </Select.Content>
          </Select.Root>
        </Field>
        {form.scheduleKind === 'daily' && (
          <Field label="Time (HH:MM)">
            <TextField.Root size="3" inputMode="numeric" aria-label="Time of the daily import" value={form.time} onChange={(e) => set('time', e.target.value)} />
          </Field>
        )}
        {form.scheduleKind === 'every' && (
          <Field label="Hours between imports (1-24)">
            <TextField.Root size="3" inputMode="numeric" aria-label="Hours between imports" value={form.hours} onChange={(e) => set('hours', e.target.value)} />
          </Field>
        )}
        {form.scheduleKind !== 'none' && (
          <Field label="Time zone">
            <Select.Root size="3" value={form.timeZone} onValueChange={(value) => set('timeZone', value)}>
              <Select.Trigger aria-label="Time zone" />
              <Select.Content>
                {[...new Set<string>([...TIME_ZONES, form.timeZone])].map((zone) => (
                  <Select.Item key={zone} value={zone}>
                    {zone}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Field>
        )}
      </Flex>
      <Text as="label" size="2" className="parser-check">
        <Checkbox size="3" checked={form.enabled} onCheckedChange={(checked) => set('enabled', checked === true)} /> Enabled (a disabled supplier is skipped by the
        schedule)
      </Text>
    </FormCard>
  );
}
