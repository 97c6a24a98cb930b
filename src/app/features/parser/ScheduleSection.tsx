/** The supplier form's Schedule card: by hand, daily at a time or every few hours, in a time zone; enabled. */
import { Checkbox, Flex, Text, TextField } from '@radix-ui/themes';
import { ChoiceField, Field, FormCard } from './ParserField';
import { TIME_ZONES, type SupplierForm } from './supplier-form';
import type { SectionProps } from './FeedSection';
import { parserMessages } from '../../../shared/parser-messages';
import { useMessages } from '../../i18n/language';

export function ScheduleSection({ form, set }: SectionProps) {
  const words = useMessages(parserMessages, 'parser');
  return (
    <FormCard title={words.scheduleCard}>
      <Flex gap="3" wrap="wrap" className="parser-form-row">
        <ChoiceField<SupplierForm['scheduleKind']>
          label={words.importWhen}
          ariaLabel={words.importSchedule}
          value={form.scheduleKind}
          options={[
            ['none', words.byHandOnly],
            ['daily', words.daily],
            ['every', words.every],
          ]}
          onChange={(value) => set('scheduleKind', value)}
        />
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
          <ChoiceField
            label={words.timeZone}
            value={form.timeZone}
            options={[...new Set<string>([...TIME_ZONES, form.timeZone])].map((zone) => [zone, zone] as const)}
            onChange={(value) => set('timeZone', value)}
          />
        )}
      </Flex>
      <Text as="label" size="2" className="parser-check">
        <Checkbox size="3" checked={form.enabled} onCheckedChange={(checked) => set('enabled', checked === true)} /> {words.enabledHint}
      </Text>
    </FormCard>
  );
}
