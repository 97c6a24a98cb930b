/** One job in the Logs table (docs/jobs.md, "Screens"): its times, who started it, and a live bar or its outcome with Details. */
import { Badge, Button, Flex, Table, Text } from '@radix-ui/themes';
import type { Job } from '../../../shared/jobs';
import { dateAndTime } from '../../lib/format';
import { JOB_KIND_WORDS, JOB_STATUS_WORDS } from '../../../shared/status-words';
import { countsText, durationText, isActive, JobProgress, startedByText, statusTone } from '../jobs';
import { JobDetails } from './JobDetails';
import { logsMessages } from '../../../shared/logs-messages';
import { jobProgressMessages } from '../../../shared/job-progress-messages';
import { useMessages } from '../../i18n/language';


function Moment({ time }: { time: string | null }) {
  if (!time) return <Text color="gray">—</Text>;
  const { date, time: clock } = dateAndTime(time);
  return (
    <span className="logs-moment">
      <span>{date}</span> <span>{clock}</span>
    </span>
  );
}

export function JobRow({ job, now, online, expanded, onToggle }: { job: Job; now: number; online: boolean; expanded: boolean; onToggle: () => void }) {
  const words = useMessages(logsMessages, 'logs');
  const progressWords = useMessages(jobProgressMessages, 'jobProgress');
  const kinds = useMessages(JOB_KIND_WORDS, 'statusWords.jobKind');
  const statuses = useMessages(JOB_STATUS_WORDS, 'statusWords.jobStatus');
  return (
    <>
      <Table.Row data-testid="job-row" data-job-id={job.id} data-status={job.status}>
        <Table.Cell>
          <Text as="div" size="2" weight="medium">
            {kinds[job.kind]}
          </Text>
          {job.supplierName && (
            <Text as="div" size="1" color="gray">
              {job.supplierName}
            </Text>
          )}
        </Table.Cell>
        <Table.Cell>
          <Moment time={job.startedAt} />
        </Table.Cell>
        <Table.Cell>
          <Moment time={job.finishedAt} />
        </Table.Cell>
        <Table.Cell>{durationText(job.startedAt, job.finishedAt, now)}</Table.Cell>
        <Table.Cell>{startedByText(job, words)}</Table.Cell>
        <Table.Cell className="logs-outcome">
          {isActive(job) ? (
            <JobProgress job={job} label={words.progressOf(job.id)} />
          ) : (
            <Flex direction="column" gap="1">
              <Flex gap="2" align="center" wrap="wrap">
                <Badge color={statusTone(job.status)} size="2">
                  {statuses[job.status]}
                </Badge>
                <Button size="2" variant="ghost" aria-expanded={expanded} onClick={onToggle}>
                  {expanded ? words.hideDetails : words.details}
                </Button>
              </Flex>
              <Text size="1" color="gray">
                {countsText(job, progressWords)}
              </Text>
            </Flex>
          )}
        </Table.Cell>
      </Table.Row>
      {expanded && (
        <Table.Row>
          <Table.Cell colSpan={6}>
            <JobDetails job={job} online={online} />
          </Table.Cell>
        </Table.Row>
      )}
    </>
  );
}
