/** How many products the list's view has (the export's row count), when the server can be asked (docs/products.md "Totals"). */
import { useEffect, useState } from 'react';
import { filterProducts } from '../../api/products';

export function useViewTotal(filter: Record<string, string>, online: boolean): { total: number | null; estimate: boolean } {
  const [total, setTotal] = useState<number | null>(null);
  // More than 10,000 products in the view: the server estimates.
  const [estimate, setEstimate] = useState(false);
  useEffect(() => {
    if (!online) return undefined;
    let live = true;
    filterProducts({ ...filter, size: 1, page: 0 }).then(
      (page) => {
        if (!live) return;
        setTotal(page.totalElements);
        setEstimate(page.totalIsEstimate === true);
      },
      (error: unknown) => console.error('Counting the view failed', error),
    );
    return () => {
      live = false;
    };
  }, [filter, online]);
  return { total, estimate };
}
