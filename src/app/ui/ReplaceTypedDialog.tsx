/**
 * The question before a conflict choice replaces what the person is still typing in that field
 * (docs/product-edit.md "Conflicts"): names each field, what was typed and what replaces it.
 */
import { productEditMessages, replaceTypedText } from '../../shared/product-edit-messages';
import { productFormMessages } from '../../shared/product-form-messages';
import { useMessages } from '../i18n/language';
import { ConfirmDialog } from './ConfirmDialog';

/** A field whose typing a choice replaces (the edit controller's TypedOver). */
export interface ReplacedTyping {
  label: string;
  typed: string;
  chosen: string;
}

export function ReplaceTypedDialog({ replaced, onConfirm, onDismiss }: { replaced: readonly ReplacedTyping[] | null; onConfirm: () => void; onDismiss: () => void }) {
  const words = useMessages(productEditMessages, 'productEdit');
  const { cancel } = useMessages(productFormMessages, 'productForm');
  return (
    <ConfirmDialog
      open={replaced !== null}
      onOpenChange={(open) => {
        if (!open) onDismiss();
      }}
      title={words.replaceTypedTitle}
      description={replaced ? replaceTypedText(replaced, words) : ''}
      cancelLabel={cancel}
      confirmLabel={words.replaceTypedConfirm}
      onConfirm={onConfirm}
    />
  );
}
