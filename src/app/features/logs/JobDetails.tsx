/** A finished job's details on the Logs screen (docs/jobs.md, "Screens"): its message and refused lines, with their CSV. */
import { Button, Flex, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import type { Job } from '../../../shared/jobs';
import { serverSaysNow, toApiFailure } from '../../api/client';
import { downloadRefusals, getJob } from '../../api/jobs';
import { HeldBackList } from './HeldBackList';
import { countText } from '../../lib/format';
import { refusalText } from '../jobs';
import { saveFile } from '../products';
import { logsMessages } from '../../../shared/logs-messages';
import { jobProgressMessages } from '../../../shared/job-progress-messages';
import { useMessages } from '../../i18n/language';


export function JobDetails({ job, online }: { job: Job; online: boolean }) {
  const [detail, setDetail] = useState<Job | null>(null);
  const [message, setMessage] = useState('');
  const words = useMessages(logsMessages, 'logs');
  const progressWords = useMessages(jobProgressMessages, 'jobProgress');
  useEffect(() => {
    if (!online) return;
    let stopped = false;
    getJob(job.id)
      .then((answer) => !stopped && setDetail(answer))
      .catch((error: unknown) => !stopped && setMessage(toApiFailure(error).message));
    return () => {
      stopped = true;
    };
  }, [job.id, job.status, job.refused, online]);
  const refusals = detail?.refusals ?? [];
  async function download() {
    try {
      saveFile(await downloadRefusals(job.id), `job-${job.id}-refused.csv`);
    } catch (error) {
      setMessage(toApiFailure(error).message);
    }
  }
  return (
    <Flex direction="column" gap="2" className="logs-details" data-testid="job-details">
      {job.message && <Text size="2">{serverSaysNow(job) ?? job.message}</Text>}
      {!online && <Text size="1" color="gray">{words.refusedNeedConnection}</Text>}
      {message && (
        <Text size="1" color="red">
          {message}
        </Text>
      )}
      {refusals.length > 0 && (
        <>
          <Flex gap="2" align="center" wrap="wrap">
            <Text size="2" weight="medium">
              {words.refusedCount(countText(job.refused))}
            </Text>
            <Button size="2" variant="soft" onClick={() => void download()}>
              {words.downloadRefused}
            </Button>
          </Flex>
          <ul className="logs-refusals" aria-label={words.refusedIn(job.id)} data-testid="job-refusals">
            {refusals.map((refusal, index) => (
              <li key={index}>
                <Text size="1">{refusalText(refusal, progressWords, serverSaysNow)}</Text>
              </li>
            ))}
            {job.refused > refusals.length && (
              <li>
                <Text size="1" color="gray">
                  {words.moreRefused(countText(job.refused - refusals.length), countText(refusals.length))}
                </Text>
              </li>
            )}
          </ul>
        </>
      )}
      {detail && refusals.length === 0 && job.refused === 0 && <Text size="1" color="gray">{words.nothingRefused}</Text>}
      {online && job.kind === 'feed-import' && job.historyId !== null && <HeldBackList historyId={job.historyId} status={job.status} />}
    </Flex>
  );
}
