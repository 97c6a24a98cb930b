-- Offers follow the catalogue (docs/bol.md, "Offers follow the catalogue"): per product what bol
-- holds as far as we know, what is due to be sent, held back, in flight or failed.
CREATE TABLE "bol_offer_sync" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"due" boolean DEFAULT true NOT NULL,
	"due_since" timestamp with time zone DEFAULT now(),
	"revision" integer DEFAULT 1 NOT NULL,
	"feed_job" integer,
	"feed_stock_from" integer,
	"hold_kind" text,
	"hold_reason" text DEFAULT '' NOT NULL,
	"hold_changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"held_at" timestamp with time zone,
	"approved" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"first_sync_approved_by" text,
	"on_bol" jsonb,
	"source" text,
	"last_sent_at" timestamp with time zone,
	"in_flight" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"error" text,
	"not_publishable" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"not_offered" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bol_offer_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"max_price_change_percent" numeric(6, 2) DEFAULT 30 NOT NULL,
	"zero_stock_share" numeric(4, 3) DEFAULT 0.25 NOT NULL,
	"stock_buffers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	CONSTRAINT "bol_offer_settings_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
ALTER TABLE "bol_offer_sync" ADD CONSTRAINT "bol_offer_sync_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bol_offer_sync_due" ON "bol_offer_sync" USING btree ("due_since") WHERE "bol_offer_sync"."due";--> statement-breakpoint
CREATE INDEX "bol_offer_sync_in_flight" ON "bol_offer_sync" USING btree ("product_id") WHERE "bol_offer_sync"."in_flight" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bol_offer_sync_feed_job" ON "bol_offer_sync" USING btree ("feed_job") WHERE "bol_offer_sync"."feed_job" IS NOT NULL;--> statement-breakpoint
-- Every writer of the catalogue (a person's save, an offline save when it syncs, a feed import, the
-- EAN sheet, family inheritance) marks the product's offer due here, in its own transaction, so no
-- writer can forget it. Coalesced per product: one row, the revision goes up, and the sync engine
-- computes the desired offer from the product as it is when it sends. A change written while the
-- supplier's feed import runs carries that import's job, so the engine can hold a batch that
-- zeroes too much stock until a person confirms it.
CREATE OR REPLACE FUNCTION products_mark_offer_due() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  feed integer;
  price_changed boolean := TG_OP = 'UPDATE' AND OLD.selling_price IS DISTINCT FROM NEW.selling_price;
BEGIN
  IF NOT (NEW.is_export_on_bol OR (TG_OP = 'UPDATE' AND OLD.is_export_on_bol)
          OR EXISTS (SELECT 1 FROM bol_offer_sync s WHERE s.product_id = NEW.product_id)
          OR EXISTS (SELECT 1 FROM bol_product_states b WHERE b.product_id = NEW.product_id AND b.offer IS NOT NULL)) THEN
    RETURN NULL;
  END IF;
  SELECT j.id INTO feed FROM jobs j WHERE j.supplier_id = NEW.supplier_id AND j.kind = 'feed-import' AND j.status = 'running' LIMIT 1;
  INSERT INTO bol_offer_sync AS s (product_id, due, due_since, revision, feed_job, feed_stock_from)
  VALUES (NEW.product_id, true, now(), 1, feed, CASE WHEN feed IS NOT NULL AND TG_OP = 'UPDATE' THEN OLD.stock END)
  ON CONFLICT (product_id) DO UPDATE SET
    due = true,
    due_since = CASE WHEN s.due THEN s.due_since ELSE now() END,
    revision = s.revision + 1,
    feed_stock_from = CASE WHEN feed IS NOT NULL AND s.feed_job IS DISTINCT FROM feed THEN EXCLUDED.feed_stock_from ELSE s.feed_stock_from END,
    feed_job = coalesce(feed, s.feed_job),
    hold_kind = CASE WHEN s.hold_kind = 'feed-batch' AND feed IS NULL THEN s.hold_kind END,
    hold_reason = CASE WHEN s.hold_kind = 'feed-batch' AND feed IS NULL THEN s.hold_reason ELSE '' END,
    hold_changes = CASE WHEN s.hold_kind = 'feed-batch' AND feed IS NULL THEN s.hold_changes ELSE '[]'::jsonb END,
    held_at = CASE WHEN s.hold_kind = 'feed-batch' AND feed IS NULL THEN s.held_at END,
    approved = CASE WHEN price_changed THEN '[]'::jsonb ELSE s.approved END,
    attempts = 0,
    next_attempt_at = NULL,
    error = NULL,
    updated_at = now();
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_mark_offer_due_on_update AFTER UPDATE OF ean, sku, selling_price, price_supplier, delivery_price, delivery_code, stock, buy_block, is_export_on_bol, supplier_id ON products FOR EACH ROW
  WHEN (OLD.ean IS DISTINCT FROM NEW.ean OR OLD.sku IS DISTINCT FROM NEW.sku OR OLD.selling_price IS DISTINCT FROM NEW.selling_price
        OR OLD.price_supplier IS DISTINCT FROM NEW.price_supplier OR OLD.delivery_price IS DISTINCT FROM NEW.delivery_price
        OR OLD.delivery_code IS DISTINCT FROM NEW.delivery_code OR OLD.stock IS DISTINCT FROM NEW.stock
        OR OLD.buy_block IS DISTINCT FROM NEW.buy_block OR OLD.is_export_on_bol IS DISTINCT FROM NEW.is_export_on_bol
        OR OLD.supplier_id IS DISTINCT FROM NEW.supplier_id)
  EXECUTE FUNCTION products_mark_offer_due();--> statement-breakpoint
CREATE TRIGGER products_mark_offer_due_on_insert AFTER INSERT ON products FOR EACH ROW
  WHEN (NEW.is_export_on_bol)
  EXECUTE FUNCTION products_mark_offer_due();
