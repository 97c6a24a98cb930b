/** The History tab's words in the language shown (history-rules.ts, docs/languages.md). */
import { HISTORY_HOW_LABELS } from '../../../shared/contract';
import { historyMessages, messages } from '../../../shared/messages';
import { productFormMessages } from '../../../shared/product-form-messages';
import { productHistoryMessages } from '../../../shared/product-history-messages';
import { useMessages } from '../../i18n/language';
import { useFieldValueWords } from '../../i18n/value-words';
import type { HistoryWords } from './history-rules';

export function useHistoryWords(): HistoryWords {
  return {
    tab: useMessages(productHistoryMessages, 'productHistory'),
    lines: useMessages(historyMessages, 'history'),
    how: useMessages(HISTORY_HOW_LABELS, 'historyHow'),
    fields: useMessages(productFormMessages, 'productForm').fields,
    values: useFieldValueWords(),
    images: useMessages(messages.imageChanges, 'imageChanges'),
  };
}
