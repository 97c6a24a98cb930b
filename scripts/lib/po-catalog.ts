/**
 * The app's translation catalogs (docs/languages.md): a gettext PO file whose msgid is the
 * message id ('login.userNameRequired') and whose msgstr is the ICU message in that language.
 * Read here, and compiled for Lingui's runtime when the app is built (po-catalog-plugin.ts).
 */
import { readFileSync } from 'node:fs';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import PO from 'pofile';

/** The catalog's messages by id (the header and untranslated entries left out). */
export function readPoCatalog(file: string): Record<string, string> {
  const catalog: Record<string, string> = {};
  for (const item of PO.parse(readFileSync(file, 'utf8')).items) {
    const text = item.msgstr[0] ?? '';
    if (item.msgid && text) catalog[item.msgid] = text;
  }
  return catalog;
}

/** The catalog compiled as Lingui's runtime reads it; a message that is not valid ICU stops the build with its id. */
export function compilePoCatalog(file: string): Record<string, CompiledMessage> {
  const compiled: Record<string, CompiledMessage> = {};
  for (const [id, text] of Object.entries(readPoCatalog(file))) {
    try {
      compiled[id] = compileMessageOrThrow(text);
    } catch (error) {
      throw new Error(`${file}: message '${id}' is not a valid ICU message: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return compiled;
}
