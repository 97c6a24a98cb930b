/**
 * The question before a conflict choice replaces what the person is still typing in that field
 * (docs/product-edit.md "Conflicts"): names each field, what was typed and what replaces it.
 */
import { messages } from '../../shared/messages';
import type { TypedOver } from '../edit/conflict-choice-rules';
import { ConfirmDialog } from './ConfirmDialog';

export function ReplaceTypedDialog({ replaced, onConfirm, onDismiss }: { replaced: readonly TypedOver[] | null; onConfirm: () => void; onDismiss: () => void }) {
  return (
    <ConfirmDialog
      open={replaced !== null}
      onOpenChange={(open) => {
        if (!open) onDismiss();
      }}
      title={messages.productEdit.replaceTypedTitle}
      description={replaced ? messages.productEdit.replaceTyped(replaced) : ''}
      cancelLabel="Cancel"
      confirmLabel={messages.productEdit.replaceTypedConfirm}
      onConfirm={onConfirm}
    />
  );
}
