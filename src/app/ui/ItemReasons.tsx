/**
 * The per-item reasons of a job: one line per refused or failed product (or order) with a link to
 * fix it and the server's reason (docs/reports-and-export.md "Failure reasons").
 */
import { Link as ThemeLink, Text } from '@radix-ui/themes';
import { Link } from 'react-router-dom';
import type { ItemProblem } from '../lib/job-items';
import { countText } from '../lib/format';
import { useMessages } from '../i18n/language';
import { jobProgressMessages } from '../../shared/job-progress-messages';

/** More than this is listed as "and n more" (the counts above cover them all). */
const SHOWN = 200;

/** Where a product's bol problems are fixed: its Bol Model tab. */
export const productFixPath = (productId: number) => `/products/${productId}?tab=2`;

export function ItemReasons({ problems, label }: { problems: readonly ItemProblem[]; label: string }) {
  const words = useMessages(jobProgressMessages, 'jobProgress');
  if (problems.length === 0) return null;
  const shown = problems.slice(0, SHOWN);
  return (
    <div className="item-reasons">
      <ul aria-label={label} data-testid="item-reasons">
        {shown.map((problem, index) => (
          <li key={`${problem.productId ?? problem.orderId ?? ''}-${index}`} data-testid="item-reason" data-product-id={problem.productId ?? undefined}>
            <Text size="1">
              {problem.productId !== null ? (
                <ThemeLink asChild>
                  <Link to={productFixPath(problem.productId)}>{words.productLink(problem.productId)}</Link>
                </ThemeLink>
              ) : (
                <strong>{problem.orderId !== null ? words.orderName(problem.orderId) : words.item}</strong>
              )}
              : {problem.message}
            </Text>
          </li>
        ))}
      </ul>
      {problems.length > SHOWN && (
        <Text as="p" size="1" color="gray">
          {words.andMore(countText(problems.length - SHOWN))}
        </Text>
      )}
    </div>
  );
}
