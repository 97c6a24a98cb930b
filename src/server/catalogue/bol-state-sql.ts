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
import { bolAttributes, bolProductModels, bolProductStates, products } from '../db/schema';

/** A state row's upload report has a DECLINED attribute or asset. */
const reportDeclines = sql`exists (
  select 1 from jsonb_array_elements(
    coalesce(${bolProductStates.uploadReport}->'attributes', '[]'::jsonb) || coalesce(${bolProductStates.uploadReport}->'assets', '[]'::jsonb)
  ) as entry where entry->>'status' = 'DECLINED')`;

const missingRequired = sql`exists (
  select 1 from ${bolAttributes}
  where ${bolAttributes.chunkId} = ${bolProductModels.chunkId} and ${bolAttributes.required}
    and coalesce(${bolProductModels.values}->>${bolAttributes.attributeId}, '') = '')`;

/** The state of the outer products row, as text (one of BOL_PRODUCT_STATES). */
export const bolStateOfProduct: SQL<string> = sql<string>`(
  select case
    when ${bolProductStates.contentStatus} = 'FAILURE' or (${bolProductStates.uploadReport} is not null and ${reportDeclines}) then 'declined'
    when ${bolProductStates.contentStatus} = 'SUCCESS'
      and (${bolProductStates.uploadReport}->>'status' = 'COMPLETED' or (${bolProductStates.catalog}->>'published')::boolean is true) then 'published'
    when ${bolProductStates.contentStatus} in ('PENDING', 'SUCCESS') then 'sent'
    when ${bolProductModels.chunkId} is null then 'noCategory'
    when ${missingRequired} then 'missingRequired'
    else 'ready'
  end
  from (select 1) as one
  left join ${bolProductModels} on ${bolProductModels.productId} = ${products.productId}
  left join ${bolProductStates} on ${bolProductStates.productId} = ${products.productId}
)`;

/** Whether bol holds an offer for the outer products row (as last imported). */
export const productHasOffer: SQL<boolean> = sql<boolean>`exists (
  select 1 from ${bolProductStates} where ${bolProductStates.productId} = ${products.productId} and ${bolProductStates.offer} is not null and ${bolProductStates.offer} <> 'null'::jsonb)`;

export function bolStateCondition(state: BolProductState): SQL {
  return sql`${bolStateOfProduct} = ${state}`;
}
