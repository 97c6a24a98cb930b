/**
 * The rows of the product list with row and page selection; a row opens its product.
 *
 * Drawn with plain table elements carrying Radix Themes' table classes (rt-Table*), not the
 * Table components: a page of 100 rows is 1,300 cells, and the components' prop handling, the
 * ScrollArea the Root wraps around the table and a Radix checkbox per row (which measures its
 * styles when it mounts) were most of the time from a filter change to the new rows painted
 * (bench/list-paint.ts). The look is the same as <Table.Root variant="surface" size="1">.
 *
 * It draws the first `rowsShown` of the page's products (the page shows a new page's rows in two
 * stages, use-rows-in-stages.ts); "select all on this page" always means every product of the page.
 */
import { Checkbox, VisuallyHidden } from '@radix-ui/themes';
import { useAtomValue, useSetAtom } from 'jotai';
import { memo, useCallback, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Product } from '../../../shared/contract';
import { messages } from '../../../shared/messages';
import { productListMessages, type ProductListWords } from '../../../shared/product-list-messages';
import { useMessages } from '../../i18n/language';
import { needsYouIdsAtom } from '../../state/needs-you';
import { deselectProductsAtom, selectedProductIdsAtom, selectProductsAtom } from './product-list-state';
import { dateAndTime, pageSelectionState, priceText, thumbnailPath } from './product-list-rules';

// The row's parts are plain functions, not components: one row is one component to render.

function thumbnail(product: Product): ReactNode {
  const path = thumbnailPath(product);
  if (!path) return <div className="product-thumb product-thumb-empty" aria-hidden="true" />;
  return <img className="product-thumb" src={path} alt="" loading="lazy" decoding="async" width={36} height={36} />;
}

/**
 * The markup of Radix Themes' <Badge color size="1" variant="soft">: the component resolves its
 * props on every render, and a page of 100 rows has up to 300 of them.
 */
function badge(color: 'green' | 'blue' | 'violet' | 'amber', children: ReactNode, title?: string, className = ''): ReactNode {
  return (
    <span data-accent-color={color} title={title} className={`rt-reset rt-Badge rt-r-size-1 rt-variant-soft${className}`}>
      {children}
    </span>
  );
}

function yesNo(value: boolean, yes: string, no: string, color: 'green' | 'blue'): ReactNode {
  return value ? badge(color, yes) : <span className="muted">{no}</span>;
}

function family(product: Product, words: ProductListWords): ReactNode {
  if (product.mainProduct) return badge('violet', words.main, product.familyKey ?? '');
  if (product.familyKey) return <span className="muted small family-key">{product.familyKey}</span>;
  return <span className="muted">–</span>;
}

function updated(product: Product): ReactNode {
  const { date, time } = dateAndTime(product.dateUpdate);
  return (
    <>
      <span className="nowrap">{date}</span>
      <span className="muted small block">{time}</span>
    </>
  );
}

function cell(className: string | null, children: ReactNode): ReactNode {
  return <td className={className ? `rt-TableCell ${className}` : 'rt-TableCell'}>{children}</td>;
}

/**
 * The title link: a plain click opens the product in the app (as react-router's <Link> would); a
 * click with a modifier key or another button is left to the browser (new tab, new window).
 */
function openLink(event: MouseEvent<HTMLAnchorElement>, productId: number, onOpen: (productId: number) => void): void {
  event.stopPropagation();
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  onOpen(productId);
}

/** One row. Memoised: a change of the filters or of another row's box does not render it again. */
const ProductRow = memo(function ProductRow({
  product,
  selected,
  needsYou,
  onSelect,
  onOpen,
  words,
  syncWords,
}: {
  product: Product;
  selected: boolean;
  /** A change of mine to it waits for my decision (docs/offline.md "Conflicts"). */
  needsYou: boolean;
  onSelect: (productId: number, selected: boolean) => void;
  onOpen: (productId: number) => void;
  /** The words in the language shown (the same objects until it changes). */
  words: ProductListWords;
  syncWords: typeof messages.sync;
}) {
  return (
    <tr className="rt-TableRow product-row" data-selected={selected || undefined} onClick={() => onOpen(product.productId)}>
      <td className="rt-TableCell col-check" onClick={(event) => event.stopPropagation()}>
        {/* The label is the finger's target around the small box (docs/ui-touch.md). */}
        <label className="row-check-area">
          <input
            type="checkbox"
            className="row-check"
            aria-label={words.selectRow(product.title)}
            checked={selected}
            onChange={(event) => onSelect(product.productId, event.target.checked)}
          />
        </label>
      </td>
      {cell('col-thumb', thumbnail(product))}
      <td className="rt-TableCell nowrap">
        {product.ean || <span className="muted">–</span>}
        <span className="muted small block portrait-only">{product.supplier.supplierName}</span>
      </td>
      <th scope="row" className="rt-TableCell rt-TableRowHeaderCell col-title">
        {/* A plain link: react-router's <Link> resolves its path and sets up prefetching per row. */}
        <a className="product-link" href={`/products/${product.productId}`} onClick={(event) => openLink(event, product.productId, onOpen)}>
          <span className="product-title">{product.title}</span>
        </a>
        {needsYou && badge('amber', syncWords.needsYouTitle, syncWords.rowNeedsYou, ' needs-you-mark')}
      </th>
      {cell('col-wide nowrap', product.sku)}
      {cell('col-landscape col-name', product.supplier.supplierName)}
      {cell('col-wide col-name', product.brand ?? '')}
      {cell('num nowrap', priceText(product.sellingPrice))}
      {cell('num', product.stock > 0 ? product.stock : <span className="danger">0</span>)}
      {cell(null, yesNo(product.passedModeration, words.passed, words.pending, 'green'))}
      {cell(null, family(product, words))}
      {cell('col-wide', yesNo(product.isExportOnBol, words.yes, words.no, 'blue'))}
      {cell('col-wide', updated(product))}
    </tr>
  );
});

const HeaderCell = ({ className, children }: { className?: string; children: ReactNode }) => (
  <th scope="col" className={`rt-TableCell rt-TableColumnHeaderCell${className ? ` ${className}` : ''}`}>
    {children}
  </th>
);

/** The table; memoised so that typing in a filter does not render the rows again. */
export const ProductTable = memo(function ProductTable({ products, rowsShown = products.length }: { products: Product[]; rowsShown?: number }) {
  const navigate = useNavigate();
  const selection = useAtomValue(selectedProductIdsAtom);
  // The products whose change waits for my decision: a few ids, read from the outbox's conflicts.
  const needsYou = useAtomValue(needsYouIdsAtom);
  const select = useSetAtom(selectProductsAtom);
  const deselect = useSetAtom(deselectProductsAtom);
  const pageIds = products.map((p) => p.productId);
  const selected = new Set(selection);
  const pageState = pageSelectionState(pageIds, selection);
  const onSelect = useCallback((productId: number, checked: boolean) => (checked ? select(productId) : deselect(productId)), [select, deselect]);
  const onOpen = useCallback((productId: number) => void navigate(`/products/${productId}`), [navigate]);
  const words = useMessages(productListMessages, 'productList');
  const syncWords = useMessages(messages).sync;

  return (
    <div className="rt-TableRoot rt-r-size-1 rt-variant-surface product-table">
      <div className="product-table-scroll">
        <table className="rt-TableRootTable">
          <VisuallyHidden asChild>
            <caption>{words.caption}</caption>
          </VisuallyHidden>
          <thead className="rt-TableHeader">
            <tr className="rt-TableRow">
              <HeaderCell className="col-check">
                <Checkbox
                  aria-label={words.selectAll}
                  checked={pageState}
                  disabled={pageIds.length === 0}
                  onCheckedChange={() => (pageState === true ? deselect(pageIds) : select(pageIds))}
                />
              </HeaderCell>
              <HeaderCell className="col-thumb">
                <VisuallyHidden>{words.columns.image}</VisuallyHidden>
              </HeaderCell>
              <HeaderCell>{words.columns.ean}</HeaderCell>
              <HeaderCell>{words.columns.title}</HeaderCell>
              <HeaderCell className="col-wide">{words.columns.sku}</HeaderCell>
              <HeaderCell className="col-landscape">{words.columns.supplier}</HeaderCell>
              <HeaderCell className="col-wide">{words.columns.brand}</HeaderCell>
              <HeaderCell className="num">{words.columns.price}</HeaderCell>
              <HeaderCell className="num">{words.columns.stock}</HeaderCell>
              <HeaderCell>{words.columns.moderation}</HeaderCell>
              <HeaderCell>{words.columns.family}</HeaderCell>
              <HeaderCell className="col-wide">{words.columns.onBol}</HeaderCell>
              <HeaderCell className="col-wide">{words.columns.lastUpdate}</HeaderCell>
            </tr>
          </thead>
          {/* Keyed by whether it has rows: the list is emptied when a load starts, and one tbody leaving
              the page costs the browser far less than each of its rows leaving it one by one; the
              answer's rows are then put into a new tbody before it joins the page. */}
          <tbody className="rt-TableBody" key={products.length === 0 ? 'none' : 'rows'}>
            {products.slice(0, rowsShown).map((product) => (
              <ProductRow
                key={product.productId}
                product={product}
                selected={selected.has(product.productId)}
                needsYou={needsYou.has(product.productId)}
                onSelect={onSelect}
                onOpen={onOpen}
                words={words}
                syncWords={syncWords}
              />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
});
