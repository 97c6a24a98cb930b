/**
 * The top bar: page title, the navigation, the sync status and the person icon. One component
 * for the app's layout and for the sign-in screen shown before the router is loaded
 * (docs/architecture.md, "First visit"); each passes its own kind of links.
 */
import { Flex, Heading } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { navMessages } from '../../../shared/nav-messages';
import { pathTitle } from '../../../shared/rules/path-title';
import { useMessages } from '../../i18n/language';
import { SyncIndicator } from '../sync';
import { NAV_ITEMS } from './nav-items';

export type NavItem = (typeof NAV_ITEMS)[number];

interface TopBarProps {
  pathname: string;
  /** Before the title: the drawer's toggle on narrow screens, when there is a drawer. */
  leading?: ReactNode;
  /** Each navigation link, with its words in the language shown. */
  renderNavLink: (item: NavItem, label: string) => ReactNode;
  account: ReactNode;
}

export function TopBar({ pathname, leading, renderNavLink, account }: TopBarProps) {
  const words = useMessages(navMessages, 'nav');
  const title = pathTitle(pathname);
  return (
    <header className="top-bar">
      <Flex align="center" gap="3" className="top-bar-inner">
        {leading}
        <Heading as="h1" size="4" className="page-title" data-testid="page-title">
          {words.titles[title] ?? title}
        </Heading>
        <nav aria-label={words.mainNavigation} className="top-nav">
          {NAV_ITEMS.map((item) => renderNavLink(item, words.items[item.key]))}
        </nav>
        <SyncIndicator />
        {account}
      </Flex>
    </header>
  );
}
