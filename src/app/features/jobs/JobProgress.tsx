/** A running job's live progress bar with its counts, and Cancel (docs/jobs.md). */
import { Button, Flex, Progress, Text } from '@radix-ui/themes';
import { useState } from 'react';
import type { Job } from '../../../shared/jobs';
import { cancelJob } from '../../api/jobs';
import { toApiFailure } from '../../api/client';
import { isActive, progressText, progressValue } from './job-rules';
import { useMessages } from '../../i18n/language';
import { jobProgressMessages } from '../../../shared/job-progress-messages';
import { STATUS_WORDS } from '../../../shared/status-words';

export function JobProgress({ job, label }: { job: Job; label: string }) {
  const words = useMessages(jobProgressMessages, 'jobProgress');
  const statuses = useMessages(STATUS_WORDS, 'statusWords').jobStatus;
  const [cancelling, setCancelling] = useState(false);
  const [refusal, setRefusal] = useState('');
  const value = progressValue(job);
  async function cancel() {
    setCancelling(true);
    try {
      await cancelJob(job.id);
    } catch (error) {
      setRefusal(toApiFailure(error).message);
    } finally {
      setCancelling(false);
    }
  }
  return (
    <Flex direction="column" gap="1" className="job-progress" data-testid="job-progress" data-job-id={job.id} data-status={job.status}>
      <Flex gap="2" align="center">
        <Progress
          aria-label={label}
          size="3"
          className="job-progress-bar"
          value={value ?? undefined}
          max={100}
          duration={value === null ? '3s' : undefined}
        />
        {isActive(job) && (
          <Button size="2" variant="soft" color="red" disabled={cancelling || job.cancelRequested} onClick={() => void cancel()}>
            {job.cancelRequested ? words.cancelling : words.cancel}
          </Button>
        )}
      </Flex>
      <Text size="1" role="status" data-testid="job-progress-text">
        {progressText(job, words, statuses)}
      </Text>
      {refusal && (
        <Text size="1" color="red">
          {refusal}
        </Text>
      )}
    </Flex>
  );
}
