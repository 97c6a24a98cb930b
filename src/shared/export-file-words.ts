/**
 * The words inside an exported file (docs/reports-and-export.md, "Export"): its column headers,
 * yes/no, the bol states, the content statuses and the workbook's sheet name, in the language the
 * export was asked in. The server writes the file and has no catalog (docs/languages.md,
 * "Sentences the server writes"), so both languages live here; the Dutch is the app's own Dutch of
 * the same words (the Export screen's column names, the status words), which
 * tests/unit/export-file-words.test.ts holds equal to the catalog.
 */
import type { BolContentStatus } from './bol-contract';
import { EXPORT_COLUMNS, type ExportColumnId } from './export-contract';
import type { Language } from './languages';
import { BOL_STATE_LABELS } from './messages';
import type { BolProductState } from './product-filter';
import { CONTENT_STATUS_WORDS } from './status-words';

export interface ExportFileWords {
  headers: Record<ExportColumnId, string>;
  yes: string;
  no: string;
  bolStates: Record<BolProductState, string>;
  /** Where the content upload stands; an unknown code is written as words from the code (contentStatusWords). */
  contentStatuses: Record<BolContentStatus, string>;
  /** The workbook's one sheet. */
  sheet: string;
}

const ENGLISH: ExportFileWords = {
  headers: Object.fromEntries(EXPORT_COLUMNS.map((column) => [column.id, column.header])) as Record<ExportColumnId, string>,
  yes: 'yes',
  no: 'no',
  bolStates: BOL_STATE_LABELS,
  contentStatuses: CONTENT_STATUS_WORDS,
  sheet: 'Products',
};

const DUTCH: ExportFileWords = {
  headers: {
    productId: 'Product-ID',
    ean: 'EAN',
    supplierEan: 'EAN van leverancier',
    sku: 'SKU',
    title: 'Titel',
    brand: 'Merk',
    supplier: 'Leverancier',
    category: 'Categorie',
    sellingPrice: 'Verkoopprijs',
    priceSupplier: 'Inkoopprijs',
    deliveryPrice: 'Verzendkosten',
    deliveryCode: 'Levercode',
    stock: 'Voorraad',
    productSize: 'Maat',
    color: 'Kleur',
    material: 'Materiaal',
    familyKey: 'Familiesleutel',
    mainProduct: 'Hoofdproduct',
    passedModeration: 'Moderatie doorstaan',
    buyBlock: 'Koopblokkade',
    isExportOnBol: 'Export naar bol',
    numberOfImages: "Foto's",
    dateUpdate: 'Laatst bijgewerkt',
    bolState: 'Bol-status',
    bolCategory: 'Bol-categorie',
    contentStatus: 'Contentstatus',
    offer: 'Aanbod op bol',
  },
  yes: 'ja',
  no: 'nee',
  bolStates: {
    noCategory: 'Geen Bol-categorie',
    missingRequired: 'Verplichte kenmerken ontbreken',
    ready: 'Klaar om te versturen',
    sent: 'Verstuurd, bol verwerkt het',
    published: 'Gepubliceerd op bol',
    declined: 'Afgewezen door bol',
  },
  contentStatuses: {
    NOT_SENT: 'Niet verstuurd',
    PENDING: 'Verstuurd, bol verwerkt het',
    SUCCESS: 'Geaccepteerd door bol',
    FAILURE: 'Geweigerd door bol',
    TIMEOUT: 'bol was nog niet klaar',
    PURGED: 'Vergeten door bol',
  },
  sheet: 'Producten',
};

/** The words of a file exported in `language` (English when left out). */
export function exportFileWords(language: Language = 'en'): ExportFileWords {
  return language === 'nl' ? DUTCH : ENGLISH;
}
