/**
 * The signed-in app's frame: the top bar (a drawer for the navigation on small screens), the
 * sync panel and the page.
 */
import { Box, Button, IconButton } from '@radix-ui/themes';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { navMessages } from '../../../shared/nav-messages';
import { useMessages } from '../../i18n/language';
import { LanguageChoice } from './LanguageChoice';
import { MenuIcon, PersonIcon } from '../../ui/icons';
import { NeedsYouToasts, SyncPanelHost } from '../sync';
import { LoadFailureBoundary } from '../../ui/LoadFailureBoundary';
import { TopBar } from './TopBar';
import { useAtomValue } from 'jotai';
import { sessionRoleAtom } from '../../state/session';
import { InstallButton } from '../../ui/InstallButton';

// The drawer (a Radix dialog with its focus trap) is loaded the first time it opens.
const NavDrawer = lazy(() => import('./NavDrawer'));

export function AppLayout() {
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  // Admins reach the accounts from the navigation (the server decides what they may do there).
  const admin = useAtomValue(sessionRoleAtom) === 'admin';
  const words = useMessages(navMessages, 'nav');
  const { loading } = useMessages(messages);

  return (
    <div className="app-shell">
      <TopBar
        pathname={pathname}
        leading={
          <IconButton
            className="drawer-toggle"
            variant="ghost"
            color="gray"
            aria-label={words.openNavigation}
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen(true);
            }}
          >
            <MenuIcon size={20} />
          </IconButton>
        }
        renderNavLink={(item, label) => (
          <NavLink key={item.path} to={item.path} className="top-nav-link">
            {label}
          </NavLink>
        )}
        account={
          <>
            {/* Beside the account: the admin's accounts screen (the drawer lists it too). */}
            {admin && (
              <Button asChild variant="ghost" color="gray">
                <NavLink to="/users">{words.items.users}</NavLink>
              </Button>
            )}
            <InstallButton />
            <LanguageChoice />
            <IconButton asChild variant="ghost" color="gray" aria-label={words.account}>
              <Link to="/login">
                <PersonIcon size={20} />
              </Link>
            </IconButton>
          </>
        }
      />
      {drawerUsed && (
        <LoadFailureBoundary>
          <Suspense fallback={null}>
            <NavDrawer open={drawerOpen} onOpenChange={setDrawerOpen} admin={admin} />
          </Suspense>
        </LoadFailureBoundary>
      )}
      <SyncPanelHost />
      <Suspense fallback={null}>
        <NeedsYouToasts />
      </Suspense>
      <Box asChild className="page">
        <main>
          <LoadFailureBoundary resetKey={pathname}>
            <Suspense fallback={<p className="loading">{loading}</p>}>
              <Outlet />
            </Suspense>
          </LoadFailureBoundary>
        </main>
      </Box>
    </div>
  );
}
