DROP INDEX "products_number_of_images";--> statement-breakpoint
CREATE INDEX "products_stock_sort" ON "products" USING btree ("stock","product_id");--> statement-breakpoint
CREATE INDEX "products_date_create_sort" ON "products" USING btree ("date_create","product_id");--> statement-breakpoint
CREATE INDEX "products_number_of_images" ON "products" USING btree ("number_of_images","product_id");