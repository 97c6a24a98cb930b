/**
 * What Test feed found about the feed's values (docs/feeds.md, "The guess and its platforms"): the
 * platform it looks like, its decimal mark, the currencies of its prices, the separator between
 * image addresses (amber when the mapping's differs) and a category value naming several paths.
 */
import { Flex, Text } from '@radix-ui/themes';
import type { FeedValueFormat as Format } from '../../../shared/feed-mapping';
import { PLATFORM_NAMES } from '../../../shared/feed-platforms';
import { SELLER_CURRENCY } from '../../../shared/feed-values';
import { feedValueMessages } from '../../../shared/messages';
import { feedReadingMessages } from '../../../shared/feed-reading-messages';
import type { ImageSeparator } from '../../../shared/feed-image-addresses';
import type { CategoryPathRule } from '../../../shared/feed-category-paths';
import { parserMessages } from '../../../shared/parser-messages';
import { useMessages } from '../../i18n/language';
import { imageSeparatorName } from './image-separator-words';

export function FeedValueFormat({ format, imageSeparator, categoryPaths }: { format: Format; imageSeparator: ImageSeparator; categoryPaths: CategoryPathRule }) {
  const values = useMessages(feedValueMessages, 'feedValue');
  const reading = useMessages(feedReadingMessages, 'feedReading');
  const platforms = useMessages(PLATFORM_NAMES, 'feedPlatform');
  const words = useMessages(parserMessages, 'parser');
  const foreign = format.currencies.some((code) => code !== SELLER_CURRENCY);
  const otherSeparator = format.imageSeparator !== null && format.imageSeparator !== imageSeparator;
  return (
    <Flex direction="column" gap="1" className="parser-value-format" data-testid="feed-value-format" role="status">
      {format.platform && (
        <Text size="2" weight="bold">
          {values.recognised(platforms[format.platform])}
        </Text>
      )}
      <Text size="2">{values.decimalMark(format.decimalMark)}</Text>
      <Text size="2" color={foreign ? 'amber' : undefined} weight={foreign ? 'medium' : undefined}>
        {values.currencies(format.currencies, SELLER_CURRENCY, foreign)}
      </Text>
      {format.imageSeparator !== null && (
        <Text size="2" color={otherSeparator ? 'amber' : undefined} weight={otherSeparator ? 'medium' : undefined} data-testid="feed-image-separator">
          {reading.imageSeparatorFound(imageSeparatorName(format.imageSeparator, words), otherSeparator ? imageSeparatorName(imageSeparator, words) : null)}
        </Text>
      )}
      {format.categoryList !== null && <Text size="2">{reading.categoryList(format.categoryList.slice(0, 120), categoryPaths)}</Text>}
    </Flex>
  );
}
