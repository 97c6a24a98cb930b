/** Asks before unsaved edits are left behind: in-app navigation (useBlocker) and closing the tab. */
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { productEditMessages } from '../../../shared/product-edit-messages';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

export function LeavePrompt({ when }: { when: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && blocker.state === 'blocked' && blocker.reset()}
      title={productEditMessages.leaveTitle}
      description={productEditMessages.leaveText}
      cancelLabel="Stay"
      confirmLabel="Leave without saving"
      onConfirm={() => blocker.state === 'blocked' && blocker.proceed()}
    />
  );
}
