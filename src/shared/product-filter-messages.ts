/**
 * The product list's surroundings (docs/product-list.md): the filter bar and its one-line summary,
 * the search and scan box, the camera scan dialog and the list's own notes, beside messages.ts:
 * only the list (and the camera dialog of the EAN field) reads them. Dutch under 'productFilter.'
 * in src/app/i18n/locales/nl.po (docs/languages.md).
 */
export const productFilterMessages = {
  region: 'Filters',
  toggle: 'Filters:',
  noneSet: 'None set',
  supplier: 'Supplier',
  /** The supplier choice meaning every supplier (the reference list's 'All'). */
  allSuppliers: 'All',
  sort: 'Sort',
  category: 'Category',
  everyCategory: 'Every category',
  any: 'Any',
  moreFilters: 'More filters',
  resetAll: 'Reset all filters',
  bolState: 'Bol state',
  /** The yes/no filters: each one's label and how its two values read. */
  yesNo: {
    passedModeration: { label: 'Moderation', yes: 'Passed', no: 'Not passed' },
    stock: { label: 'Stock', yes: 'In stock', no: 'Out of stock' },
    isExportOnBol: { label: 'Export to bol', yes: 'Exported', no: 'Not exported' },
    description: { label: 'Description', yes: 'Has one', no: 'Has none' },
    isMainProduct: { label: 'Main product', yes: 'Main', no: 'Not main' },
    buyBlock: { label: 'Buy block', yes: 'Blocked', no: 'Not blocked' },
    isChangeEan: { label: 'EAN replaced', yes: 'Replaced', no: 'Original' },
    hasOffer: { label: 'Offer on bol', yes: 'Has an offer', no: 'No offer' },
  },
  /** The labels of the text filters (typed values). */
  text: {
    priceFrom: 'Price from',
    priceTo: 'Price to',
    brand: 'Brand',
    familyKey: 'Family key',
    numberOfImages: 'Number of images',
    dateFrom: 'Updated from',
    dateTo: 'Updated to',
  },
  /** The sorts, by the server's sort key (SORT_OPTIONS, product-list-view.ts). */
  sorts: {
    'dateUpdate,desc': 'Last update, newest first',
    'dateUpdate,asc': 'Last update, oldest first',
    'dateCreate,desc': 'Created, newest first',
    'title,asc': 'Title, A to Z',
    'title,desc': 'Title, Z to A',
    'sellingPrice,asc': 'Price, lowest first',
    'sellingPrice,desc': 'Price, highest first',
    'stock,asc': 'Stock, lowest first',
    'stock,desc': 'Stock, highest first',
    'ean,asc': 'EAN',
    'sku,asc': 'SKU',
    'numberOfImages,asc': 'Fewest images first',
    'productId,asc': 'Product ID',
  },
  /** The folded panel's summary line. */
  summary: {
    part: (label: string, value: string) => `${label}: ${value}`,
    between: (label: string, from: string, to: string) => `${label} ${from} – ${to}`,
    from: (label: string, from: string) => `${label} from ${from}`,
    upTo: (label: string, to: string) => `${label} up to ${to}`,
    price: 'Price',
    updated: 'Updated',
  },
  /** The search box, where EANs are scanned too. */
  search: {
    label: 'Search or scan',
    placeholder: (shortcut: string) => `Search or scan EAN, title or SKU (${shortcut})`,
    camera: 'Scan a barcode with the camera',
    lookupFailed: (code: string) => `The EAN ${code} could not be looked up. Try again.`,
  },
  /** What a scan that opened nothing says. */
  scan: {
    none: (code: string) => `No product has EAN ${code}.`,
    noneOffline: (code: string) => `No product kept on this device has EAN ${code}. Online, the server's whole catalogue is searched.`,
    many: (count: number, code: string) => `${count} products have EAN ${code}: the list shows them.`,
  },
  /** The camera scan dialog (src/app/ui/camera-scan). */
  camera: {
    title: 'Scan with the camera',
    hold: 'Hold the barcode in the frame.',
    starting: 'Starting the camera…',
    close: 'Close',
    blocked: "The camera is blocked for this app. Allow the camera in the browser's site settings, or scan with the hand scanner.",
    noCamera: 'This device has no camera to scan with. Use the hand scanner or type the EAN.',
    inUse: 'The camera is in use by another app. Close it and try again.',
    notStarted: 'The camera could not start. Try again, or use the hand scanner.',
    readerMissing: 'The barcode reader could not be loaded. Use the hand scanner or type the EAN.',
  },
  /** The list's own lines. */
  list: {
    loading: 'Loading products…',
    noMatch: 'No product matches these filters.',
    keptHere: 'filtered from the products kept on this device',
    /** The filters the device could not apply offline (`count` of them, named in `names`). */
    without: (names: readonly string[], count: number) =>
      count === 1 ? ` (without the ${names[0] ?? ''} filter, which needs a connection)` : ` (without the ${names.join(' and ')} filters, which need a connection)`,
  },
};
export type ProductFilterWords = typeof productFilterMessages;
