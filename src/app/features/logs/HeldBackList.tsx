/** An import's held-back supplier values on the Logs screen (held-back-rules.ts): product, field, theirs and mine. */
import { Link, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ParsingHistoryEntry } from '../../../shared/contract';
import { getParsingRun } from '../../api/feeds';
import { countText } from '../../lib/format';
import { heldBackLines } from './held-back-rules';
import { logsMessages } from '../../../shared/logs-messages';
import { useMessages } from '../../i18n/language';


export function HeldBackList({ historyId, status }: { historyId: number; status: string }) {
  const [entry, setEntry] = useState<ParsingHistoryEntry | null>(null);
  const words = useMessages(logsMessages, 'logs');
  useEffect(() => {
    let stopped = false;
    getParsingRun(historyId)
      .then((answer) => !stopped && setEntry(answer))
      .catch(() => undefined);
    return () => {
      stopped = true;
    };
  }, [historyId, status]);
  const lines = entry ? heldBackLines(entry) : [];
  if (!entry || lines.length === 0) return null;
  const total = entry.heldBack ?? lines.length;
  return (
    <div className="logs-held-back" data-testid="job-held-back">
      <Text as="div" size="2" weight="medium">
        {words.heldBack(countText(total))}
      </Text>
      <table className="logs-held-table">
        <thead>
          <tr>
            <th scope="col">{words.product}</th>
            <th scope="col">{words.field}</th>
            <th scope="col">{words.peoplesValue}</th>
            <th scope="col">{words.suppliersValue}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <tr key={index}>
              <td>
                <Link asChild>
                  <RouterLink to={`/products/${line.productId}`}>{line.productId}</RouterLink>
                </Link>
              </td>
              <td>{line.field}</td>
              <td>{line.mine}</td>
              <td>{line.theirs}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
