/**
 * A supplier feed run from a browser test (docs/feeds.md, "Held-back values"): the feed file of an
 * upload supplier sent as the Parser screen sends it, then its import run to the end.
 */
import type { Page } from 'playwright-core';
import { apiJson } from './catalogue-api';

/** Uploads `csv` as the feed file of upload supplier `supplierId` and runs its import; answers both statuses. */
export async function uploadAndRunFeed(page: Page, supplierId: number, csv: string): Promise<{ uploaded: number; parsed: number }> {
  const uploaded = await page.evaluate(
    async ({ supplierId, csv }) => {
      const form = new FormData();
      form.append('feedFile', new Blob([csv], { type: 'text/csv' }), 'feed.csv');
      const response = await fetch(`/api/v1/suppliers/feed-file/${supplierId}`, { method: 'POST', headers: { Authorization: `Bearer ${localStorage.getItem('jwt') ?? ''}` }, body: form });
      return response.status;
    },
    { supplierId, csv },
  );
  const { status } = await apiJson(page, `/api/v1/feed/parse/${supplierId}?wait=true`, { method: 'POST' });
  return { uploaded, parsed: status };
}
