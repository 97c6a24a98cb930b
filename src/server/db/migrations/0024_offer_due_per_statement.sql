-- The products an UPDATE statement changed are marked due once per statement, in one set-wise
-- INSERT over the statement's old and new rows (docs/bol.md, "What is due"), instead of a
-- PL/pgSQL call with three lookups for every changed row: a feed import changes the stock of most
-- of its products, and almost none of them are on bol. The rule is the row trigger's of 0017,
-- which stays for INSERT (a new product with Export on Bol on): a row whose offer fields changed,
-- of a product that is or was on bol (Export on Bol before or after, a sync row, or an offer known
-- from the offer import), gets a due sync row or its revision raised; a change written while its
-- supplier's feed import runs carries that job and the stock before it; a change of the selling
-- price ends earlier approvals of held changes. A transition table cannot go with a column list,
-- so the changed offer fields are compared here.
DROP TRIGGER IF EXISTS products_mark_offer_due_on_update ON products;--> statement-breakpoint
-- The row function now serves INSERT only (its trigger's WHEN: Export on Bol on): a new product
-- has no sync row, no earlier stock and no approvals, so its UPDATE branches are gone.
CREATE OR REPLACE FUNCTION products_mark_offer_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bol_offer_sync (product_id, due, due_since, revision, feed_job)
  VALUES (NEW.product_id, true, now(), 1,
          (SELECT j.id FROM jobs j WHERE j.supplier_id = NEW.supplier_id AND j.kind = 'feed-import' AND j.status = 'running' LIMIT 1))
  ON CONFLICT (product_id) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_mark_offer_due_per_statement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bol_offer_sync AS s (product_id, due, due_since, revision, feed_job, feed_stock_from)
  SELECT n.product_id, true, now(), 1, f.id, CASE WHEN f.id IS NOT NULL THEN o.stock END
    FROM offer_due_new n
    JOIN offer_due_old o ON o.product_id = n.product_id
    LEFT JOIN LATERAL (SELECT j.id FROM jobs j
                        WHERE j.supplier_id = n.supplier_id AND j.kind = 'feed-import' AND j.status = 'running'
                        LIMIT 1) f ON true
   WHERE (o.ean, o.sku, o.selling_price, o.price_supplier, o.delivery_price, o.delivery_code, o.stock,
          o.buy_block, o.is_export_on_bol, o.supplier_id)
         IS DISTINCT FROM
         (n.ean, n.sku, n.selling_price, n.price_supplier, n.delivery_price, n.delivery_code, n.stock,
          n.buy_block, n.is_export_on_bol, n.supplier_id)
     AND (n.is_export_on_bol OR o.is_export_on_bol
          OR EXISTS (SELECT 1 FROM bol_offer_sync x WHERE x.product_id = n.product_id)
          OR EXISTS (SELECT 1 FROM bol_product_states b WHERE b.product_id = n.product_id AND b.offer IS NOT NULL))
  ON CONFLICT (product_id) DO UPDATE SET
    due = true,
    due_since = CASE WHEN s.due THEN s.due_since ELSE now() END,
    revision = s.revision + 1,
    feed_stock_from = CASE WHEN EXCLUDED.feed_job IS NOT NULL AND s.feed_job IS DISTINCT FROM EXCLUDED.feed_job THEN EXCLUDED.feed_stock_from ELSE s.feed_stock_from END,
    feed_job = coalesce(EXCLUDED.feed_job, s.feed_job),
    hold_kind = CASE WHEN s.hold_kind = 'feed-batch' AND EXCLUDED.feed_job IS NULL THEN s.hold_kind END,
    hold_reason = CASE WHEN s.hold_kind = 'feed-batch' AND EXCLUDED.feed_job IS NULL THEN s.hold_reason ELSE '' END,
    hold_changes = CASE WHEN s.hold_kind = 'feed-batch' AND EXCLUDED.feed_job IS NULL THEN s.hold_changes ELSE '[]'::jsonb END,
    held_at = CASE WHEN s.hold_kind = 'feed-batch' AND EXCLUDED.feed_job IS NULL THEN s.held_at END,
    attempts = 0,
    next_attempt_at = NULL,
    error = NULL,
    updated_at = now();
  -- Nothing marked (most single-row saves): no approval to end either.
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  -- A new selling price ends the approvals of held changes (a new row has none).
  UPDATE bol_offer_sync s SET approved = '[]'::jsonb
    FROM offer_due_new n JOIN offer_due_old o ON o.product_id = n.product_id
   WHERE s.product_id = n.product_id AND o.selling_price IS DISTINCT FROM n.selling_price AND s.approved <> '[]'::jsonb;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_mark_offer_due_on_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS offer_due_old NEW TABLE AS offer_due_new
  FOR EACH STATEMENT EXECUTE FUNCTION products_mark_offer_due_per_statement();
