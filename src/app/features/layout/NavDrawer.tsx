/** The navigation as a drawer for narrow screens (tablet portrait, phone). */
import { IconButton, Text } from '@radix-ui/themes';
import { Dialog } from 'radix-ui';
import { NavLink } from 'react-router-dom';
import { CloseIcon } from '../../ui/icons';
import { SyncStatusLine } from '../sync';
import { NAV_ITEMS } from './nav-items';

export default function NavDrawer({ open, onOpenChange, admin = false }: { open: boolean; onOpenChange: (open: boolean) => void; admin?: boolean }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {/* Rendered in place (no portal) so the drawer keeps the Radix Themes tokens of the app. */}
      {open && <div className="drawer-overlay" aria-hidden="true" onClick={() => onOpenChange(false)} />}
      <Dialog.Content className="drawer" aria-describedby={undefined}>
        <div className="drawer-header">
          <Dialog.Title asChild>
            <Text weight="bold">Back Office</Text>
          </Dialog.Title>
          <Dialog.Close asChild>
            <IconButton variant="ghost" color="gray" aria-label="Close navigation">
              <CloseIcon />
            </IconButton>
          </Dialog.Close>
        </div>
        <nav aria-label="Main (drawer)">
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.path} to={item.path} className="drawer-link" onClick={() => onOpenChange(false)}>
              {item.label}
            </NavLink>
          ))}
          {admin && (
            <NavLink to="/users" className="drawer-link" onClick={() => onOpenChange(false)}>
              Users
            </NavLink>
          )}
        </nav>
        <SyncStatusLine onOpen={() => onOpenChange(false)} />
      </Dialog.Content>
    </Dialog.Root>
  );
}
