/**
 * The product list's table and pager words (docs/product-list.md), beside messages.ts: only the
 * list reads them. Dutch under 'productList.' in src/app/i18n/locales/nl.po (docs/languages.md).
 */
export const productListMessages = {
  caption: 'Products',
  selectAll: 'Select all products on this page',
  selectRow: (title: string) => `Select ${title}`,
  columns: {
    image: 'Image',
    ean: 'EAN',
    title: 'Title',
    sku: 'SKU',
    supplier: 'Supplier',
    brand: 'Brand',
    price: 'Price',
    stock: 'Stock',
    moderation: 'Moderation',
    family: 'Family',
    onBol: 'On bol',
    lastUpdate: 'Last update',
  },
  passed: 'Passed',
  pending: 'Pending',
  main: 'Main',
  yes: 'Yes',
  no: 'No',
  perPage: 'Per page',
  perPageLabel: 'Products per page',
  previous: 'Previous',
  next: 'Next',
  noProducts: 'No products',
  /** Counts already written in the language's digits (countText). */
  about: (total: string) => `about ${total}`,
  noneOf: (total: string) => `None of ${total}`,
  range: (first: string, last: string, total: string) => `${first}–${last} of ${total}`,
  page: (page: string, total: string) => `Page ${page} of ${total}`,
  noConnection: 'No connection to the server, and no products kept on this device for this view.',
  selectedCount: (count: string) => `${count} selected`,
  noneSelected: 'No products selected',
};
export type ProductListWords = typeof productListMessages;
