ALTER TABLE "products" ADD COLUMN "change_txid" bigint DEFAULT txid_current() NOT NULL;--> statement-breakpoint
CREATE INDEX "products_change_txid" ON "products" USING btree ("change_txid","product_id");--> statement-breakpoint
-- Every update of a product records its writer, whichever code path made it (feed import, save,
-- family, EAN sheet, image changes): the changes feed depends on it (src/server/catalogue/product-changes.ts).
CREATE FUNCTION "products_set_change_txid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_txid := txid_current();
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_change_txid" BEFORE UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION "products_set_change_txid"();
