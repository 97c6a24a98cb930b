ALTER TABLE "product_history" DROP CONSTRAINT "product_history_product_id_products_product_id_fk";
--> statement-breakpoint
-- What the cascade did, once per deleting statement instead of a check per inserted history row.
CREATE OR REPLACE FUNCTION product_history_follows_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_history h USING gone g WHERE h.product_id = g.product_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_history_follows_products AFTER DELETE ON products REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION product_history_follows_products();
