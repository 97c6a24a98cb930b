/**
 * The sync status panel's own words (docs/offline.md, "Sync status"): its heading and buttons, the
 * groups of waiting changes, each change's kind and attempt line, and "Make available offline".
 * Loaded with the panel's lazy chunk; the status line's words are in sync-status-messages.ts.
 * Dutch under 'syncPanel.' in src/app/i18n/locales/nl.po (docs/languages.md).
 */
export const syncPanelMessages = {
  title: 'Sync status',
  syncNow: 'Sync now',
  close: 'Close',
  signInAgain: 'Sign in again',
  summaryWaiting: (count: number) => (count === 0 ? 'nothing waiting' : `${count} waiting`),
  groups: {
    conflict: 'Conflicts: someone else changed these',
    failed: 'Refused by the server',
    pending: 'Waiting to be sent',
  },
  made: (when: string) => `Made ${when}, not sent yet`,
  lastAttempt: (when: string, attempts: number) => `Last attempt ${when} · ${attempts === 1 ? '1 attempt' : `${attempts} attempts`}`,
  otherAuthor: (author: string) => ` · by ${author}, sent when they sign in`,
  product: (productId: number) => `Product ${productId}`,
  /** A product without a known title, inside a sentence (the conflict toast). */
  productInSentence: (productId: number) => `product ${productId}`,
  productTitled: (productId: number, title: string) => `Product ${productId} · ${title}`,
  retry: 'Retry',
  discard: 'Discard',
  cancel: 'Cancel',
  keepMine: 'Keep mine',
  takeTheirs: 'Take theirs',
  server: 'Server',
  newerOnServer: 'The server has a newer version of this record.',
  /** A toast when an action of the panel failed: the action's name and the error. */
  failed: (action: string, error: string) => `${action} failed: ${error}`,
  actions: { sync: 'Sync', settle: 'Settling the conflict', download: 'Download', update: 'Update' },
  /** What kind of change, by the outbox's write kind (src/app/sync/kinds). */
  kinds: {
    product: 'Product changes',
    bolModel: 'Bol model changes',
    imageUpload: 'Image upload',
    imageDelete: 'Image removal',
    keepMyValue: 'Keep my value',
    takeSupplierImages: "Take the supplier's images",
    sendAnyway: 'Send anyway to bol',
  },
  /** The sync engine's line under a change it could not send (src/app/sync/drainer.ts). */
  engine: {
    answered: (status: number) => `The server answered ${status}; trying again later`,
    signInAgain: 'Sign in again to send this change',
    changedMeanwhile: 'Someone else changed this in the meantime',
    refused: (status: number) => `The server refused it (${status})`,
    noConnection: (reason: string) => `No connection: ${reason}`,
    noAnswerWithin: (seconds: number) => `No answer within ${seconds} s`,
    batchAnswerOther: 'The server answered the batch with something else',
  },
  /** A waiting change's detail line, written by its write kind (src/app/sync/kinds, `detail`). */
  details: {
    imagesAdded: (count: number) => (count === 1 ? '1 image added' : `${count} images added`),
    imagesRemoved: (count: number) => (count === 1 ? '1 image removed' : `${count} images removed`),
    images: 'Images',
    bolImages: 'Bol images',
    supplierValueHidden: (field: string) => `${field}: the supplier's value is no longer shown`,
    supplierImages: (count: number) => `Images: the supplier's ${count === 1 ? '1 image' : `${count} images`}`,
    image: (imageId: string) => `Image ${imageId}`,
    offerGoesToBol: 'the held-back offer change goes to bol',
  },
  /** "Make available offline". */
  offline: {
    heading: 'Make available offline',
    intro: 'Downloads products to this device so they can be found and edited without a connection. Later visits fetch only what changed.',
    whatToDownload: 'What to download',
    wholeCatalogue: 'Whole catalogue',
    updateNow: 'Update now',
    download: 'Download',
    updateAll: 'Update all',
    progress: 'Download progress',
  },
};
export type SyncPanelWords = typeof syncPanelMessages;
