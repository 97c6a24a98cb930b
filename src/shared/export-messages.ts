/**
 * The Export screen's words (docs/reports-and-export.md, "Export"): what it exports, the formats,
 * the columns, the progress and bol's reports. Beside messages.ts: only /export reads them. Dutch
 * under 'export.' in src/app/i18n/locales/nl.po (docs/languages.md).
 */
import { EXPORT_COLUMNS, type ExportColumnId } from './export-contract';

export const exportMessages = {
  title: 'Export products',
  intro: 'The file is written by the server as it reads the products, so a large catalogue exports without waiting for all of it first.',
  products: 'Products',
  view: "The product list's current view",
  viewCount: (count: string, estimate: boolean) => ` (${estimate ? 'about ' : ''}${count} products)`,
  changeFilters: 'change the filters in the product list',
  selection: (count: number, shown: string) => `The selection (${shown} product${count === 1 ? '' : 's'} selected in the product list)`,
  order: (sort: string) => `Rows in the list's order: ${sort}.`,
  format: 'Format',
  formats: {
    csv: 'CSV (comma separated, UTF-8)',
    'csv-nl': 'Excel (NL): CSV with semicolons, for Excel set to Dutch',
    xlsx: 'Excel workbook (.xlsx)',
  },
  /** The formats as the Export button names them. */
  formatNames: { csv: 'CSV', 'csv-nl': 'CSV for Excel (NL)', xlsx: '.xlsx' },
  stop: 'Stop',
  needsConnection: 'Exports need a connection: the server writes the file.',
  downloadAgain: 'Download again',
  finishedRows: (rows: string) => `${rows} products, `,
  finishedSize: (size: string, seconds: string) => `${size} in ${seconds} s.`,
  stopped: 'The export was stopped.',
  exporting: 'Exporting...',
  exportButton: (count: string, estimate: boolean, format: string) => `Export${count ? ` ${estimate ? 'about ' : ''}${count} products` : ''} as ${format}`,
  chooseColumn: 'Choose at least one column.',
  noSelection: 'No products are selected in the product list.',
  rowsOf: (rows: string, total: string, size: string) => `${rows} of ${total} rows (${size})`,
  received: (size: string) => `${size} received`,
  receivedOf: (size: string, total: string) => `${size} received of a workbook of ${total} rows`,
  /** The filter summary. */
  noFilter: 'No filter: every product',
  yes: 'yes',
  no: 'no',
  filterLabels: {
    supplierName: 'Supplier',
    brand: 'Brand',
    keyword: 'Search',
    passedModeration: 'Moderation passed',
    hasDescription: 'Has a description',
    buyBlock: 'Buy block',
    priceFrom: 'Price from',
    priceTo: 'Price to',
    categoryId: 'Category',
    dateFrom: 'Updated from',
    dateTo: 'Updated to',
    numberOfImages: 'Images',
    familyKey: 'Family key',
    isMainProduct: 'Main product',
    isExportOnBol: 'Export to bol',
    isChangeEan: 'EAN replaced',
    stock: 'In stock',
    bolState: 'Bol state',
    hasOffer: 'Offer on bol',
  } as Record<string, string | undefined>,
  /** The columns. */
  columnsLegend: 'Columns',
  allColumns: 'All columns',
  usualColumns: 'The usual columns',
  columns: Object.fromEntries(EXPORT_COLUMNS.map((column) => [column.id, column.header])) as Record<ExportColumnId, string>,
  /** bol's reports. */
  bolReports: 'bol reports',
  contentReport: 'Product content report (.xlsx)',
  contentReportHelp: "Every product's Bol category, content status, upload report (declined attributes named), catalog and offer.",
  offerImport: "Import bol's offer export",
  offerImportHelp: "Asks bol for its export of our offers and stores each offer with its product (by EAN); the Reports screen then counts them.",
  working: 'Working...',
  downloaded: (name: string) => `Downloaded ${name}.`,
  offersImported: 'Offers imported.',
  notImportedBy: (label: string) => `Not imported by ${label}`,
};
export type ExportWords = typeof exportMessages;
