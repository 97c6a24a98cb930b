import { Card, Flex, Text } from '@radix-ui/themes';
import { messages } from '../../shared/messages';
import { useMessages } from '../i18n/language';

/** Screens whose contents docs/requirements.md §2 leaves open (parser, export, logs, report) and the dashboard. */
export function UnderConstruction() {
  const words = useMessages(messages);
  return (
    <Flex justify="center" pt="6">
      <Card size="3">
        <Text size="3">{words.underConstruction}</Text>
      </Card>
    </Flex>
  );
}

export default UnderConstruction;
