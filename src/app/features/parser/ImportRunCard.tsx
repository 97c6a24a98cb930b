/** The import a Run started: its progress (rows read, the percent when known) and Cancel while it runs (docs/jobs.md). */
import { Button, Card, Flex, Progress, Text } from '@radix-ui/themes';
import { isActiveJob, type Job } from '../../../shared/jobs';
import { countText } from '../../lib/format';
import { jobProgressText } from './supplier-list-text';
import { parserMessages } from '../../../shared/parser-messages';
import { useMessages } from '../../i18n/language';


export function ImportRunCard({ job, onCancel }: { job: Job; onCancel: () => void }) {
  const words = useMessages(parserMessages, 'parser');
  return (
    <Card size="2" className="parser-job" aria-live="polite">
      <Flex direction="column" gap="2">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Text weight="medium">
            {isActiveJob(job.status) ? (job.status === 'queued' ? words.importQueued : words.importRunning) : words.importEnded} {jobProgressText(job, countText, words)}
            {job.percent !== null ? ` (${job.percent}%)` : ''}
          </Text>
          {isActiveJob(job.status) && (
            <Button type="button" size="3" variant="soft" color="red" disabled={job.cancelRequested} onClick={onCancel}>
              {job.cancelRequested ? words.cancelling : words.cancelImport}
            </Button>
          )}
        </Flex>
        <Progress
          size="3"
          aria-label={words.importProgress}
          value={isActiveJob(job.status) ? (job.percent ?? undefined) : 100}
          color={job.status === 'failed' || job.status === 'interrupted' ? 'red' : job.status === 'cancelled' ? 'gray' : undefined}
        />
      </Flex>
    </Card>
  );
}
