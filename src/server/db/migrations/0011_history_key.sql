-- One index for history entries: the key (product_id, id) serves a product's entries newest first;
-- the separate key on id and index on (product_id, id) cost every entry two index inserts (a feed
-- re-import writes one entry per changed product; docs/feeds.md).
DROP INDEX "product_history_product";--> statement-breakpoint
ALTER TABLE "product_history" DROP CONSTRAINT "product_history_pkey";--> statement-breakpoint
ALTER TABLE "product_history" ADD CONSTRAINT "product_history_pkey" PRIMARY KEY("product_id","id");
