/**
 * The product list's action bars (docs/product-list.md, "Bulk actions"; docs/feeds.md): the bulk
 * actions on the selection and on the whole catalogue, the feed actions of the chosen supplier,
 * their progress, outcomes and questions. Beside messages.ts: only the list reads them. Dutch under
 * 'listActions.' in src/app/i18n/locales/nl.po (docs/languages.md).
 */
export const listActionsMessages = {
  bulk: {
    region: 'Bulk actions',
    selectionGroup: 'Actions on the selected products',
    catalogueGroup: 'Actions on the whole catalogue',
    wholeCatalogue: 'Whole catalogue',
    clearSelection: 'Clear selection',
    /** Each action: its button, the button while it runs, and what it does (title, screen readers). */
    actions: {
      'create-content': {
        label: 'Create content on bol',
        busyLabel: 'Creating...',
        description: 'Sends the selected products to bol as new marketplace content',
      },
      'upload-report': {
        label: 'Upload report',
        busyLabel: 'Fetching report...',
        description: "Fetches bol's report on the content uploaded for the selected products",
      },
      'import-from-bol': {
        label: 'Update info from bol',
        busyLabel: 'Updating...',
        description: 'Updates the catalogue with what bol knows about its products',
      },
      'reimport-offers': {
        label: 'Re-import offers',
        busyLabel: 'Importing offers...',
        description: 'Imports the offers from bol again',
      },
      'export-content-report': {
        label: 'Export content report',
        busyLabel: 'Exporting...',
        description: 'Downloads the product content report as a spreadsheet',
      },
    },
    offlineReason: 'Bol actions need a connection.',
    noSelectionReason: 'Select products for content creation and upload reports.',
    /** A selection action's button with the count it sends (written in the language's digits). */
    withCount: (label: string, count: string) => `${label} (${count})`,
    /** `count` already written in the language's digits; `n` the number, for the plural. */
    products: (count: string, n: number) => `${count} product${n === 1 ? '' : 's'}`,
    started: {
      createContent: (products: string) => `Creating content on bol for ${products}…`,
      uploadReport: (products: string) => `Fetching the upload report of ${products}…`,
      importFromBol: 'Updating the catalogue from bol…',
      reimportOffers: 'Importing the offers from bol…',
      exportContentReport: 'Preparing the product content report…',
    },
    /** The outcome when the server gave neither a message nor a status. */
    done: 'done',
    /** A count of a job's report, "created 3" (`count` in the language's digits). */
    count: (name: string, count: string) => `${name} ${count}`,
    /** The counts of bol's job reports by their field names (docs/jobs.md); another field is named from its own name. */
    countNames: {
      total: 'total',
      done: 'done',
      failed: 'failed',
      items: 'items',
      accepted: 'accepted',
      stillPending: 'still pending',
      sent: 'sent',
      pages: 'pages',
      created: 'created',
      updated: 'updated',
      unchanged: 'unchanged',
      uploadReportsRead: 'upload reports read',
      published: 'published',
      notPublished: 'not published',
      unknownToBol: 'unknown to bol',
      offers: 'offers',
      productsMatched: 'products matched',
      unmatchedOffers: 'unmatched offers',
      offersRemoved: 'offers removed',
      offersImported: 'offers imported',
      errors: 'errors',
      products: 'products',
    } as Record<string, string | undefined>,
    /** A report's status, already in words (outcomeStatusWords): "Done by bol". */
    status: (status: string) => status,
    notAvailable: (label: string) => `${label} is not available on this server yet.`,
    alreadyRunning: (label: string) => `${label} is already running.`,
    noAnswer: (label: string, reason: string) => `${label}: no answer from the server (${reason}). It may still be running.`,
    noConnection: 'no connection',
    answered: (status: number) => `the server answered ${status}`,
    downloaded: (label: string, fileName: string) => `${label}: downloaded ${fileName}.`,
    partlyDone: (label: string, refused: string) => `${label}: partly done. ${refused} refused; the reasons are listed below the actions.`,
    /** The toast after content was sent: says 'successful' (a success toast, src/app/ui/notify.ts). */
    contentSent: (count: string, n: number) => `Content for ${count} product${n === 1 ? '' : 's'} successfully sent to bol.`,
    refusedBy: (action: string) => `Products refused by ${action}`,
  },
  feed: {
    region: 'Feed actions',
    runImport: 'Run feed import',
    importing: 'Importing...',
    reexport: 'Re-export images',
    storing: 'Storing images...',
    history: 'Parsing history',
    hideHistory: 'Hide parsing history',
    keepCatalogue: 'Keep the catalogue as it is',
    storingImagesOf: (scope: string) => `Storing the images of ${scope}…`,
    importOf: (supplier: string) => `Import of ${supplier}`,
    theFeed: 'the feed',
    rowsRefused: 'Rows refused',
    andMoreInHistory: (count: number) => `and ${count} more (see the parsing history)`,
    columns: { started: 'Started', supplier: 'Supplier', operation: 'Operation', outcome: 'Outcome', details: 'Details' },
    hideRefused: 'Hide refused lines',
    refusedLines: (count: string) => `Refused lines (${count})`,
    refusedIn: (operation: string, supplier: string) => `Rows refused in the ${operation.toLowerCase()} of ${supplier}`,
    andMoreKept: (more: number, kept: number) => `and ${more} more (the first ${kept} are kept)`,
    noImports: 'No imports yet.',
    needConnection: 'Feed import and image re-export need a connection.',
    chooseSupplier: 'Choose a supplier first.',
    running: (supplier: string) => `An import or image re-export of ${supplier} is running.`,
    everySupplier: 'every supplier',
    feedOf: (supplier: string) => `Feed of ${supplier}`,
    feedsOfEverySupplier: 'Feeds of every supplier',
    /** A parsing history entry's outcome. */
    outcomes: { running: 'Running', success: 'Done', partial: 'Done, some rows refused', failed: 'Failed' },
    /** The question before every supplier's feed is imported (`count` suppliers). */
    confirmTitle: (count: number) => (count === 1 ? 'Import the feed of 1 supplier?' : `Import the feeds of all ${count} suppliers?`),
    confirmText:
      'Each feed is read now and its products are added or updated in the catalogue (values people changed are held back). It runs in the background and can take several minutes; the list shows its progress.',
    confirmButton: (count: number) => (count === 1 ? 'Import 1 feed' : `Import ${count} feeds`),
  },
};
export type ListActionsWords = typeof listActionsMessages;
