/** The schedule of bol's order import (docs/jobs.md, "Schedules"): read, changed, and its next run. */
import { Card, Flex, Heading, Select, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import type { OrderImportScheduleAnswer } from '../../../shared/jobs';
import type { RunSchedule } from '../../../shared/schedule';
import { toApiFailure } from '../../api/client';
import { getOrderImportSchedule, setOrderImportSchedule } from '../../api/jobs';
import { dateTimeText } from '../../lib/format';
import { scheduleText } from '../jobs';
import { logsMessages } from '../../../shared/logs-messages';
import { useMessages } from '../../i18n/language';


/** The choices offered; other schedules set through the API show as they are. */
const CHOICES: { value: string; schedule: RunSchedule | null }[] = [
  { value: 'off', schedule: null },
  { value: 'm15', schedule: { kind: 'minutes', minutes: 15, timeZone: 'Europe/Amsterdam' } },
  { value: 'm30', schedule: { kind: 'minutes', minutes: 30, timeZone: 'Europe/Amsterdam' } },
  { value: 'h1', schedule: { kind: 'every', hours: 1, timeZone: 'Europe/Amsterdam' } },
  { value: 'h4', schedule: { kind: 'every', hours: 4, timeZone: 'Europe/Amsterdam' } },
];

function choiceOf(schedule: RunSchedule | null): string {
  return CHOICES.find((choice) => JSON.stringify(choice.schedule) === JSON.stringify(schedule))?.value ?? 'other';
}

export function OrderImportSchedule({ online }: { online: boolean }) {
  const [answer, setAnswer] = useState<OrderImportScheduleAnswer | null>(null);
  const [message, setMessage] = useState('');
  const [saving, setSaving] = useState(false);
  const words = useMessages(logsMessages, 'logs');

  useEffect(() => {
    if (!online) return;
    getOrderImportSchedule()
      .then(setAnswer)
      .catch((error: unknown) => setMessage(toApiFailure(error).message));
  }, [online]);

  async function change(value: string) {
    const choice = CHOICES.find((entry) => entry.value === value);
    if (!choice) return;
    setSaving(true);
    setMessage('');
    try {
      setAnswer(await setOrderImportSchedule(choice.schedule));
    } catch (error) {
      setMessage(toApiFailure(error).message);
    } finally {
      setSaving(false);
    }
  }

  const current = answer ? choiceOf(answer.schedule) : 'off';
  return (
    <Card size="2" className="logs-schedule" data-testid="order-import-schedule">
      <Flex direction="column" gap="2">
        <Heading size="3" as="h2">
          {words.orderImport}
        </Heading>
        <Flex gap="3" align="center" wrap="wrap">
          <Text as="label" size="2" htmlFor="order-import-schedule">
            {words.importOrders}
          </Text>
          <Select.Root value={current} disabled={!online || saving || !answer} onValueChange={(value) => void change(value)}>
            <Select.Trigger id="order-import-schedule" aria-label={words.orderImportSchedule} />
            <Select.Content>
              {CHOICES.map((choice) => (
                <Select.Item key={choice.value} value={choice.value}>
                  {scheduleText(choice.schedule, words)}
                </Select.Item>
              ))}
              {current === 'other' && <Select.Item value="other">{scheduleText(answer?.schedule ?? null, words)}</Select.Item>}
            </Select.Content>
          </Select.Root>
        </Flex>
        <Text size="1" color="gray">
          {answer?.nextRunAt ? words.nextRun(dateTimeText(answer.nextRunAt)) : ''}
          {answer?.lastRunAt ? words.lastRunStarted(dateTimeText(answer.lastRunAt)) : words.notRunYet} {words.readsSinceLast}
        </Text>
        {!online && <Text size="1" color="gray">{words.scheduleNeedsConnection}</Text>}
        {message && (
          <Text size="1" color="red">
            {message}
          </Text>
        )}
      </Flex>
    </Card>
  );
}
