/** Asks before unsaved edits are left behind: in-app navigation (useBlocker) and closing the tab. */
import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { messages } from '../../../shared/messages';

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
    <AlertDialog.Root open={blocker.state === 'blocked'} onOpenChange={(open) => !open && blocker.state === 'blocked' && blocker.reset()}>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>{messages.productEdit.leaveTitle}</AlertDialog.Title>
        <AlertDialog.Description size="2">{messages.productEdit.leaveText}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              Stay
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button color="red" onClick={() => blocker.state === 'blocked' && blocker.proceed()}>
              Leave without saving
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
