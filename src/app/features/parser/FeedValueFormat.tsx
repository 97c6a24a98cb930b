/** What Test feed found about the feed's values (docs/feeds.md, "The guess and its platforms"): the platform it looks like, its decimal mark, the currencies of its prices. */
import { Flex, Text } from '@radix-ui/themes';
import type { FeedValueFormat as Format } from '../../../shared/feed-mapping';
import { PLATFORM_NAMES } from '../../../shared/feed-platforms';
import { SELLER_CURRENCY } from '../../../shared/feed-values';
import { feedValueMessages } from '../../../shared/messages';

export function FeedValueFormat({ format }: { format: Format }) {
  const foreign = format.currencies.some((code) => code !== SELLER_CURRENCY);
  return (
    <Flex direction="column" gap="1" className="parser-value-format" data-testid="feed-value-format" role="status">
      {format.platform && (
        <Text size="2" weight="bold">
          {feedValueMessages.recognised(PLATFORM_NAMES[format.platform])}
        </Text>
      )}
      <Text size="2">{feedValueMessages.decimalMark(format.decimalMark)}</Text>
      <Text size="2" color={foreign ? 'amber' : undefined} weight={foreign ? 'medium' : undefined}>
        {feedValueMessages.currencies(format.currencies, SELLER_CURRENCY)}
      </Text>
    </Flex>
  );
}
