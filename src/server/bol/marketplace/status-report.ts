/**
 * The Reports overview (GET /api/v1/report/bol, docs/reports-and-export.md "Reports"): how many
 * products are in each bol state and have an offer, why bol declined, and per product the latest
 * upload report as readable text. Everything is read from our database; nothing asks bol.
 */
import { desc, eq, or, sql } from 'drizzle-orm';
import type { BolUploadReport, BolUploadReportEntry } from '../../../shared/bol-contract';
import type { BolReportOverview, BolReportProduct, BolReportReadableEntry } from '../../../shared/export-contract';
import { BOL_PRODUCT_STATES, type BolProductState } from '../../../shared/product-filter';
import { htmlToReadableText } from '../../../shared/rules/readable-text';
import { subStatusWords } from '../../../shared/status-words';
import { bolStateOfProduct, productHasOffer } from '../../catalogue/bol-state-sql';
import type { Database } from '../../db/connection';
import { bolProductStates, products } from '../../db/schema';
import { queryRows } from '../../db/query-rows';
import { offerStateCounts } from '../offers/offer-sync-state';

const VALUE_LIMIT = 300;
const REASON_LIMIT = 20;

const cut = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit - 1)}…` : text);

/** bol's reason for a declined entry, as text a person reads: its description, else its sub-status in words. */
export function declineReason(entry: Pick<BolUploadReportEntry, 'subStatus' | 'subStatusDescription'>): string {
  const text = htmlToReadableText(entry.subStatusDescription ?? '').trim();
  return text || (entry.subStatus ? subStatusWords(entry.subStatus) : '') || 'Declined by bol (no reason given)';
}

/** One upload report as readable entries, declined first. */
export function readableEntries(report: BolUploadReport | null): BolReportReadableEntry[] {
  if (!report) return [];
  const rank = { DECLINED: 0, IN_PROGRESS: 1, PUBLISHED: 2 } as const;
  const of = (kind: 'attribute' | 'image') => (entry: BolUploadReportEntry): BolReportReadableEntry => ({
    subject: (kind === 'image' ? entry.url : entry.id) ?? '',
    kind,
    status: entry.status,
    value: cut(htmlToReadableText((entry.values ?? []).map((value) => value.value).join(', ')), VALUE_LIMIT),
    reason: entry.status === 'DECLINED' ? declineReason(entry) : htmlToReadableText(entry.subStatusDescription ?? ''),
  });
  return [...(report.attributes ?? []).map(of('attribute')), ...(report.assets ?? []).map(of('image'))].sort((a, b) => rank[a.status] - rank[b.status]);
}

export async function bolReportOverview(db: Database, page: number, size: number, now: Date): Promise<BolReportOverview> {
  const grouped = await db
    .select({ state: bolStateOfProduct, hasOffer: productHasOffer, products: sql<number>`count(*)::int` })
    .from(products)
    .groupBy(sql`1`, sql`2`);
  const states = Object.fromEntries(BOL_PRODUCT_STATES.map((state) => [state, 0])) as Record<BolProductState, number>;
  const offers = { present: 0, absent: 0 };
  for (const row of grouped) {
    states[row.state as BolProductState] += row.products;
    if (row.hasOffer) offers.present += row.products;
    else offers.absent += row.products;
  }

  // Each declined entry of each latest report, and each failed upload's message: counted per product.
  const reasons = await queryRows<{ reason_description: string | null; reason_code: string | null; products: number }>(db, sql`
    select entry->>'subStatusDescription' as reason_description, entry->>'subStatus' as reason_code, count(distinct s.product_id)::int as products
    from ${bolProductStates} s
    cross join lateral jsonb_array_elements(
      coalesce(s.upload_report->'attributes', '[]'::jsonb) || coalesce(s.upload_report->'assets', '[]'::jsonb)) as entry
    where entry->>'status' = 'DECLINED'
    group by 1, 2
    union all
    select s.content_message, 'FAILURE', count(*)::int from ${bolProductStates} s
    where s.content_status = 'FAILURE' group by 1`);
  const reasonCounts = new Map<string, number>();
  for (const row of reasons) {
    const reason = declineReason({ subStatusDescription: row.reason_description ?? undefined, subStatus: row.reason_code ?? undefined });
    reasonCounts.set(reason, (reasonCounts.get(reason) ?? 0) + row.products);
  }
  const declinedReasons = [...reasonCounts.entries()]
    .map(([reason, count]) => ({ reason, products: count }))
    .sort((a, b) => b.products - a.products || a.reason.localeCompare(b.reason))
    .slice(0, REASON_LIMIT);

  const reported = or(sql`${bolProductStates.uploadReport} is not null`, sql`${bolProductStates.contentStatus} <> 'NOT_SENT'`);
  const at = sql<string | null>`coalesce(${bolProductStates.uploadReport}->>'readAt', to_char(${bolProductStates.contentSubmittedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))`;
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(bolProductStates).where(reported);
  const rows = await db
    .select({
      productId: products.productId,
      title: products.title,
      ean: products.ean,
      state: bolStateOfProduct,
      contentStatus: bolProductStates.contentStatus,
      contentMessage: bolProductStates.contentMessage,
      uploadReport: bolProductStates.uploadReport,
      at,
    })
    .from(bolProductStates)
    .innerJoin(products, eq(products.productId, bolProductStates.productId))
    .where(reported)
    .orderBy(desc(bolProductStates.updatedAt), desc(products.productId))
    .limit(size)
    .offset(page * size);
  const reportProducts: BolReportProduct[] = rows.map((row) => {
    const report = (row.uploadReport as BolUploadReport | null) ?? null;
    return {
      productId: row.productId,
      title: row.title,
      ean: row.ean,
      state: row.state as BolProductState,
      contentStatus: row.contentStatus,
      contentMessage: htmlToReadableText(row.contentMessage),
      reportStatus: report?.status ?? null,
      at: row.at,
      entries: readableEntries(report),
    };
  });

  return {
    states,
    offers,
    offerSync: await offerStateCounts(db),
    total: offers.present + offers.absent,
    declinedReasons,
    products: reportProducts,
    productsTotal: counted?.total ?? 0,
    page,
    size,
    generatedAt: now.toISOString(),
  };
}
