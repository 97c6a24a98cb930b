/**
 * The one confirmation dialog of the app: a title, a sentence, a grey "no" and a red "yes".
 * Controlled (`open` + `onOpenChange`) or opened by its `trigger`.
 */
import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import type { ReactElement } from 'react';

export interface ConfirmDialogProps {
  title: string;
  description: string;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog, when it is not controlled. */
  trigger?: ReactElement;
  maxWidth?: string;
}

export function ConfirmDialog({ title, description, cancelLabel, confirmLabel, onConfirm, open, onOpenChange, trigger, maxWidth = '440px' }: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialog.Trigger>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Content maxWidth={maxWidth}>
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{description}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              {cancelLabel}
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button color="red" onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
