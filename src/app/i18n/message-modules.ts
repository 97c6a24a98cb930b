/**
 * Every English message module the screens read through useMessages / messagesNow, with the
 * prefix of its ids in the catalogs (docs/languages.md, "How to add a string"). The catalog test
 * (tests/unit/language-catalogs.test.ts) holds each language's catalog to exactly these ids. The
 * app never imports this list: each screen imports its own module.
 */
import { BOL_STATE_LABELS, historyMessages, messages, VALUE_WORDS } from '../../shared/messages';
import { navMessages } from '../../shared/nav-messages';
import { noServerMessages } from '../../shared/no-server-messages';
import { productEditMessages } from '../../shared/product-edit-messages';
import { productFormMessages } from '../../shared/product-form-messages';
import { productListMessages } from '../../shared/product-list-messages';
// The list's surroundings and the status surfaces.
import { eanUploadPageMessages } from '../../shared/ean-upload-page-messages';
import { jobProgressMessages } from '../../shared/job-progress-messages';
import { listActionsMessages } from '../../shared/list-actions-messages';
import { offlineDataMessages } from '../../shared/offline-data-messages';
import { ordersPageMessages } from '../../shared/orders-page-messages';
import { productFilterMessages } from '../../shared/product-filter-messages';
import { STATUS_WORDS } from '../../shared/status-words';
import { syncPanelMessages } from '../../shared/sync-panel-messages';
import { syncStatusMessages } from '../../shared/sync-status-messages';
// The seller's back-office screens: Parser, Logs, Report, Export, Users, Offer settings.
import { PLATFORM_NAMES } from '../../shared/feed-platforms';
import { FEED_FIELD_LABELS } from '../../shared/feed-mapping';
import { feedReadingMessages } from '../../shared/feed-reading-messages';
import { SKIP_WHEN_LABELS } from '../../shared/feed-row-filter';
import { feedVariantMessages } from '../../shared/feed-variant-messages';
import { feedValueMessages } from '../../shared/messages';
import { parserMessages } from '../../shared/parser-messages';
import { logsMessages } from '../../shared/logs-messages';
import { reportMessages } from '../../shared/report-messages';
import { bolOfferMessages } from '../../shared/bol-offer-messages';
import { usersMessages } from '../../shared/users-messages';
import { exportMessages } from '../../shared/export-messages';
// The product page's remaining parts: the General tab's notes, the Bol Model tab, the History tab.
import { bolModelMessages } from '../../shared/bol-model-messages';
import { HISTORY_HOW_LABELS } from '../../shared/contract';
import { heldImagesMessages } from '../../shared/held-images-messages';
import { productHistoryMessages } from '../../shared/product-history-messages';
import { descriptionEditorMessages } from '../../shared/description-editor-messages';
import { serverMessages } from '../../shared/server-messages';
import { accountMessages } from '../../shared/accounts';
import { filterRefusalMessages } from '../../shared/filter-refusal-messages';
import { eanMessages } from '../../shared/rules/ean';

export const MESSAGE_MODULES: readonly { prefix: string; english: object }[] = [
  { prefix: '', english: messages },
  { prefix: 'bolState', english: BOL_STATE_LABELS },
  { prefix: 'valueWords', english: VALUE_WORDS },
  { prefix: 'history', english: historyMessages },
  { prefix: 'nav', english: navMessages },
  { prefix: 'noServer', english: noServerMessages },
  { prefix: 'productList', english: productListMessages },
  { prefix: 'productForm', english: productFormMessages },
  { prefix: 'productEdit', english: productEditMessages },
  // The list's surroundings and the status surfaces.
  { prefix: 'statusWords', english: STATUS_WORDS },
  { prefix: 'productFilter', english: productFilterMessages },
  { prefix: 'offlineData', english: offlineDataMessages },
  { prefix: 'listActions', english: listActionsMessages },
  { prefix: 'jobProgress', english: jobProgressMessages },
  { prefix: 'syncStatus', english: syncStatusMessages },
  { prefix: 'syncPanel', english: syncPanelMessages },
  { prefix: 'ordersPage', english: ordersPageMessages },
  { prefix: 'eanUploadPage', english: eanUploadPageMessages },
  // The seller's back-office screens.
  { prefix: 'parser', english: parserMessages },
  { prefix: 'feedReading', english: feedReadingMessages },
  { prefix: 'feedVariant', english: feedVariantMessages },
  { prefix: 'feedValue', english: feedValueMessages },
  { prefix: 'feedField', english: FEED_FIELD_LABELS },
  { prefix: 'feedPlatform', english: PLATFORM_NAMES },
  { prefix: 'skipWhen', english: SKIP_WHEN_LABELS },
  { prefix: 'logs', english: logsMessages },
  { prefix: 'report', english: reportMessages },
  { prefix: 'bolOffer', english: bolOfferMessages },
  { prefix: 'users', english: usersMessages },
  { prefix: 'export', english: exportMessages },
  // The product page's remaining parts.
  { prefix: 'bolModel', english: bolModelMessages },
  { prefix: 'heldImages', english: heldImagesMessages },
  { prefix: 'productHistory', english: productHistoryMessages },
  { prefix: 'historyHow', english: HISTORY_HOW_LABELS },
  { prefix: 'descriptionEditor', english: descriptionEditorMessages },
  { prefix: 'server', english: serverMessages },
  { prefix: 'account', english: accountMessages },
  { prefix: 'ean', english: eanMessages },
  { prefix: 'filterRefusal', english: filterRefusalMessages },
];

/** Sentences built from other ids (the catalogs translate those, and the screens build them from the translated parts). */
export const COMPOSED_IDS: ReadonlySet<string> = new Set(['productEdit.replaceTyped']);

export type MessageLeaf = { id: string; english: string } | { id: string; english: (...args: never[]) => string };

/** The ids and English of every string and sentence function of a module (its nested objects walked). */
export function messageLeaves(english: object, prefix: string): MessageLeaf[] {
  const leaves: MessageLeaf[] = [];
  for (const [key, value] of Object.entries(english) as [string, unknown][]) {
    const id = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') leaves.push({ id, english: value });
    else if (typeof value === 'function') leaves.push({ id, english: value as (...args: never[]) => string });
    else if (value !== null && typeof value === 'object' && !Array.isArray(value)) leaves.push(...messageLeaves(value, id));
  }
  return leaves;
}
