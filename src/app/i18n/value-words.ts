/**
 * The words values are written in (src/app/lib/field-value-text.ts), in the language shown
 * (docs/languages.md): the value words, and bol's content statuses from the status words.
 */
import type { ImageChangeWords } from '../../shared/image-history';
import { messages, VALUE_WORDS } from '../../shared/messages';
import { CONTENT_STATUS_WORDS } from '../../shared/status-words';
import type { FieldValueWords } from '../lib/field-value-text';
import { messagesNow, useMessages } from './language';

const CONTENT_PREFIX = 'statusWords.content';

/** The words in the language shown; re-renders when it changes. */
export function useFieldValueWords(): FieldValueWords {
  return { value: useMessages(VALUE_WORDS, 'valueWords'), content: useMessages(CONTENT_STATUS_WORDS, CONTENT_PREFIX) };
}

/** The same outside React (a toast's words), in the language shown now. */
export function fieldValueWordsNow(): FieldValueWords {
  return { value: messagesNow(VALUE_WORDS, 'valueWords'), content: messagesNow(CONTENT_STATUS_WORDS, CONTENT_PREFIX) };
}

/** The words of a conflict's values (src/app/sync/record-diff.ts) in the language shown. */
export function useConflictWords(): { values: FieldValueWords; images: ImageChangeWords } {
  return { values: useFieldValueWords(), images: useMessages(messages.imageChanges, 'imageChanges') };
}
