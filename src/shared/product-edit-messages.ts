/**
 * The product page's sentences (docs/product-edit.md), beside messages.ts: only the product page
 * and the Bol Model tab (their forms, conflicts and held values) read them, so they stay out of the
 * first visit's JavaScript (docs/architecture.md, "First visit").
 */
export const productEditMessages = {
  productIdUndefined: 'Product ID is undefined',
  loadFailed: (message: string) => `Error: ${message}`,
  fieldRequired: 'This field is required.',
  fillRequired: 'Please fill all required fields.',
  saved: 'Product successfully updated!',
  saveFailed: 'Failed to save product.',
  copied: (value: string) => `Copied to clipboard: ${value}`,
  copyFailed: 'Failed to copy to clipboard',
  /** The fallback copy (a hidden text area and execCommand) when the Clipboard API is refused. */
  fallbackCopyFailed: 'Fallback: Oops, unable to copy',
  fallbackCopyRefused: 'Fallback: the browser refused to copy',
  /** Not in the spec: a save made offline, or while the server cannot be reached. */
  savedOnDevice: 'Saved on this device. It is sent to the server when the connection returns.',
  /** Not in the spec: the server holds a newer version than the one edited. */
  conflict: 'Someone else changed this product meanwhile. Choose which version to keep.',
  /** Not in the spec: the choices of a field-level conflict. */
  keepMine: 'Keep mine',
  takeTheirs: 'Take theirs',
  keepAllMine: 'Keep all mine',
  takeAllTheirs: 'Take all theirs',
  theirsBy: (who: string | null, when: string | null) => `Theirs${who ? `, changed by ${who}` : ''}${when ? ` at ${when}` : ''}`,
  /** Theirs of an image the other person deleted. */
  theirsDeletedBy: (who: string | null, when: string | null) => `Deleted${who ? ` by ${who}` : ''}${when ? ` at ${when}` : ''}`,
  /** Not in the spec: the question before a conflict choice replaces what the person is still typing in that field. */
  replaceTypedTitle: 'Replace what you typed?',
  replacedField: (label: string, typed: string, chosen: string) => `${label}: what you typed, “${typed}”, is replaced by “${chosen}”.`,
  otherTypingStays: 'Your other typing stays.',
  /** Built from replacedField and otherTypingStays (replaceTypedText; the catalogs translate those two, docs/languages.md). */
  replaceTyped: (replaced: readonly ReplacedField[]) => replaceTypedText(replaced),
  replaceTypedConfirm: 'Replace',
  /** Not in the spec: the question before unsaved edits are left behind. */
  leaveTitle: 'Leave without saving?',
  leaveText: 'Your changes to this product have not been saved. They are lost if you leave.',
  inheritNeedsConnection: 'Inheriting needs a connection to the server.',
  /** A supplier feed value held back because a person changed the field (docs/feeds.md, "Held-back values"). */
  supplierSays: (value: string) => `The supplier now says: ${value}`,
  takeSupplier: "Take the supplier's",
  supplierTaken: "The supplier's value is in the form. Press Apply to save it.",
  keptMine: "Your value stays. The supplier's value is no longer shown.",
  supplierCategoryTaken: "The supplier's category is saved. It is sent to the server when the connection allows.",
  supplierImages: "The supplier's images",
  takeSupplierFailed: (reason: string) => `The supplier's value could not be taken: ${reason}`,
  keepMineFailed: (reason: string) => `Your value could not be kept: ${reason}`,
  emptyValue: '(empty)',
  /** Not in the spec: a colleague's saved change arrived in the open form (docs/product-edit.md "Open forms stay fresh"). */
  freshUpdated: (by: readonly string[], fields: readonly string[]) =>
    `Updated by ${by.length > 0 ? by.join(', ') : 'someone else'} just now${fields.length > 0 ? `: ${fields.join(', ')}` : ''}`,
  /** The conflict note of a field someone else changed while it was being edited here. */
  freshConflict: (by: readonly string[]) => `${by.length > 0 ? by.join(', ') : 'Someone else'} saved a different value meanwhile:`,
  freshConflictHint: 'Your typing is kept until you choose.',
  freshBoth: (fields: readonly string[]) => `You changed ${fields.join(', ')} too: choose on the field which value to keep.`,
  dismiss: 'Dismiss',
  /** The conflict table's heads and a field's conflict note (src/app/ui/ConflictTable.tsx). */
  conflictTable: {
    field: 'Field',
    mine: 'Mine',
    theirs: 'Theirs',
    choice: 'Choice',
    mineLabel: 'Mine:',
    theirsLabel: 'Theirs:',
  },
};

interface ReplacedField {
  label: string;
  typed: string;
  chosen: string;
}

/** The question's text, in `words` (the language shown): each field, then that the other typing stays. */
export function replaceTypedText(replaced: readonly ReplacedField[], words: Pick<typeof productEditMessages, 'replacedField' | 'otherTypingStays'> = productEditMessages): string {
  return [...replaced.map((field) => words.replacedField(field.label, field.typed, field.chosen)), words.otherTypingStays].join(' ');
}
