import { Card, Flex, Text } from '@radix-ui/themes';
import { messages } from '../../shared/messages';

/** Screens whose contents docs/requirements.md §2 leaves open (parser, export, logs, report) and the dashboard. */
export function UnderConstruction() {
  return (
    <Flex justify="center" pt="6">
      <Card size="3">
        <Text size="3">{messages.underConstruction}</Text>
      </Card>
    </Flex>
  );
}

export default UnderConstruction;
