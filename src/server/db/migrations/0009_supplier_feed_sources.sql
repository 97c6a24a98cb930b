CREATE TABLE "supplier_feed_files" (
	"supplier_id" integer PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "feed_source" text DEFAULT 'url' NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "feed_credentials" jsonb;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "feed_mapping" jsonb;--> statement-breakpoint
ALTER TABLE "supplier_feed_files" ADD CONSTRAINT "supplier_feed_files_supplier_id_suppliers_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("supplier_id") ON DELETE cascade ON UPDATE no action;