/**
 * The rows of the product list with row and page selection; a row opens its product.
 *
 * Drawn with plain table elements carrying Radix Themes' table classes (rt-Table*), not the
 * Table components: a page of 100 rows is 1,300 cells, and the components' prop handling, the
 * ScrollArea the Root wraps around the table and a Radix checkbox per row (which measures its
 * styles when it mounts) were most of the time from a filter change to the new rows painted
 * (bench/list-paint.ts). The look is the same as <Table.Root variant="surface" size="1">.
 */
import { Badge, Checkbox, VisuallyHidden } from '@radix-ui/themes';
import { useAtomValue, useSetAtom } from 'jotai';
import { memo, useCallback, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Product } from '../../../shared/contract';
import { deselectProductsAtom, selectedProductIdsAtom, selectProductsAtom } from './product-list-state';
import { dateAndTime, pageSelectionState, priceText, thumbnailPath } from './product-list-rules';

function Thumbnail({ product }: { product: Product }) {
  const path = thumbnailPath(product);
  if (!path) return <div className="product-thumb product-thumb-empty" aria-hidden="true" />;
  return <img className="product-thumb" src={path} alt="" loading="lazy" decoding="async" width={40} height={40} />;
}

function YesNo({ value, yes, no, color }: { value: boolean; yes: string; no: string; color: 'green' | 'blue' }) {
  return value ? <Badge color={color}>{yes}</Badge> : <span className="muted">{no}</span>;
}

function FamilyCell({ product }: { product: Product }) {
  if (product.mainProduct) return <Badge color="violet" title={product.familyKey ?? ''}>Main</Badge>;
  if (product.familyKey) return <span className="muted small family-key">{product.familyKey}</span>;
  return <span className="muted">–</span>;
}

function UpdatedCell({ product }: { product: Product }) {
  const { date, time } = dateAndTime(product.dateUpdate);
  return (
    <>
      <span className="nowrap">{date}</span>
      <span className="muted small block">{time}</span>
    </>
  );
}

const Cell = ({ className, children }: { className?: string; children: ReactNode }) => (
  <td className={className ? `rt-TableCell ${className}` : 'rt-TableCell'}>{children}</td>
);

/** One row. Memoised: a change of the filters or of another row's box does not render it again. */
const ProductRow = memo(function ProductRow({
  product,
  selected,
  onSelect,
  onOpen,
}: {
  product: Product;
  selected: boolean;
  onSelect: (productId: number, selected: boolean) => void;
  onOpen: (productId: number) => void;
}) {
  return (
    <tr className="rt-TableRow product-row" data-selected={selected || undefined} onClick={() => onOpen(product.productId)}>
      <td className="rt-TableCell col-check" onClick={(event) => event.stopPropagation()}>
        {/* The label is the finger's target around the small box (docs/ui-touch.md). */}
        <label className="row-check-area">
          <input
            type="checkbox"
            className="row-check"
            aria-label={`Select ${product.title}`}
            checked={selected}
            onChange={(event) => onSelect(product.productId, event.target.checked)}
          />
        </label>
      </td>
      <Cell className="col-thumb">
        <Thumbnail product={product} />
      </Cell>
      <Cell className="nowrap">{product.ean || <span className="muted">–</span>}</Cell>
      <th scope="row" className="rt-TableCell rt-TableRowHeaderCell col-title">
        <Link className="product-link" to={`/products/${product.productId}`} onClick={(event) => event.stopPropagation()}>
          {product.title}
        </Link>
        <span className="muted small block portrait-only">{product.supplier.supplierName}</span>
      </th>
      <Cell className="col-wide nowrap">{product.sku}</Cell>
      <Cell className="col-landscape">{product.supplier.supplierName}</Cell>
      <Cell className="col-wide">{product.brand ?? ''}</Cell>
      <Cell className="num nowrap">{priceText(product.sellingPrice)}</Cell>
      <Cell className="num">{product.stock > 0 ? product.stock : <span className="danger">0</span>}</Cell>
      <Cell>
        <YesNo value={product.passedModeration} yes="Passed" no="Pending" color="green" />
      </Cell>
      <Cell>
        <FamilyCell product={product} />
      </Cell>
      <Cell className="col-wide">
        <YesNo value={product.isExportOnBol} yes="Yes" no="No" color="blue" />
      </Cell>
      <Cell className="col-wide">
        <UpdatedCell product={product} />
      </Cell>
    </tr>
  );
});

const HeaderCell = ({ className, children }: { className?: string; children: ReactNode }) => (
  <th scope="col" className={`rt-TableCell rt-TableColumnHeaderCell${className ? ` ${className}` : ''}`}>
    {children}
  </th>
);

/** The table; memoised so that typing in a filter does not render the rows again. */
export const ProductTable = memo(function ProductTable({ products }: { products: Product[] }) {
  const navigate = useNavigate();
  const selection = useAtomValue(selectedProductIdsAtom);
  const select = useSetAtom(selectProductsAtom);
  const deselect = useSetAtom(deselectProductsAtom);
  const pageIds = products.map((p) => p.productId);
  const selected = new Set(selection);
  const pageState = pageSelectionState(pageIds, selection);
  const onSelect = useCallback((productId: number, checked: boolean) => (checked ? select(productId) : deselect(productId)), [select, deselect]);
  const onOpen = useCallback((productId: number) => void navigate(`/products/${productId}`), [navigate]);

  return (
    <div className="rt-TableRoot rt-r-size-1 rt-variant-surface product-table">
      <div className="product-table-scroll">
        <table className="rt-TableRootTable">
          <VisuallyHidden asChild>
            <caption>Products</caption>
          </VisuallyHidden>
          <thead className="rt-TableHeader">
            <tr className="rt-TableRow">
              <HeaderCell className="col-check">
                <Checkbox
                  aria-label="Select all products on this page"
                  checked={pageState}
                  disabled={pageIds.length === 0}
                  onCheckedChange={() => (pageState === true ? deselect(pageIds) : select(pageIds))}
                />
              </HeaderCell>
              <HeaderCell className="col-thumb">
                <VisuallyHidden>Image</VisuallyHidden>
              </HeaderCell>
              <HeaderCell>EAN</HeaderCell>
              <HeaderCell>Title</HeaderCell>
              <HeaderCell className="col-wide">SKU</HeaderCell>
              <HeaderCell className="col-landscape">Supplier</HeaderCell>
              <HeaderCell className="col-wide">Brand</HeaderCell>
              <HeaderCell className="num">Price</HeaderCell>
              <HeaderCell className="num">Stock</HeaderCell>
              <HeaderCell>Moderation</HeaderCell>
              <HeaderCell>Family</HeaderCell>
              <HeaderCell className="col-wide">On bol</HeaderCell>
              <HeaderCell className="col-wide">Last update</HeaderCell>
            </tr>
          </thead>
          <tbody className="rt-TableBody">
            {products.map((product) => (
              <ProductRow key={product.productId} product={product} selected={selected.has(product.productId)} onSelect={onSelect} onOpen={onOpen} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
});
