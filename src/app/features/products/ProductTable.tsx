/** The rows of the product list with row and page selection; a row opens its product. */
import { Badge, Checkbox, Link as ThemeLink, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useNavigate } from 'react-router-dom';
import type { Product } from '../../../shared/contract';
import { deselectProductsAtom, selectedProductIdsAtom, selectProductsAtom } from '../../state/product-list';
import { dateAndTime, pageSelectionState, priceText, thumbnailPath } from './product-list-rules';

function Thumbnail({ product }: { product: Product }) {
  const path = thumbnailPath(product);
  if (!path) return <div className="product-thumb product-thumb-empty" aria-hidden="true" />;
  return <img className="product-thumb" src={path} alt="" loading="lazy" width={40} height={40} />;
}

function YesNo({ value, yes, no, color }: { value: boolean; yes: string; no: string; color: 'green' | 'blue' }) {
  return value ? <Badge color={color}>{yes}</Badge> : <Text color="gray">{no}</Text>;
}

function UpdatedCell({ product }: { product: Product }) {
  const { date, time } = dateAndTime(product.dateUpdate);
  return (
    <>
      <span className="nowrap">{date}</span>
      <Text as="div" size="1" color="gray">
        {time}
      </Text>
    </>
  );
}

function FamilyCell({ product }: { product: Product }) {
  if (product.mainProduct) return <Badge color="violet" title={product.familyKey ?? ''}>Main</Badge>;
  if (product.familyKey) return <Text size="1" color="gray" className="family-key">{product.familyKey}</Text>;
  return <Text color="gray">–</Text>;
}

export function ProductTable({ products }: { products: Product[] }) {
  const navigate = useNavigate();
  const selection = useAtomValue(selectedProductIdsAtom);
  const select = useSetAtom(selectProductsAtom);
  const deselect = useSetAtom(deselectProductsAtom);
  const pageIds = products.map((p) => p.productId);
  const selected = new Set(selection);
  const pageState = pageSelectionState(pageIds, selection);

  return (
    <div className="product-table-scroll">
      <Table.Root variant="surface" size="1" className="product-table">
        <VisuallyHidden asChild>
          <caption>Products</caption>
        </VisuallyHidden>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell className="col-check">
              <Checkbox
                aria-label="Select all products on this page"
                checked={pageState}
                disabled={pageIds.length === 0}
                onCheckedChange={() => (pageState === true ? deselect(pageIds) : select(pageIds))}
              />
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell className="col-thumb">
              <VisuallyHidden>Image</VisuallyHidden>
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>EAN</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Title</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell className="col-wide">SKU</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Supplier</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell className="col-wide">Brand</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Price</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Stock</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Moderation</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Family</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell className="col-wide">On bol</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell className="col-wide">Last update</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {products.map((product) => {
            const isSelected = selected.has(product.productId);
            return (
              <Table.Row
                key={product.productId}
                className="product-row"
                data-selected={isSelected || undefined}
                onClick={() => navigate(`/products/${product.productId}`)}
              >
                <Table.Cell className="col-check" onClick={(event) => event.stopPropagation()}>
                  <Checkbox
                    aria-label={`Select ${product.title}`}
                    checked={isSelected}
                    onCheckedChange={(checked) => (checked === true ? select(product.productId) : deselect(product.productId))}
                  />
                </Table.Cell>
                <Table.Cell className="col-thumb">
                  <Thumbnail product={product} />
                </Table.Cell>
                <Table.Cell className="nowrap">{product.ean || <Text color="gray">–</Text>}</Table.Cell>
                <Table.RowHeaderCell className="col-title">
                  <ThemeLink asChild size="2" onClick={(event) => event.stopPropagation()}>
                    <Link to={`/products/${product.productId}`}>{product.title}</Link>
                  </ThemeLink>
                </Table.RowHeaderCell>
                <Table.Cell className="col-wide nowrap">{product.sku}</Table.Cell>
                <Table.Cell>{product.supplier.supplierName}</Table.Cell>
                <Table.Cell className="col-wide">{product.brand ?? ''}</Table.Cell>
                <Table.Cell justify="end" className="nowrap">
                  {priceText(product.sellingPrice)}
                </Table.Cell>
                <Table.Cell justify="end">{product.stock > 0 ? product.stock : <Text color="red">0</Text>}</Table.Cell>
                <Table.Cell>
                  <YesNo value={product.passedModeration} yes="Passed" no="Pending" color="green" />
                </Table.Cell>
                <Table.Cell>
                  <FamilyCell product={product} />
                </Table.Cell>
                <Table.Cell className="col-wide">
                  <YesNo value={product.isExportOnBol} yes="Yes" no="No" color="blue" />
                </Table.Cell>
                <Table.Cell className="col-wide">
                  <UpdatedCell product={product} />
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
