/** Totals, page size and paging of the product list. */
import { Button, Flex, Text } from '@radix-ui/themes';
import { useAtom } from 'jotai';
import { productPageAtom, productPageSizeAtom } from './product-list-state';
import { PAGE_SIZES } from './product-list-view';
import { canGoBack, canGoForward, pageText, rangeText } from './product-list-rules';
import { productListMessages } from '../../../shared/product-list-messages';
import { useMessages } from '../../i18n/language';

interface ProductPagerProps {
  totalElements: number;
  totalPages: number;
  /** The totals are the server's estimate (more than 10,000 matches): shown as "about …". */
  totalIsEstimate?: boolean;
  /** A load is running and no rows are shown yet: no totals to tell (never "No products" while loading). */
  waiting?: boolean;
  /** Why Next is off though the totals have more pages (offline: the next page is not on the device). */
  nextBlockedReason?: string | null;
}

export function ProductPager({ totalElements, totalPages, totalIsEstimate = false, waiting = false, nextBlockedReason = null }: ProductPagerProps) {
  const [page, setPage] = useAtom(productPageAtom);
  const [pageSize, setPageSize] = useAtom(productPageSizeAtom);
  const words = useMessages(productListMessages, 'productList');
  const sizes: readonly number[] = PAGE_SIZES.includes(pageSize as (typeof PAGE_SIZES)[number]) ? PAGE_SIZES : [...PAGE_SIZES, pageSize].sort((a, b) => a - b);
  return (
    <Flex align="center" justify="between" gap="3" wrap="wrap" className="product-pager">
      <Text size="2" data-testid="product-range" data-frame="range">
        {waiting ? '' : rangeText(page, pageSize, totalElements, totalIsEstimate, words)}
      </Text>
      <Flex align="center" gap="3" wrap="wrap">
        <Flex align="center" gap="2">
          <Text size="2" color="gray">
            {words.perPage}
          </Text>
          <select className="choice-select" data-filter="size" aria-label={words.perPageLabel} value={String(pageSize)} onChange={(event) => setPageSize(Number(event.target.value))}>
            {sizes.map((size) => (
              <option key={size} value={String(size)}>
                {size}
              </option>
            ))}
          </select>
        </Flex>
        <Button variant="soft" data-frame="previous" disabled={!canGoBack(page)} onClick={() => setPage(page - 1)}>
          {words.previous}
        </Button>
        <Text size="2" data-testid="page-text" data-frame="page">
          {waiting ? '' : pageText(page, totalPages, totalIsEstimate, words)}
        </Text>
        <Button
          variant="soft"
          data-frame="next"
          disabled={waiting || !canGoForward(page, totalPages) || nextBlockedReason !== null}
          title={nextBlockedReason ?? undefined}
          aria-describedby={nextBlockedReason ? 'pager-reason' : undefined}
          onClick={() => setPage(page + 1)}
        >
          {words.next}
        </Button>
      </Flex>
      {nextBlockedReason && canGoForward(page, totalPages) && (
        <Text as="p" size="1" color="gray" id="pager-reason" data-testid="pager-reason" className="pager-reason">
          {nextBlockedReason}
        </Text>
      )}
    </Flex>
  );
}
