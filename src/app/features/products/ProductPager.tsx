/** Totals, page size and paging of the product list. */
import { Button, Flex, Text } from '@radix-ui/themes';
import { useAtom } from 'jotai';
import { productPageAtom, productPageSizeAtom } from './product-list-state';
import { PAGE_SIZES } from './product-list-view';
import { canGoBack, canGoForward, pageText, rangeText } from './product-list-rules';

interface ProductPagerProps {
  totalElements: number;
  totalPages: number;
  /** A load is running and no rows are shown yet: no totals to tell (never "No products" while loading). */
  waiting?: boolean;
}

export function ProductPager({ totalElements, totalPages, waiting = false }: ProductPagerProps) {
  const [page, setPage] = useAtom(productPageAtom);
  const [pageSize, setPageSize] = useAtom(productPageSizeAtom);
  const sizes: readonly number[] = PAGE_SIZES.includes(pageSize as (typeof PAGE_SIZES)[number]) ? PAGE_SIZES : [...PAGE_SIZES, pageSize].sort((a, b) => a - b);
  return (
    <Flex align="center" justify="between" gap="3" wrap="wrap" className="product-pager">
      <Text size="2" data-testid="product-range">
        {waiting ? '' : rangeText(page, pageSize, totalElements)}
      </Text>
      <Flex align="center" gap="3" wrap="wrap">
        <Flex align="center" gap="2">
          <Text size="2" color="gray">
            Per page
          </Text>
          <select className="choice-select" aria-label="Products per page" value={String(pageSize)} onChange={(event) => setPageSize(Number(event.target.value))}>
            {sizes.map((size) => (
              <option key={size} value={String(size)}>
                {size}
              </option>
            ))}
          </select>
        </Flex>
        <Button variant="soft" disabled={!canGoBack(page)} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        <Text size="2" data-testid="page-text">
          {waiting ? '' : pageText(page, totalPages)}
        </Text>
        <Button variant="soft" disabled={waiting || !canGoForward(page, totalPages)} onClick={() => setPage(page + 1)}>
          Next
        </Button>
      </Flex>
    </Flex>
  );
}
