ALTER TABLE "parsing_history" ADD COLUMN "held_back" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "parsing_history" ADD COLUMN "held_back_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "feed_base" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "feed_held" jsonb;--> statement-breakpoint
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
UPDATE "products" p SET "feed_base" = jsonb_build_object(
    'sku', p.sku, 'priceSupplier', p.price_supplier, 'stock', p.stock, 'title', p.title,
    'brand', p.brand_id, 'categoryId', p.category_id, 'weight', p.weight, 'width', p.width,
    'length', p.length, 'height', p.height, 'productSize', p.product_size, 'color', p.color,
    'material', p.material, 'familyKey', p.family_key, 'description', md5(p.description),
    'images', (SELECT coalesce(jsonb_agg(i.source_url ORDER BY i.position, i.created_at), '[]'::jsonb)
                 FROM product_images i WHERE i.product_id = p.product_id AND i.source_url <> ''))
  - coalesce((SELECT b.fields FROM by_people b WHERE b.product_id = p.product_id), '{}'::text[]);--> statement-breakpoint
-- A person's save that writes a held-back value ends its hold, and that value becomes the feed's
-- base (docs/feeds.md, "Held-back values"): any writer but the import, which sets feed_held itself.
CREATE OR REPLACE FUNCTION products_end_met_feed_holds() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k text;
  now_value jsonb;
  held jsonb := NEW.feed_held;
  base jsonb := coalesce(NEW.feed_base, '{}'::jsonb);
BEGIN
  FOR k IN SELECT jsonb_object_keys(NEW.feed_held) LOOP
    now_value := CASE k
      WHEN 'sku' THEN to_jsonb(NEW.sku) WHEN 'priceSupplier' THEN to_jsonb(NEW.price_supplier)
      WHEN 'stock' THEN to_jsonb(NEW.stock) WHEN 'title' THEN to_jsonb(NEW.title)
      WHEN 'description' THEN to_jsonb(NEW.description) WHEN 'brand' THEN to_jsonb(NEW.brand_id)
      WHEN 'categoryId' THEN to_jsonb(NEW.category_id) WHEN 'weight' THEN to_jsonb(NEW.weight)
      WHEN 'width' THEN to_jsonb(NEW.width) WHEN 'length' THEN to_jsonb(NEW.length)
      WHEN 'height' THEN to_jsonb(NEW.height) WHEN 'productSize' THEN to_jsonb(NEW.product_size)
      WHEN 'color' THEN to_jsonb(NEW.color) WHEN 'material' THEN to_jsonb(NEW.material)
      WHEN 'familyKey' THEN to_jsonb(NEW.family_key) ELSE NULL END;
    IF k <> 'images' AND now_value IS NOT DISTINCT FROM (NEW.feed_held->k->'value') THEN
      held := held - k;
      base := base || jsonb_build_object(k, CASE WHEN k = 'description' THEN to_jsonb(md5(NEW.description)) ELSE now_value END);
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
