-- Every trigger of ours fires whatever the session's replication role (docs/architecture.md,
-- "Triggers fire always"). The embedded feed import writes a batch with
-- session_replication_role = replica, which skips the foreign-key checks of rows it made
-- references for itself (docs/feeds.md, "The embedded import's reference checks"); the same
-- setting would also silence a trigger left at the default (ENABLE ORIGIN), and a batch would then
-- skip the change stamp, the end of met feed holds, the offer sync's due marks or the history's
-- cleanup. A trigger added later must be marked here too; a server test fails while one is not.
ALTER TABLE "products" ENABLE ALWAYS TRIGGER "products_change_txid";--> statement-breakpoint
ALTER TABLE "products" ENABLE ALWAYS TRIGGER "products_end_met_feed_holds";--> statement-breakpoint
ALTER TABLE "products" ENABLE ALWAYS TRIGGER "products_mark_offer_due_on_update";--> statement-breakpoint
ALTER TABLE "products" ENABLE ALWAYS TRIGGER "products_mark_offer_due_on_insert";--> statement-breakpoint
ALTER TABLE "products" ENABLE ALWAYS TRIGGER "product_history_follows_products";
