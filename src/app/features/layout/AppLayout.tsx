/**
 * Top bar with the navigation (a drawer on small screens), the path title, the sync status and
 * the person icon.
 */
import { Box, Flex, Heading, IconButton } from '@radix-ui/themes';
import { Suspense, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { pathTitle } from '../../../shared/rules/path-title';
import { MenuIcon, PersonIcon } from '../../ui/icons';
import { SyncIndicator, SyncPanelHost } from '../sync';
import { LoadFailureBoundary } from '../../ui/LoadFailureBoundary';
import { NavDrawer } from './NavDrawer';
import { NAV_ITEMS } from './nav-items';

export function AppLayout() {
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <div className="app-shell">
      <header className="top-bar">
        <Flex align="center" gap="3" className="top-bar-inner">
          <IconButton
            className="drawer-toggle"
            variant="ghost"
            color="gray"
            aria-label="Open navigation"
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon size={20} />
          </IconButton>
          <Heading as="h1" size="4" className="page-title" data-testid="page-title">
            {pathTitle(pathname)}
          </Heading>
          <nav aria-label="Main" className="top-nav">
            {NAV_ITEMS.map((item) => (
              <NavLink key={item.path} to={item.path} className="top-nav-link">
                {item.label}
              </NavLink>
            ))}
          </nav>
          <SyncIndicator />
          <IconButton asChild variant="ghost" color="gray" aria-label="Account">
            <Link to="/login">
              <PersonIcon size={20} />
            </Link>
          </IconButton>
        </Flex>
      </header>
      <NavDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
      <SyncPanelHost />
      <Box asChild className="page">
        <main>
          <LoadFailureBoundary resetKey={pathname}>
            <Suspense fallback={<p className="loading">{messages.loading}</p>}>
              <Outlet />
            </Suspense>
          </LoadFailureBoundary>
        </main>
      </Box>
    </div>
  );
}
