ALTER TABLE "parsing_history" ADD COLUMN "held_back" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "parsing_history" ADD COLUMN "held_back_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "feed_base" text[];--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "feed_held" jsonb;--> statement-breakpoint
-- No statistics for them: nothing filters on them, and ANALYZE (run after every import on the
-- embedded database) would otherwise sample and count every base element, in time and memory.
ALTER TABLE "products" ALTER COLUMN "feed_base" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "feed_held" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "feed_always_wins" jsonb DEFAULT '["priceSupplier","stock"]'::jsonb NOT NULL;--> statement-breakpoint
-- The feed's base of the products there are (docs/feeds.md, "Upsert key and what a re-import changes"): a field's
-- current value, where the product history shows the feed as its last writer or no change of it
-- at all (the import that created the product wrote it); a field a person (or the EAN sheet, or
-- family inheritance) changed last gets no base, so a differing feed value is held back, never
-- written over what a person wrote. Values as feed-fields-sql.ts keeps them.
WITH last_writer AS (
  SELECT DISTINCT ON (h.product_id, c.field) h.product_id, c.field, h.how
    FROM product_history h
    CROSS JOIN LATERAL (SELECT e->>'field' AS field FROM jsonb_array_elements(h.changes) e) c
   ORDER BY h.product_id, c.field, h.id DESC
), by_people AS (
  SELECT product_id, array_agg(CASE field WHEN 'productImages' THEN 'images' ELSE field END) AS fields
    FROM last_writer WHERE how <> 'feed-import' GROUP BY product_id
)
UPDATE "products" p SET "feed_base" = (
  SELECT array[
    CASE WHEN 'sku' = ANY(q.f) THEN NULL ELSE p.sku END,
    CASE WHEN 'priceSupplier' = ANY(q.f) THEN NULL ELSE p.price_supplier::text END,
    CASE WHEN 'stock' = ANY(q.f) THEN NULL ELSE p.stock::text END,
    CASE WHEN 'title' = ANY(q.f) THEN NULL ELSE p.title END,
    CASE WHEN 'brand' = ANY(q.f) THEN NULL ELSE p.brand_id::text END,
    CASE WHEN 'categoryId' = ANY(q.f) THEN NULL ELSE p.category_id::text END,
    CASE WHEN 'weight' = ANY(q.f) THEN NULL ELSE p.weight::text END,
    CASE WHEN 'width' = ANY(q.f) THEN NULL ELSE p.width::text END,
    CASE WHEN 'length' = ANY(q.f) THEN NULL ELSE p.length::text END,
    CASE WHEN 'height' = ANY(q.f) THEN NULL ELSE p.height::text END,
    CASE WHEN 'productSize' = ANY(q.f) THEN NULL ELSE p.product_size END,
    CASE WHEN 'color' = ANY(q.f) THEN NULL ELSE p.color END,
    CASE WHEN 'material' = ANY(q.f) THEN NULL ELSE p.material END,
    CASE WHEN 'familyKey' = ANY(q.f) THEN NULL ELSE p.family_key END,
    CASE WHEN 'description' = ANY(q.f) THEN NULL ELSE md5(p.description) END,
    CASE WHEN 'images' = ANY(q.f) THEN NULL ELSE md5(coalesce((
      SELECT string_agg(i.source_url, E'\n' ORDER BY i.position, i.created_at)
        FROM product_images i WHERE i.product_id = p.product_id AND i.source_url <> ''), '')) END]
  FROM (SELECT coalesce((SELECT b.fields FROM by_people b WHERE b.product_id = p.product_id), '{}'::text[]) AS f) q);--> statement-breakpoint
-- A person's save that writes a held-back value ends its hold, and that value becomes the feed's
-- base (docs/feeds.md, "Held-back values"): any writer but the import, which sets feed_held itself.
CREATE OR REPLACE FUNCTION products_end_met_feed_holds() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k text;
  now_value jsonb;
  held jsonb := NEW.feed_held;
  base text[] := NEW.feed_base;
BEGIN
  FOR k IN SELECT jsonb_object_keys(NEW.feed_held) LOOP
    now_value := CASE k
      WHEN 'sku' THEN to_jsonb(NEW.sku) WHEN 'priceSupplier' THEN to_jsonb(NEW.price_supplier)
      WHEN 'stock' THEN to_jsonb(NEW.stock) WHEN 'title' THEN to_jsonb(NEW.title)
      WHEN 'brand' THEN to_jsonb(NEW.brand_id) WHEN 'categoryId' THEN to_jsonb(NEW.category_id)
      WHEN 'weight' THEN to_jsonb(NEW.weight) WHEN 'width' THEN to_jsonb(NEW.width)
      WHEN 'length' THEN to_jsonb(NEW.length) WHEN 'height' THEN to_jsonb(NEW.height)
      WHEN 'productSize' THEN to_jsonb(NEW.product_size) WHEN 'color' THEN to_jsonb(NEW.color)
      WHEN 'material' THEN to_jsonb(NEW.material) WHEN 'familyKey' THEN to_jsonb(NEW.family_key)
      WHEN 'description' THEN to_jsonb(NEW.description) ELSE NULL END;
    IF k <> 'images' AND now_value IS NOT DISTINCT FROM (NEW.feed_held->k->'value') THEN
      held := held - k;
      -- The positions of feed-fields-sql.ts (FEED_COLUMNS).
      base[CASE k WHEN 'sku' THEN 1 WHEN 'priceSupplier' THEN 2 WHEN 'stock' THEN 3 WHEN 'title' THEN 4
                  WHEN 'brand' THEN 5 WHEN 'categoryId' THEN 6 WHEN 'weight' THEN 7 WHEN 'width' THEN 8
                  WHEN 'length' THEN 9 WHEN 'height' THEN 10 WHEN 'productSize' THEN 11 WHEN 'color' THEN 12
                  WHEN 'material' THEN 13 WHEN 'familyKey' THEN 14 ELSE 15 END] :=
        CASE WHEN k = 'description' THEN md5(NEW.description) ELSE now_value #>> '{}' END;
    END IF;
  END LOOP;
  IF held IS DISTINCT FROM NEW.feed_held THEN
    NEW.feed_held := nullif(held, '{}'::jsonb);
    NEW.feed_base := base;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_end_met_feed_holds BEFORE UPDATE ON products FOR EACH ROW
  WHEN (NEW.feed_held IS NOT NULL AND NEW.feed_held IS NOT DISTINCT FROM OLD.feed_held)
  EXECUTE FUNCTION products_end_met_feed_holds();
