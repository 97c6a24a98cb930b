/**
 * The bol reports of the Export screen (docs/reports-and-export.md "Export"): the product content
 * report (.xlsx, downloaded) and bol's offer export (imported), each with its outcome and the items
 * it could not take. They need the server: offline they are off and say so.
 */
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { exportProductContentReport, reimportOffers } from '../../api/bol-actions';
import { serverSaysNow, toApiFailure } from '../../api/client';
import { itemProblems, reportTone, type ItemProblem, type OutcomeTone } from '../../lib/job-items';
import { ItemReasons } from '../../ui/ItemReasons';
import { fileNameFromContentDisposition, saveFile } from '../products';
import { offerImportText } from './export-rules';
import { exportMessages, type ExportWords } from '../../../shared/export-messages';
import { useMessages } from '../../i18n/language';

type Kind = 'content' | 'offers';

interface Outcome {
  text: string;
  tone: OutcomeTone;
  problems: ItemProblem[];
}

const reportsOf = (words: ExportWords) =>
  [
    ['content', words.contentReport, words.contentReportHelp],
    ['offers', words.offerImport, words.offerImportHelp],
  ] as const;

async function runReport(kind: Kind, words: ExportWords): Promise<Outcome> {
  try {
    if (kind === 'content') {
      const file = await exportProductContentReport();
      const name = fileNameFromContentDisposition(file.contentDisposition);
      saveFile(file.blob, name);
      return { text: words.downloaded(name), tone: 'green', problems: [] };
    }
    const report = await reimportOffers();
    return { text: offerImportText(report, words), tone: reportTone(report), problems: itemProblems(report, serverSaysNow) };
  } catch (error) {
    const failed = toApiFailure(error);
    return { text: failed.message, tone: 'red', problems: itemProblems(failed.body, serverSaysNow) };
  }
}

export function BolReportsCard({ online, needsConnection }: { online: boolean; needsConnection: string }) {
  const words = useMessages(exportMessages, 'export');
  const [outcomes, setOutcomes] = useState<Record<Kind, Outcome | 'running' | undefined>>({ content: undefined, offers: undefined });

  async function run(kind: Kind) {
    setOutcomes((current) => ({ ...current, [kind]: 'running' }));
    const outcome = await runReport(kind, words);
    setOutcomes((current) => ({ ...current, [kind]: outcome }));
  }

  return (
    <Card size="2" asChild>
      <section aria-labelledby="export-bol">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4" id="export-bol">
            {words.bolReports}
          </Heading>
          {reportsOf(words).map(([kind, label, help]) => {
            const outcome = outcomes[kind];
            return (
              <Flex key={kind} direction="column" gap="1" className="export-other">
                <Flex gap="3" align="center" wrap="wrap">
                  <Button variant="soft" disabled={!online || outcome === 'running'} onClick={() => void run(kind)} data-testid={`export-${kind}`}>
                    {outcome === 'running' ? words.working : label}
                  </Button>
                  <Text size="1" color="gray">
                    {help}
                  </Text>
                </Flex>
                {outcome && outcome !== 'running' && (
                  <div role="status">
                    <Text size="2" color={outcome.tone === 'green' ? 'green' : outcome.tone}>
                      {outcome.tone === 'amber' ? '⚠ ' : ''}
                      {outcome.text}
                    </Text>
                    <ItemReasons problems={outcome.problems} label={words.notImportedBy(label)} />
                  </div>
                )}
              </Flex>
            );
          })}
          {!online && (
            <Text size="2" color="amber">
              {needsConnection}
            </Text>
          )}
        </Flex>
      </section>
    </Card>
  );
}
