/** The import a Run started: its progress (rows read, the percent when known) and Cancel while it runs (docs/jobs.md). */
import { Button, Card, Flex, Progress, Text } from '@radix-ui/themes';
import { isActiveJob, type Job } from '../../../shared/jobs';
import { countText } from '../../lib/format';
import { jobProgressText } from './supplier-list-text';

export function ImportRunCard({ job, onCancel }: { job: Job; onCancel: () => void }) {
  return (
    <Card size="2" className="parser-job" aria-live="polite">
      <Flex direction="column" gap="2">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Text weight="medium">
            Import {isActiveJob(job.status) ? (job.status === 'queued' ? 'queued' : 'running') : 'ended'}: {jobProgressText(job, countText)}
            {job.percent !== null ? ` (${job.percent}%)` : ''}
          </Text>
          {isActiveJob(job.status) && (
            <Button type="button" size="3" variant="soft" color="red" disabled={job.cancelRequested} onClick={onCancel}>
              {job.cancelRequested ? 'Cancelling...' : 'Cancel import'}
            </Button>
          )}
        </Flex>
        <Progress
          size="3"
          aria-label="Import progress"
          value={isActiveJob(job.status) ? (job.percent ?? undefined) : 100}
          color={job.status === 'failed' || job.status === 'interrupted' ? 'red' : job.status === 'cancelled' ? 'gray' : undefined}
        />
      </Flex>
    </Card>
  );
}
