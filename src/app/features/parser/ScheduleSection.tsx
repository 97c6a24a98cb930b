/** The supplier form's Schedule card: by hand, daily at a time or every few hours, in a time zone; enabled. */
import { Checkbox, Flex, Select, Text, TextField } from '@radix-ui/themes';
import { Field, FormCard } from './ParserField';
import { TIME_ZONES, type SupplierForm } from './supplier-form';
import type { SectionProps } from './FeedSection';
import { parserMessages } from '../../../shared/parser-messages';
import { useMessages } from '../../i18n/language';

export function ScheduleSection({ form, set }: SectionProps) {
  const words = useMessages(parserMessages, 'parser');
  return (
    <FormCard title={words.scheduleCard}>
      <Flex gap="3" wrap="wrap" className="parser-form-row">
        <Field label={words.importWhen}>
          <Select.Root size="3" value={form.scheduleKind} onValueChange={(value) => set('scheduleKind', value as SupplierForm['scheduleKind'])}>
            <Select.Trigger aria-label={words.importSchedule} />
            <Select.Content>
              <Select.Item value="none">{words.byHandOnly}</Select.Item>
              <Select.Item value="daily">{words.daily}</Select.Item>
              <Select.Item value="every">{words.every}</Select.Item>
            </Select.Content>
          </Select.Root>
        </Field>
        {form.scheduleKind === 'daily' && (
          <Field label={words.time}>
            <TextField.Root size="3" inputMode="numeric" aria-label={words.dailyTime} value={form.time} onChange={(e) => set('time', e.target.value)} />
          </Field>
        )}
        {form.scheduleKind === 'every' && (
          <Field label={words.hoursBetween}>
            <TextField.Root size="3" inputMode="numeric" aria-label={words.hoursBetweenLabel} value={form.hours} onChange={(e) => set('hours', e.target.value)} />
          </Field>
        )}
        {form.scheduleKind !== 'none' && (
          <Field label={words.timeZone}>
            <Select.Root size="3" value={form.timeZone} onValueChange={(value) => set('timeZone', value)}>
              <Select.Trigger aria-label={words.timeZone} />
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
        <Checkbox size="3" checked={form.enabled} onCheckedChange={(checked) => set('enabled', checked === true)} /> {words.enabledHint}
      </Text>
    </FormCard>
  );
}
