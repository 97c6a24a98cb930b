/**
 * The top of the sync panel: each product that waits for my decision (docs/offline.md
 * "Conflicts"), named as the server's answer named it (as the toast does), what of it waits (the
 * product's fields, its Bol model) and a link to where I decide.
 * The panel also opens on the sign-in screen, before the router is loaded: there the link is a
 * plain one.
 */
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import { useInRouterContext, useNavigate } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { needsYouAtom, needsYouPath, type NeedsYouItem, type NeedsYouPart } from '../../state/needs-you';
import { useMessages } from '../../i18n/language';
import { syncPanelMessages } from '../../../shared/sync-panel-messages';

/** What of a product waits, named in the language shown. */
const partName = (part: NeedsYouPart, sync: typeof messages.sync) => (part === 'general' ? sync.needsYouGeneral : sync.needsYouBol);

export function NeedsYouSection({ titles, onOpened }: { titles: ReadonlyMap<number, string>; onOpened: () => void }) {
  const sync = useMessages(messages).sync;
  const panel = useMessages(syncPanelMessages, 'syncPanel');
  const items = useAtomValue(needsYouAtom) ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-label={sync.needsYouTitle} className="needs-you" data-testid="needs-you">
      <Heading as="h3" size="3" color="amber" mb="1">
        {sync.needsYouTitle} ({items.length})
      </Heading>
      <Text as="p" size="2" color="gray" mb="2">
        {sync.needsYouHint}
      </Text>
      <ul className="sync-list">
        {items.map((item) => (
          <li key={item.productId} className="needs-you-item" data-testid="needs-you-item">
            <Flex justify="between" align="center" gap="3">
              <div className="needs-you-text">
                <Text as="p" size="2" weight="medium">
                  {item.title ?? titles.get(item.productId) ?? panel.product(item.productId)}
                </Text>
                <Text as="p" size="1" color="gray">
                  {sync.needsYouWhat(item.parts.map((part) => partName(part, sync)))}
                  {item.restSaved && ` · ${sync.needsYouRestSaved}`}
                </Text>
              </div>
              <OpenLink item={item} onOpened={onOpened} />
            </Flex>
          </li>
        ))}
      </ul>
    </section>
  );
}

function OpenLink({ item, onOpened }: { item: NeedsYouItem; onOpened: () => void }) {
  return useInRouterContext() ? <AppOpenLink item={item} onOpened={onOpened} /> : <PlainOpenLink item={item} />;
}

function AppOpenLink({ item, onOpened }: { item: NeedsYouItem; onOpened: () => void }) {
  const navigate = useNavigate();
  const sync = useMessages(messages).sync;
  const path = needsYouPath(item);
  return (
    <Button asChild color="amber" variant="soft" className="needs-you-open">
      <a
        href={path}
        onClick={(event) => {
          event.preventDefault();
          onOpened();
          void navigate(path);
        }}
      >
        {sync.needsYouOpen}
      </a>
    </Button>
  );
}

function PlainOpenLink({ item }: { item: NeedsYouItem }) {
  const sync = useMessages(messages).sync;
  return (
    <Button asChild color="amber" variant="soft" className="needs-you-open">
      <a href={needsYouPath(item)}>{sync.needsYouOpen}</a>
    </Button>
  );
}
