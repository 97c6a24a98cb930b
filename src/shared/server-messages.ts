/**
 * Sentences the server writes that a person reads (docs/languages.md, "Sentences the server
 * writes"). The server answers each in English, as before, and beside it the sentence's id in the
 * catalogs and its arguments (`messageId`, `messageArgs`); the app shows the catalog's sentence in
 * the person's language, else the English. Ids outside this module name the sentence where it
 * lives (`sync.olderAppChange`, `heldImages.supplierImagesChanged`).
 */
import { accountMessages } from './accounts';
import { feedReadingMessages } from './feed-reading-messages';
import { feedVariantMessages } from './feed-variant-messages';
import { feedValueMessages } from './messages';

/** A count as the English of the server writes it (12,345). */
const n = (value: number) => value.toLocaleString('en-US');

export const serverMessages = {
  productMissing: (productId: number) => `Product ${productId} does not exist`,
  categoryMissing: (categoryId: number) => `Category ${categoryId} does not exist`,
  /** 400: a change set of the product or the Bol model the schema refuses; the problems as the schema wrote them. */
  changeSetNotValid: (problems: string) => `The change set is not valid: ${problems}`,
  bolChangeSetNotValid: (problems: string) => `The Bol model change set is not valid: ${problems}`,
  /** 409 of PATCH /product/{id} and of PATCH /bol/model/{productId}. */
  changeConflict: 'Someone else changed some of these fields meanwhile; nothing was saved. Choose per field.',
  changeConflictRestSaved: 'Someone else changed some of these fields meanwhile. Your other changes were saved; choose per field for these.',
  bolChangeConflict: 'Someone else changed some of these Bol fields meanwhile; nothing was saved. Choose per field.',
  bolChangeConflictRestSaved: 'Someone else changed some of these Bol fields meanwhile. Your other changes were saved; choose per field for these.',
  /** PATCH /bol/model/{productId} refused. */
  chooseCategoryFirst: 'Choose a Bol category before saving the Bol model',
  noSuchCategory: (chunkId: string) => `There is no Bol category with id '${chunkId}' in the data model`,
  categoryLacksAttributes: (category: string, attributes: string) => `The Bol category '${category}' has no attribute ${attributes}`,
  /** The Bol model would lack required values, or hold one outside its value list (src/shared/rules/bol-model-rules.ts). */
  modelMissing: (missing: string) => `Please fill in all required fields. Missing: ${missing}.`,
  modelOutsideList: (outside: string) => `Not in its value list: ${outside}.`,
  modelMissingAndOutside: (missing: string, outside: string) => `Please fill in all required fields. Missing: ${missing}. Not in its value list: ${outside}.`,
  /** A job's own end (src/server/jobs/job-runner.ts). */
  jobStopped: 'Stopped before the end',
  jobCancelledBy: (by: string) => `Cancelled by ${by}`,
  jobInterrupted: 'Interrupted: the server stopped while this was running',
  jobServerError: 'The job stopped because of an error on the server; see the server log',
  /** A bol job stopped by a person (src/server/bol/marketplace/bol-jobs.ts). */
  jobCancelledBeforeEnd: 'Cancelled before the end',
  /** The feed import's report (src/server/feeds/feed-import.ts): the counts, then how the run ended. */
  feedRunSummary: (rowsRead: number, created: number, updated: number, unchanged: number, refused: number, skipped: number, heldBack: number, unreadable: number) =>
    `Read ${n(rowsRead)} rows: ${n(created)} new, ${n(updated)} updated, ${n(unchanged)} unchanged, ${n(refused)} refused` +
    (skipped ? `, ${feedVariantMessages.skippedCount(n(skipped))}` : '') +
    (heldBack ? `; ${n(heldBack)} supplier ${heldBack === 1 ? 'value' : 'values'} held back because people changed them` : '') +
    (unreadable ? `; ${feedReadingMessages.unreadableRows(unreadable)}` : ''),
  feedNothingImported: (supplier: string, summary: string) => `${feedValueMessages.nothingImported(supplier)} ${summary}`,
  feedImportCancelled: (supplier: string, summary: string) => `The import of supplier '${supplier}' was cancelled; rows before were imported. ${summary}`,
  feedImportInterrupted: (supplier: string, summary: string) => `The import of supplier '${supplier}' was interrupted because the server stopped; rows before were imported. ${summary}`,
  feedImportDiskFull: (supplier: string, summary: string) =>
    `The import of supplier '${supplier}' stopped because the disk of the data folder is full; rows before were imported. Free disk space and import again. ${summary}`,
  /** The download's problem as the server's download check wrote it (English). */
  feedDownloadFailed: (supplier: string, problem: string) => `The feed of supplier '${supplier}' could not be downloaded: ${problem}`,
  /** The reader's problem as it wrote it (English). */
  feedUnreadable: (supplier: string, problem: string, summary: string) => `The feed of supplier '${supplier}' stopped being readable; rows before were imported. ${problem}. ${summary}`,
  feedImportServerError: (supplier: string, summary: string) => `The import of supplier '${supplier}' stopped because of a server error; rows before were imported. ${summary}`,
  /** The image re-export's report (src/server/feeds/image-reexport.ts). */
  imageReexportDiskFull: (supplier: string, stored: number) =>
    `The image re-export of supplier '${supplier}' stopped after ${n(stored)} images because the disk of the data folder is full. Free disk space and try again.`,
  imageReexportServerError: (supplier: string, stored: number) => `The image re-export of supplier '${supplier}' stopped because of a server error after ${n(stored)} images`,
  imageReexportSummary: (stored: number, images: number, downloads: number, failed: number) =>
    `Stored ${n(stored)} of ${n(images)} images on this server (${n(downloads)} downloads), ${n(failed)} failed`,
  /** The reports of bol's jobs (src/server/bol/marketplace). `since`: an ISO time, or '' for every order. */
  orderImportReport: (orders: number, since: string, pages: number, created: number, updated: number, unchanged: number, failed: number) =>
    `${orders} order(s)${since ? ` changed since ${since}` : ''} on ${pages} page(s): ${created} new, ${updated} updated, ${unchanged} unchanged${failed > 0 ? `, ${failed} could not be read` : ''}`,
  contentUploadReport: (products: number, sent: number, accepted: number, failed: number, stillPending: number) =>
    `${products} product(s): ${sent} sent to bol, ${accepted} accepted, ${failed} refused or failed${stillPending ? `, ${stillPending} still being processed by bol` : ''}`,
  uploadReportsReport: (products: number, read: number, failed: number, skipped: number) => `${products} product(s): ${read} upload report(s) read, ${failed} failed, ${skipped} skipped`,
  offerImportReport: (offers: number, matched: number, unmatched: number, removed: number) =>
    `${offers} offer(s) on bol: ${matched} product(s) matched by EAN, ${unmatched} offer(s) without a product here, ${removed} offer(s) no longer on bol`,
  retailerImportReport: (products: number, published: number, notPublished: number, unknownToBol: number, failed: number) =>
    `${products} product(s) checked on bol: ${published} published, ${notPublished} not published, ${unknownToBol} unknown to bol${failed > 0 ? `, ${failed} failed` : ''}`,
  /** The per-item messages of bol's jobs (src/server/bol/marketplace): ours; bol's own words stay as bol wrote them. */
  bolItemAccepted: (reportStatus: string) => `Accepted by bol; upload report ${reportStatus}`,
  bolItemReportNotYet: 'not available yet',
  bolItemUploadEnded: (contentStatus: string) => `No upload report: the upload ended ${contentStatus}`,
  bolItemNothingSent: 'No content was sent to bol for this product yet',
  bolItemUploadReport: (reportStatus: string, declined: number) => `Upload report ${reportStatus}${declined > 0 ? `, ${declined} declined` : ''}`,
  /** `ean`: '' when the offer has none. */
  bolItemOfferUnmatched: (offerId: string, ean: string) => `Offer ${offerId}: no product with EAN ${ean || '(none)'}`,
  bolItemNoEan: 'The product has no EAN',
  bolItemPublished: (category: string) => `On bol: published, category ${category}`,
  bolItemNotPublished: (category: string) => `On bol: not published, category ${category}`,
  bolCategoryUnknown: 'unknown',
  bolItemEanUnknown: (ean: string) => `bol does not know EAN ${ean} (yet)`,
  bolItemChooseCategory: 'Choose a Bol category for this product first',
  /** The offer sync's report (src/server/bol/offers/offer-sync-job.ts). */
  offerSyncReport: (sent: number, held: number, retrying: number, failed: number, feedBatchesHeld: number, recovered: number) =>
    [
      `${sent} offer change(s) sent to bol`,
      held > 0 ? `${held} held back` : '',
      retrying > 0 ? `${retrying} to try again` : '',
      failed > 0 ? `${failed} failed` : '',
      feedBatchesHeld > 0 ? `${feedBatchesHeld} feed import batch(es) held for a person to confirm` : '',
      recovered > 0 ? `${recovered} left by a stopped run settled` : '',
    ]
      .filter((part) => part !== '')
      .join('; '),
  /** A refused sign-in (src/server/routes/auth.ts) and too many wrong passwords (login-throttle.ts). */
  signInWrong: 'Wrong user name or password',
  tooManySignIns: (seconds: number) => `Too many failed sign-in attempts. Try again in ${seconds} seconds.`,
  tooManyCurrentPasswords: (seconds: number) => `${accountMessages.tooManyCurrentPasswords} Try again in ${seconds} seconds.`,
  /** The image calls (src/server/routes/images.ts). */
  imageTooLarge: (megabytes: number) => `The image is larger than ${megabytes} MB`,
  productIdNotValid: (value: string) => `The product id must be a positive whole number, not '${value}'`,
  imageMissing: (imageId: string) => `Image '${imageId}' does not exist`,
  notAnImage: 'The file is not an image (PNG, JPEG, GIF, WebP, BMP or ICO)',
  /** The supplier calls and Test feed (src/server/feeds, src/server/routes/suppliers.ts). */
  supplierMissing: (supplierId: number) => `There is no supplier with id ${supplierId}`,
  supplierNameTaken: (name: string) => `A supplier named '${name}' exists already`,
  supplierBusy: (name: string) => `An import or image re-export of supplier '${name}' is already running; try again when it has finished`,
  supplierImportRunning: (name: string) => `An import of supplier '${name}' is running; try again when it has finished`,
  /** 412: a supplier save over someone else's newer one (SupplierStaleAnswer). */
  supplierChanged: 'Someone else saved this supplier after you opened it. Save your changes on top of theirs, or use theirs.',
  /** A disabled supplier left out of "import every supplier" (src/server/feeds/feed-jobs.ts). */
  supplierDisabled: (name: string) => `Supplier '${name}' is disabled`,
  supplierHasProducts: (name: string, products: number) =>
    `Supplier '${name}' has ${n(products)} product${products === 1 ? '' : 's'}, so it cannot be deleted; disable it instead to stop its imports`,
  feedFileTooLarge: (megabytes: number) => `The feed file is larger than ${megabytes} MB; let the supplier publish it at an address instead`,
  feedAddressMissing: 'supplierUrlFeed: Give the feed address (http or https), or choose an uploaded file',
  /** The problem as the address check or the download wrote it (English). */
  feedAddressRefused: (problem: string) => `The feed address is refused: ${problem}`,
  testFeedDownloadFailed: (problem: string) => `The feed could not be downloaded: ${problem}`,
  testFeedTimedOut: (seconds: number) => `The feed could not be read within ${seconds} s`,
  testFeedUnreadable: (problem: string) => `The feed stopped being readable: ${problem}`,
  /** A kept feed login the address it is saved or tested with may not have (src/server/feeds/credential-origin.ts). */
  feedLoginThisAddress: 'this address',
  feedLoginNewAddress: (address: string) => `the new address ${address}`,
  feedLoginOnlyFor: (address: string, origin: string) => `credentials: Enter the feed login again for ${address}; the stored one is only sent to ${origin}`,
  feedLoginSentNowhere: (address: string) => `credentials: Enter the feed login again for ${address}; the stored one was saved without an address and is sent nowhere`,
  /**
   * Why a feed cannot be read (FeedFormatError, src/server/feeds): Test feed's refusal, and the
   * problem inside an import's report. `problem`: a reader library's own words (English).
   */
  feedCsvUnreadable: (problem: string) => `The CSV feed cannot be read: ${problem}`,
  feedXmlUnreadable: (problem: string) => `The XML feed cannot be read: ${problem}`,
  feedWorkbookUnreadable: (problem: string) => `The workbook cannot be read: ${problem}`,
  feedWorkbookPartNotXml: (part: string) => `The workbook cannot be read: the part ${part} is not valid XML`,
  feedNotXlsx: 'The feed is not an Excel workbook (.xlsx)',
  feedNoWorksheet: 'The workbook has no worksheet',
  feedUnpacksTooLarge: (megabytes: number) => `The feed unpacks to more than ${n(megabytes)} MB`,
  feedGzipDamaged: (problem: string) => `The gzip-compressed feed is damaged (${problem})`,
  feedWorkbookTooLarge: (megabytes: number) => `The workbook is larger than ${megabytes} MB; send it as CSV instead`,
  feedNeedsMoreMemory: 'The feed needs more memory to read than an import may use',
  feedCsvHeaderTooManyColumns: (max: number) => `The CSV header has more than ${n(max)} columns, the limit of a feed`,
  feedCsvLineTooManyColumns: (line: number, max: number) => `Line ${n(line)} of the CSV feed has more than ${n(max)} columns, the limit of a feed`,
  feedWorkbookRowTooManyColumns: (row: number, max: number) => `Row ${n(row)} of the workbook has more than ${n(max)} columns, the limit of a feed`,
  feedCsvLineTooLong: (line: number, megabytes: number) => `Line ${n(line)} of the CSV feed is longer than ${megabytes} MB, the limit of one line`,
  feedCsvRecordTooLong: (line: number, megabytes: number) =>
    `The CSV feed has a record longer than ${megabytes} MB (by line ${n(line)}), the limit of one line; a quote may have been left open`,
  /** What an XML limit names: the XML feed, or a part of a workbook. */
  feedWhatXml: 'The XML feed',
  feedWhatWorkbookPart: (part: string) => `The workbook's part ${part}`,
  feedXmlTooDeep: (what: string, max: number) => `${what} nests elements more than ${n(max)} deep, the limit of a feed`,
  feedXmlNameTooLong: (what: string, max: number) => `${what} has an element name longer than ${n(max)} characters, the limit of a feed`,
  feedXmlTooManyAttributes: (what: string, max: number) => `${what} has an element with more than ${n(max)} attributes, the limit of a feed`,
  feedXmlAttributeNameTooLong: (what: string, max: number) => `${what} has an attribute name longer than ${n(max)} characters, the limit of a feed`,
  feedXmlTextTooLong: (what: string, megabytes: number) => `${what} has a text, tag or attribute value longer than ${megabytes} MB, the limit of a feed`,
  /** The feed's columns against the mapping (src/shared/feed-mapping.ts `mappingProblem`, the import's header check). */
  feedNoTitleMapped: 'No column is mapped to the title',
  /** `columns`: the mapped columns, joined by "' or '". */
  feedNoTitleColumn: (columns: string) => `The feed has no column '${columns}' for the title`,
  feedNoEanOrSkuMapped: 'No column of the feed is mapped to the EAN or the SKU',
  feedNoPriceMapped: feedValueMessages.noPriceColumn,
  feedNoRows: 'The feed has no rows',
  /** `expected`: the columns a feed without a mapping needs, joined by ', '. */
  feedHeaderNoTitle: (line: number, expected: string) => `The header (line ${line}) has no 'title' column; expected columns: ${expected}`,
  feedHeaderMapping: (problem: string, line: number) => `${problem} (header on line ${line}); change the supplier's column mapping`,
  /** A feed row's refusal (src/server/feeds/parse-feed-row.ts); `field`: the field's name, a sentence of the feedField ids. */
  feedValueTooLong: (field: string, max: number) => `${field} is longer than ${n(max)} characters`,
  feedMeasureNotValid: (field: string, raw: string, max: number) => `${field} '${raw}' is not a number from 0 to ${n(max)}`,
  feedStockNotValid: (raw: string) => `Stock '${raw}' is not a whole number of 0 or more`,
  feedImageNotAddress: (written: string) => `Image '${written}' is not an http(s) address`,
  feedTooManyImages: (max: number) => `More than ${max} images`,
  feedNoEanNorSku: (supplier: string) => `Neither EAN nor SKU is given, so the row cannot be matched to a product of ${supplier}`,
  feedTitleMissing: 'Title is missing',
  feedDeliveryCodeUnknown: (code: string) => `Delivery code '${code}' is not one of bol's delivery terms`,
  /** A CSV row the reader could not split into the header's fields (src/server/feeds/csv-feed-reader.ts). */
  feedFieldCount: (fields: number, header: number) => `The row has ${fields} fields but the header has ${header}`,
  /** A row whose key an earlier row had (src/server/feeds/feed-row-batches.ts); `key`: 'EAN …' or 'SKU …'. */
  feedKeyAgain: (key: string, firstLine: number) => `${key} appears again (first on line ${firstLine}); the row is skipped`,
  /** The EAN upload's refusals of the file (src/server/routes/ean.ts, src/server/catalogue/ean-sheet*.ts). */
  eanFileTooLarge: (megabytes: number) => `The file is larger than ${megabytes} MB`,
  eanSheetNotXlsx: 'The file is not an Excel workbook (.xlsx)',
  eanSheetDamaged: 'The workbook is damaged and cannot be read',
  eanSheetNoZipDirectory: 'The workbook is damaged and cannot be read (its zip directory is missing)',
  eanSheetZip64: 'The workbook is too large to read (zip64)',
  eanSheetUnpacksTooLarge: (megabytes: number) => `The workbook unpacks to more than ${megabytes} MB`,
  eanSheetTooManyRows: (rows: number) => `The sheet has more than ${n(rows)} rows; split it into smaller files`,
  eanSheetNoWorksheet: 'The workbook has no worksheet',
  eanSheetEmpty: 'The sheet is empty',
  eanSheetColumnTwice: (column: string) => `The header row names the column '${column}' twice`,
  /** `missing`: the columns missing, each quoted, joined by ' and '. */
  eanSheetColumnsMissing: (supplierColumn: string, newColumn: string, missing: string) =>
    `The header row (the first filled row of the first sheet) must name the columns '${supplierColumn}' and '${newColumn}'; missing: ${missing}`,
  eanSheetNoRows: 'The sheet has no rows under its header',
  /**
   * A sheet row refused (src/server/catalogue/ean-sheet-plan.ts); `column`: the sheet's own column
   * name ('Supplier EAN', 'New EAN'), kept as the sheet writes it.
   */
  eanCellEmpty: (column: string) => `${column} is empty`,
  eanCellNotEan: (column: string, value: string) => `${column} '${value}' is not an EAN`,
  eanCellScientific: (column: string, value: string) =>
    `${column} '${value}' is in scientific notation: Excel has rounded the number, so the EAN is lost. Format the column as Text and type the EAN again`,
  eanCellDecimals: (column: string, value: string) => `${column} '${value}' is a number with decimals, not an EAN`,
  eanCellDate: (column: string) => `${column} is a date, not an EAN`,
  eanCellExcelError: (column: string, error: string) => `${column} is an Excel error (${error})`,
  eanCellFormula: (column: string) => `${column} is a formula without a value; save the workbook in Excel first`,
  eanCellDigitsOnly: (column: string, value: string) => `${column} '${value}' must contain digits only`,
  eanCellLength: (column: string, value: string) => `${column} '${value}' must have 8, 12, 13 or 14 digits`,
  eanCellCheckDigit: (column: string, value: string, expected: number) => `${column} '${value}' has a wrong check digit (expected ${expected})`,
  /** Both EAN cells of a row refused: the two sentences. */
  eanRowTwoProblems: (first: string, second: string) => `${first}; ${second}`,
  /** `rows`: the sheet's row numbers, in order. */
  eanRowTwice: (column: string, ean: string, rows: readonly string[]) =>
    `${column} ${ean} appears more than once in the sheet (rows ${rows.slice(0, -1).join(', ')} and ${rows.at(-1)})`,
  eanNoProduct: (ean: string) => `No product has the supplier EAN ${ean}`,
  eanTakenByProduct: (column: string, ean: string, productId: number) => `${column} ${ean} is already the EAN of product ${productId}`,
  /** `productIds`: the first three, written '1, 2, 3'; `more`: how many others. */
  eanTakenByProducts: (column: string, ean: string, productIds: string, more: number) =>
    `${column} ${ean} is already the EAN of products ${productIds}${more > 0 ? ` and ${more} more` : ''}`,
  eanSheetTooMuchMemory: 'The workbook needs more memory to read than an EAN sheet may use; keep only the EAN columns, or split it into smaller files',
  eanSheetTooSlow: 'The workbook took too long to read; keep only the EAN columns, or split it into smaller files',
  eanSheetNotRead: 'The workbook could not be read',
  eanSheetsBusy: 'Too many EAN sheets are being read right now; try again in a few seconds',
  /** The order calls (src/server/routes/orders.ts). */
  orderSinceNotValid: (since: string) => `since must be 'last-import' (or left out for every order), got '${since}'`,
  cancellationNotValid: (problems: string) => `The cancellation is not valid: ${problems}`,
  /** The offer calls (src/server/routes/bol-offers.ts). */
  offerProductMissing: (productId: number) => `Product ${productId} was not found`,
  offerNothingHeldBack: 'Nothing is held back for this product: its offer changes are sent as they come',
  offerFeedBatchNotHeld: (jobId: number) => `No offer changes of feed import ${jobId} are held back`,
  offerSettingsNotValid: (problems: string) => `The offer settings is not valid: ${problems}`,
  /** The export call (src/server/routes/reports.ts); the problems as the schema wrote them. */
  exportNotValid: (problems: string) => `The export is not valid: ${problems}`,
  exportsBusy: 'Too many exports are running right now; try again in a few seconds',
  /**
   * Every call's own refusals (src/server/http): a person meets them by opening an address by hand
   * (a product id that is no number), an empty or second file, a body past its limit, a session
   * that ended, or the server failing.
   */
  signInRequired: 'Sign-in required',
  sessionInvalid: 'Your session is invalid or has expired; sign in again',
  internalError: 'Internal server error',
  diskFull: "The server's disk is full; the change was not saved. Tell the administrator.",
  /** `problem`: the database's own words. */
  valueNotStorable: (problem: string) => `A value in the request cannot be stored: ${problem}`,
  /** `size`: '16 KB', '10 MB' (body-limits.ts, describeBytes). */
  bodyTooLarge: (size: string) => `The request body is larger than ${size}`,
  bodyNotJson: 'The request body must be JSON',
  bodyTooDeep: (levels: number) => `The request body nests deeper than ${levels} levels`,
  /** `name`: the parameter as the call names it ('Product id', 'supplierId'). */
  idNotValid: (name: string, got: string) => `${name} must be a positive whole number, got '${got}'`,
  /** `zeroMeans`: what 0 stands for, as the call writes it ('0 = all suppliers'). */
  idOrZeroNotValid: (name: string, zeroMeans: string, got: string) => `${name} must be a whole number (${zeroMeans}), got '${got}'`,
  wholeNumberNotValid: (name: string, min: number, max: number, got: string) =>
    `${name} must be a whole number from ${min} to ${max >= 10_000 ? n(max) : String(max)}, got '${got}'`,
  sortNotValid: (field: string, got: string) => `sort must be '${field},asc' or '${field},desc', got '${got}'`,
  uploadUnreadable: 'The upload could not be read as multipart/form-data',
  oneFilePerRequest: 'Send one file per request',
  fileEmpty: 'The file is empty',
};

type ServerMessages = typeof serverMessages;
type Key = keyof ServerMessages;
/** A text argument may be a sentence of its own (a report inside "The import … was cancelled. …"). */
type ArgsOf<K extends Key> = ServerMessages[K] extends (...args: infer A) => string ? { [I in keyof A]: A[I] extends string ? string | ServerSentence : A[I] } : [];

/** One argument of a sentence: a value, a list of names (written as the language writes a list), or a sentence inside it, worded in the same language. */
export type SentenceArg = string | number | readonly string[] | ServerSentence;

/** A sentence as the server answers it: the English, and its id and arguments for the app's catalogs. */
export interface ServerSentence {
  message: string;
  messageId: string;
  messageArgs: readonly SentenceArg[];
}

function isList(arg: SentenceArg): arg is readonly string[] {
  return Array.isArray(arg);
}

/** The sentence `key` of this module with `args`, as the server answers it; a sentence argument reads as its English. */
export function serverSentence<K extends Key>(key: K, ...args: ArgsOf<K>): ServerSentence {
  const english = serverMessages[key] as string | ((...values: readonly unknown[]) => string);
  const values = (args as readonly SentenceArg[]).map((arg) => (typeof arg === 'object' && !isList(arg) ? arg.message : arg));
  return { message: typeof english === 'string' ? english : english(...values), messageId: `server.${key}`, messageArgs: args as readonly SentenceArg[] };
}

/**
 * A refused line's, item's or sheet row's reason as answers carry it: the English, and the
 * sentence's id and arguments when it names one (docs/languages.md).
 */
export interface SaidReason {
  reason: string;
  reasonId?: string;
  reasonArgs?: readonly SentenceArg[];
}

/** The id and arguments of a reason's sentence, when it names one. */
export function reasonSentence(sentence: ServerSentence | null | undefined): Pick<SaidReason, 'reasonId' | 'reasonArgs'> {
  return sentence ? { reasonId: sentence.messageId, reasonArgs: sentence.messageArgs } : {};
}

/** A sentence of another module (its catalog id and English), as the server answers it. */
export function sentenceOf(messageId: string, message: string, messageArgs: readonly SentenceArg[] = []): ServerSentence {
  return { message, messageId, messageArgs };
}
