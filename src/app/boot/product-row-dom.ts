/**
 * One product row of the list as DOM nodes, with exactly the markup of ProductTable's row (an
 * unselected one): the early rows of an offline cold start (early-rows.ts) paint with it before
 * React has started. Product fields come from supplier feeds, so they only ever go in as text
 * (textContent, attributes), never as markup. tests/unit/early-rows.test.ts holds it to the
 * React row's markup.
 */
import type { Product } from '../../shared/contract';
import { dateAndTime, priceText } from '../lib/format';
import { thumbnailPath } from '../features/products/product-list-rules';

type Content = string | number | Node;

function element<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, attributes: Record<string, string>, ...children: Content[]): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  // As React: an empty text is no node at all.
  for (const child of children) if (child !== '') node.append(typeof child === 'number' ? String(child) : child);
  return node;
}

/** The hand-written Badge of ProductTable (Radix Themes' <Badge size="1" variant="soft">). */
function badge(doc: Document, color: 'green' | 'blue' | 'violet', text: string, title?: string): HTMLElement {
  const attributes: Record<string, string> = { 'data-accent-color': color, class: 'rt-reset rt-Badge rt-r-size-1 rt-variant-soft' };
  if (title !== undefined) attributes.title = title;
  return element(doc, 'span', attributes, text);
}

const muted = (doc: Document, text: string, extra = '') => element(doc, 'span', { class: extra === '' ? 'muted' : `muted ${extra}` }, text);

function yesNo(doc: Document, value: boolean, yes: string, no: string, color: 'green' | 'blue'): HTMLElement {
  return value ? badge(doc, color, yes) : muted(doc, no);
}

function family(doc: Document, product: Product): HTMLElement {
  if (product.mainProduct) return badge(doc, 'violet', 'Main', product.familyKey ?? '');
  if (product.familyKey) return muted(doc, product.familyKey, 'small family-key');
  return muted(doc, '–');
}

function thumbnail(doc: Document, product: Product): HTMLElement {
  const path = thumbnailPath(product);
  if (!path) return element(doc, 'div', { class: 'product-thumb product-thumb-empty', 'aria-hidden': 'true' });
  return element(doc, 'img', { class: 'product-thumb', src: path, alt: '', loading: 'lazy', decoding: 'async', width: '36', height: '36' });
}

function cell(doc: Document, className: string | null, ...children: Content[]): HTMLElement {
  return element(doc, 'td', { class: className ? `rt-TableCell ${className}` : 'rt-TableCell' }, ...children);
}

/** The row of `product` as ProductTable draws it when it is not selected. */
export function productRowElement(doc: Document, product: Product): HTMLTableRowElement {
  const { date, time } = dateAndTime(product.dateUpdate);
  const supplierName = product.supplier.supplierName;
  const check = element(doc, 'input', { type: 'checkbox', class: 'row-check', 'aria-label': `Select ${product.title}` });
  return element(
    doc,
    'tr',
    { class: 'rt-TableRow product-row' },
    element(doc, 'td', { class: 'rt-TableCell col-check' }, element(doc, 'label', { class: 'row-check-area' }, check)),
    cell(doc, 'col-thumb', thumbnail(doc, product)),
    cell(doc, 'nowrap', product.ean || muted(doc, '–'), muted(doc, supplierName, 'small block portrait-only')),
    element(
      doc,
      'th',
      { scope: 'row', class: 'rt-TableCell rt-TableRowHeaderCell col-title' },
      element(doc, 'a', { class: 'product-link', href: `/products/${product.productId}` }, element(doc, 'span', { class: 'product-title' }, product.title)),
    ),
    cell(doc, 'col-wide nowrap', product.sku),
    cell(doc, 'col-landscape col-name', supplierName),
    cell(doc, 'col-wide col-name', product.brand ?? ''),
    cell(doc, 'num nowrap', priceText(product.sellingPrice)),
    cell(doc, 'num', product.stock > 0 ? product.stock : element(doc, 'span', { class: 'danger' }, '0')),
    cell(doc, null, yesNo(doc, product.passedModeration, 'Passed', 'Pending', 'green')),
    cell(doc, null, family(doc, product)),
    cell(doc, 'col-wide', yesNo(doc, product.isExportOnBol, 'Yes', 'No', 'blue')),
    cell(doc, 'col-wide', element(doc, 'span', { class: 'nowrap' }, date), muted(doc, time, 'small block')),
  );
}
