/** The navigation as a drawer for narrow screens (tablet portrait, phone). */
import { IconButton, Text } from '@radix-ui/themes';
import { Dialog } from 'radix-ui';
import { NavLink } from 'react-router-dom';
import { CloseIcon } from '../../ui/icons';
import { SyncStatusLine } from '../sync';
import { NAV_ITEMS } from './nav-items';
import { navMessages } from '../../../shared/nav-messages';
import { useMessages } from '../../i18n/language';

export default function NavDrawer({ open, onOpenChange, admin = false }: { open: boolean; onOpenChange: (open: boolean) => void; admin?: boolean }) {
  const words = useMessages(navMessages, 'nav');
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {/* Rendered in place (no portal) so the drawer keeps the Radix Themes tokens of the app. */}
      {open && <div className="drawer-overlay" aria-hidden="true" onClick={() => onOpenChange(false)} />}
      <Dialog.Content className="drawer" aria-describedby={undefined}>
        <div className="drawer-header">
          <Dialog.Title asChild>
            <Text weight="bold">{words.drawerTitle}</Text>
          </Dialog.Title>
          <Dialog.Close asChild>
            <IconButton variant="ghost" color="gray" aria-label={words.closeNavigation}>
              <CloseIcon />
            </IconButton>
          </Dialog.Close>
        </div>
        <nav aria-label={words.drawerNavigation}>
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.path} to={item.path} className="drawer-link" onClick={() => onOpenChange(false)}>
              {words.items[item.key]}
            </NavLink>
          ))}
          {admin && (
            <NavLink to="/users" className="drawer-link" onClick={() => onOpenChange(false)}>
              {words.items.users}
            </NavLink>
          )}
        </nav>
        <SyncStatusLine onOpen={() => onOpenChange(false)} />
      </Dialog.Content>
    </Dialog.Root>
  );
}
