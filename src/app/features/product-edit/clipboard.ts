/**
 * Copy buttons (docs/requirements.md §8): the Clipboard API first; where it is refused (plain http on a
 * warehouse LAN is not a secure context) a hidden text area and execCommand('copy').
 */
import { productEditMessages } from '../../../shared/product-edit-messages';

export interface ClipboardDeps {
  writeText: ((text: string) => Promise<void>) | null;
  fallbackCopy: (text: string) => boolean;
}

/** The toast text for copying `value`: 'Copied to clipboard: {value}' or why it failed, in `words` (the language shown; docs/languages.md). */
export async function copyToClipboard(
  value: string,
  deps: ClipboardDeps,
  words: Pick<typeof productEditMessages, 'copied' | 'fallbackCopyRefused' | 'copyFailed' | 'fallbackCopyFailed'> = productEditMessages,
): Promise<{ ok: boolean; message: string }> {
  if (deps.writeText) {
    try {
      await deps.writeText(value);
      return { ok: true, message: words.copied(value) };
    } catch {
      // Refused (permissions, not focused): try the old way below.
    }
  }
  try {
    return deps.fallbackCopy(value)
      ? { ok: true, message: words.copied(value) }
      : { ok: false, message: words.fallbackCopyRefused };
  } catch {
    return { ok: false, message: deps.writeText ? words.copyFailed : words.fallbackCopyFailed };
  }
}

export const browserClipboard: ClipboardDeps = {
  writeText: typeof navigator !== 'undefined' && navigator.clipboard && window.isSecureContext ? (text) => navigator.clipboard.writeText(text) : null,
  fallbackCopy(text) {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      // Deprecated but the only way left without the Clipboard API.
      return document.execCommand('copy');
    } finally {
      area.remove();
    }
  },
};
