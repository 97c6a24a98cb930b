/**
 * The question before a conflict choice replaces what the person is still typing in that field
 * (docs/product-edit.md "Conflicts"): names each field, what was typed and what replaces it.
 */
import { productEditMessages } from '../../shared/product-edit-messages';
import { ConfirmDialog } from './ConfirmDialog';

/** A field whose typing a choice replaces (the edit controller's TypedOver). */
export interface ReplacedTyping {
  label: string;
  typed: string;
  chosen: string;
}

export function ReplaceTypedDialog({ replaced, onConfirm, onDismiss }: { replaced: readonly ReplacedTyping[] | null; onConfirm: () => void; onDismiss: () => void }) {
  return (
    <ConfirmDialog
      open={replaced !== null}
      onOpenChange={(open) => {
        if (!open) onDismiss();
      }}
      title={productEditMessages.replaceTypedTitle}
      description={replaced ? productEditMessages.replaceTyped(replaced) : ''}
      cancelLabel="Cancel"
      confirmLabel={productEditMessages.replaceTypedConfirm}
      onConfirm={onConfirm}
    />
  );
}
