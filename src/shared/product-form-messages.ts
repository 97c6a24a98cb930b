/**
 * The product page's labels and buttons (docs/product-edit.md): the field labels as the field
 * table writes them (src/shared/product-fields.ts), the read-only fields, the tabs and the
 * actions. Only the product page reads them. Dutch under 'productForm.' in
 * src/app/i18n/locales/nl.po (docs/languages.md).
 */
import { PRODUCT_FIELD_NAMES, PRODUCT_FIELD_TABLE, type ProductFieldName } from './product-fields';

export const productFormMessages = {
  fields: Object.fromEntries(PRODUCT_FIELD_NAMES.map((name) => [name, PRODUCT_FIELD_TABLE[name].label])) as Record<ProductFieldName, string>,
  /** The EAN's label while the product changes its EAN. */
  newEan: 'New EAN',
  /** Given by docs/requirements.md §3. */
  readOnly: {
    productId: 'Product ID',
    supplierName: 'Supplier',
    categoryName: 'Category',
    numberOfImages: 'Number of Images',
    dateCreate: 'Created',
    dateUpdate: 'Last Update',
    version: 'Version',
  },
  tabs: { general: 'General', bolModel: 'Bol Model', history: 'History' },
  generalData: 'General Data',
  additionalData: 'Additional Data',
  chooseDeliveryTerm: 'Choose a delivery term',
  copy: (label: string) => `Copy ${label}`,
  scanWithCamera: (label: string) => `Scan the ${label} with the camera`,
  apply: 'Apply',
  saveAndExit: 'Save & Exit',
  inherit: 'Inherit Product',
  cancel: 'Cancel',
  isMain: 'Is main product',
  unsaved: 'Unsaved changes',
  copyButton: 'Copy',
  copiedButton: 'Copied',
  /** The images section (docs/product-edit.md, "Images"). */
  images: {
    heading: 'Images',
    takePhoto: 'Take photo',
    chosenFiles: 'Chosen files',
    remove: 'Remove',
    removeFile: (name: string) => `Remove ${name}`,
    productImages: 'Product images',
    name: 'Name',
    altImage: 'Alt Image',
    imageN: (position: number) => `Image ${position}`,
    nameOf: (position: number) => `Name of image ${position}`,
    altImageOf: (position: number) => `Alt Image of image ${position}`,
    positionOf: (position: number) => `Position of image ${position}`,
    position: (position: number) => `Position ${position}`,
    deleteImageN: (position: number) => `Delete image ${position}`,
    deleteImage: 'Delete image',
  },
};
export type ProductFormWords = typeof productFormMessages;
