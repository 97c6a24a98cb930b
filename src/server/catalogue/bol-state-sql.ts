/**
 * A product's state on bol as one SQL expression over its Bol model and marketplace state
 * (docs/reports-and-export.md "States"), so the Reports counts and the product filter
 * (`bolState`, `hasOffer`) use the very same rule. Correlated on the outer `products` row.
 *
 * In this order, the first that holds:
 * - declined: bol's processing failed, or its upload report declined an attribute or an image;
 * - published: the upload succeeded and its report is complete (or bol's catalog shows it);
 * - sent: sent to bol, still being processed;
 * - noCategory: no Bol category chosen;
 * - missingRequired: a required attribute of the category has no saved value;
 * - ready: everything required is saved; not sent yet (or sent before and timed out / forgotten).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { BolProductState } from '../../shared/product-filter';

// Written as plain SQL with table aliases and the outer row named in full: drizzle leaves column
// names unqualified in a one-table select, which would bind them to the wrong table here. The
// text is constant (no value of a request goes in), so sql.raw is safe.

/** The state row `s` has an upload report with a DECLINED attribute or asset. */
const REPORT_DECLINES = `exists (
  select 1 from jsonb_array_elements(
    coalesce(s.upload_report->'attributes', '[]'::jsonb) || coalesce(s.upload_report->'assets', '[]'::jsonb)
  ) as entry where entry->>'status' = 'DECLINED')`;

/** A required attribute of model `m`'s category has no saved value. */
const MISSING_REQUIRED = `exists (
  select 1 from bol_attributes a
  where a.chunk_id = m.chunk_id and a.required and coalesce(m."values"->>a.attribute_id, '') = '')`;

/** The state from a product's Bol model row `m` and marketplace state row `s` (either may be missing). */
const STATE_OF_M_AND_S = `case
    when s.content_status = 'FAILURE' or (s.upload_report is not null and ${REPORT_DECLINES}) then 'declined'
    when s.content_status = 'SUCCESS'
      and (s.upload_report->>'status' = 'COMPLETED' or (s.catalog->>'published')::boolean is true) then 'published'
    when s.content_status in ('PENDING', 'SUCCESS') then 'sent'
    when m.chunk_id is null then 'noCategory'
    when ${MISSING_REQUIRED} then 'missingRequired'
    else 'ready'
  end`;

/** The state of the outer products row, as text (one of BOL_PRODUCT_STATES). */
export const bolStateOfProduct: SQL<string> = sql<string>`${sql.raw(`(
  select ${STATE_OF_M_AND_S}
  from (select 1) as one
  left join bol_product_models m on m.product_id = "products"."product_id"
  left join bol_product_states s on s.product_id = "products"."product_id"
)`)}`;

/**
 * The same state for a query that left-joins the product's Bol model as `m` and its marketplace
 * state as `s` itself (the export): no sub-select per row.
 */
export const bolStateOfJoinedRows: SQL<string> = sql<string>`${sql.raw(`(${STATE_OF_M_AND_S})`)}`;

/** Whether bol holds an offer for the outer products row (as last imported). */
export const productHasOffer: SQL<boolean> = sql<boolean>`${sql.raw(`exists (
  select 1 from bol_product_states o where o.product_id = "products"."product_id" and o.offer is not null and o.offer <> 'null'::jsonb)`)}`;

export function bolStateCondition(state: BolProductState): SQL {
  return sql`${bolStateOfProduct} = ${state}`;
}
