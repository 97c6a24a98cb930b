DROP INDEX "products_supplier_date_update";--> statement-breakpoint
DROP INDEX "products_brand";--> statement-breakpoint
DROP INDEX "products_category";--> statement-breakpoint
DROP INDEX "products_title_trgm";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "title_lower" text GENERATED ALWAYS AS (lower(title)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_supplier_date_update_stock" ON "products" USING btree ("supplier_id","date_update","product_id","stock");--> statement-breakpoint
CREATE INDEX "products_brand_date_update" ON "products" USING btree ("brand_id","date_update","product_id","selling_price");--> statement-breakpoint
CREATE INDEX "products_category_date_update" ON "products" USING btree ("category_id","date_update","product_id");--> statement-breakpoint
CREATE INDEX "products_title_lower_trgm" ON "products" USING gin ("title_lower" gin_trgm_ops);