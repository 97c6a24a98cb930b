DROP INDEX "products_supplier_date_update";--> statement-breakpoint
DROP INDEX "products_date_update";--> statement-breakpoint
DROP INDEX "products_selling_price";--> statement-breakpoint
DROP INDEX "products_brand";--> statement-breakpoint
CREATE INDEX "products_title_sort" ON "products" USING btree ("title","product_id");--> statement-breakpoint
CREATE INDEX "products_not_moderated_date_update" ON "products" USING btree ("date_update","product_id") WHERE not "products"."passed_moderation";--> statement-breakpoint
CREATE INDEX "products_main_date_update" ON "products" USING btree ("date_update","product_id") WHERE "products"."main_product";--> statement-breakpoint
CREATE INDEX "products_no_description_date_update" ON "products" USING btree ("date_update","product_id") WHERE "products"."description" = '';--> statement-breakpoint
CREATE INDEX "products_number_of_images" ON "products" USING btree ("number_of_images");--> statement-breakpoint
CREATE INDEX "products_supplier_date_update" ON "products" USING btree ("supplier_id","date_update","product_id");--> statement-breakpoint
CREATE INDEX "products_date_update" ON "products" USING btree ("date_update","product_id");--> statement-breakpoint
CREATE INDEX "products_selling_price" ON "products" USING btree ("selling_price","product_id");--> statement-breakpoint
CREATE INDEX "products_brand" ON "products" USING btree ("brand_id","selling_price");