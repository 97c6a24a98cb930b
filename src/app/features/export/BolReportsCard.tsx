/**
 * The bol reports of the Export screen (docs/reports-and-export.md "Export"): the product content
 * report (.xlsx, downloaded) and bol's offer export (imported), each with its outcome and the items
 * it could not take. They need the server: offline they are off and say so.
 */
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { exportProductContentReport, reimportOffers } from '../../api/bol-actions';
import { toApiFailure } from '../../api/client';
import { itemProblems, reportTone, type ItemProblem, type OutcomeTone } from '../../lib/job-items';
import { ItemReasons } from '../../ui/ItemReasons';
import { fileNameFromContentDisposition, saveFile } from '../products';
import { offerImportText } from './export-rules';

type Kind = 'content' | 'offers';

interface Outcome {
  text: string;
  tone: OutcomeTone;
  problems: ItemProblem[];
}

const REPORTS = [
  ['content', 'Product content report (.xlsx)', "Every product's Bol category, content status, upload report (declined attributes named), catalog and offer."],
  ['offers', "Import bol's offer export", "Asks bol for its export of our offers and stores each offer with its product (by EAN); the Reports screen then counts them."],
] as const;

async function runReport(kind: Kind): Promise<Outcome> {
  try {
    if (kind === 'content') {
      const file = await exportProductContentReport();
      const name = fileNameFromContentDisposition(file.contentDisposition);
      saveFile(file.blob, name);
      return { text: `Downloaded ${name}.`, tone: 'green', problems: [] };
    }
    const report = await reimportOffers();
    return { text: offerImportText(report), tone: reportTone(report), problems: itemProblems(report) };
  } catch (error) {
    const failed = toApiFailure(error);
    return { text: failed.message, tone: 'red', problems: itemProblems(failed.body) };
  }
}

export function BolReportsCard({ online, needsConnection }: { online: boolean; needsConnection: string }) {
  const [outcomes, setOutcomes] = useState<Record<Kind, Outcome | 'running' | undefined>>({ content: undefined, offers: undefined });

  async function run(kind: Kind) {
    setOutcomes((current) => ({ ...current, [kind]: 'running' }));
    const outcome = await runReport(kind);
    setOutcomes((current) => ({ ...current, [kind]: outcome }));
  }

  return (
    <Card size="2" asChild>
      <section aria-labelledby="export-bol">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4" id="export-bol">
            bol reports
          </Heading>
          {REPORTS.map(([kind, label, help]) => {
            const outcome = outcomes[kind];
            return (
              <Flex key={kind} direction="column" gap="1" className="export-other">
                <Flex gap="3" align="center" wrap="wrap">
                  <Button variant="soft" disabled={!online || outcome === 'running'} onClick={() => void run(kind)} data-testid={`export-${kind}`}>
                    {outcome === 'running' ? 'Working...' : label}
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
                    <ItemReasons problems={outcome.problems} label={`Not imported by ${label}`} />
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
