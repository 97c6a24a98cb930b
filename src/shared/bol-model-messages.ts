/**
 * The Bol Model tab's own words (docs/product-edit.md, docs/bol.md), beside messages.ts (whose
 * `bol` part holds the specification's sentences of this tab): only the tab reads them, so they
 * stay out of the first visit's JavaScript (docs/architecture.md, "First visit").
 */
import type { BolContentStatus } from './bol-contract';

export const bolModelMessages = {
  conflictTitle: 'Someone else changed this Bol model meanwhile. Choose which version to keep.',
  noModel: 'no Bol model',
  /** Under the category picker. */
  savingCategory: 'Saving the category...',
  categoryNeedsConnection: 'Choosing a Bol category needs a connection to the server.',
  categoryAfterSave: 'The category can be changed once the saved model has reached the server.',
  recommendationsFirst: "bol's recommendations for this product are listed first.",
  chooseCategoryFirst: "Choose a Bol category to fill in the product's Bol model.",
  searchCategories: 'Type to search categories',
  noCategoryMatches: (query: string) => `No category matches '${query}'`,
  recommended: (percent: number) => `Recommended by bol (${percent}%)`,
  unsaved: 'Unsaved changes',
  /** A field of the form. */
  notSet: 'Not set',
  productSize: (size: string) => `Product size: ${size}.`,
  /** The images of the form. */
  noImages: 'No images in the Bol model.',
  bolImages: 'Bol images',
  imagePosition: (file: string) => `Position of image ${file}`,
  position: 'Position',
  remove: 'Remove',
  addImage: 'Add a product image',
  everyPositionTaken: 'Every position is taken',
  chooseImage: 'Choose an image',
  mainPictureSlot: '1 (main picture)',
  /** The save and the create. */
  waitingToBeSent: 'Your saved Bol model is waiting to be sent; shown as saved on this device.',
  signInToSave: 'Sign in again to save: the Bol model was not saved.',
  changedMeanwhile: 'Someone else changed this in the meantime',
  refused: 'The server refused the Bol model.',
  createdOnBol: 'Product successfully sent to bol.',
  createNeedsConnection: 'Creating the product on bol needs a connection to the server. Your Bol model can still be saved on this device.',
  sentToBol: (message: string) => `Sent to bol. ${message}`,
  /** What bol made of it. */
  onBol: 'On bol',
  contentStatus: 'Content status',
  asLastSeen: '(as last seen on this device)',
  sentAt: (time: string) => `Sent ${time}`,
  upload: (uploadId: string) => `upload ${uploadId}`,
  publishedOnBol: 'published on bol',
  notPublishedYet: 'not published on bol yet',
  uploadReport: (state: string) => `Upload report: ${state}`,
  reportCompleted: 'completed',
  reportChecking: 'bol is still checking the attributes',
  reportNotRead: 'not read yet',
  checking: 'Checking...',
  checkReport: 'Check the upload report',
  reportCaption: 'Upload report per attribute',
  reportAttribute: 'Attribute',
  reportValue: 'Value',
  reportStatus: 'Status',
  reportDetail: 'Detail',
  /** The content status in a sentence (bol-status-rules.ts), with bol's message after a colon. */
  statusText: {
    NOT_SENT: 'Not sent to bol yet',
    PENDING: 'Sent; bol is processing it',
    SUCCESS: 'Accepted by bol',
    FAILURE: 'Refused by bol',
    TIMEOUT: 'bol had not finished; check the upload report later',
    PURGED: 'bol forgot the upload before it ended; send it again',
  } satisfies Record<BolContentStatus, string>,
  /** The offer's summary (bol-offer-view.ts). */
  offerSummary: (price: string, stock: string, onHold: boolean) => `${price} · stock ${stock} · ${onHold ? 'on hold' : 'for sale'}`,
  offerFields: { price: 'price', stock: 'stock', offer: 'offer', details: 'details' } as Record<string, string | undefined>,
};

export type BolModelWords = typeof bolModelMessages;
