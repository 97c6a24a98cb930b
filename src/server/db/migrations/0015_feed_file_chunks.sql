CREATE TABLE "supplier_feed_file_chunks" (
	"upload_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_feed_file_chunks_upload_id_seq_pk" PRIMARY KEY("upload_id","seq")
);
--> statement-breakpoint
-- Files stored before: each gets an upload id, and its bytes move into 1 MB chunks of that upload
-- (the size the server writes, src/server/feeds/feed-file-store.ts) before the column goes.
ALTER TABLE "supplier_feed_files" ADD COLUMN "upload_id" uuid;--> statement-breakpoint
UPDATE "supplier_feed_files" SET "upload_id" = gen_random_uuid();--> statement-breakpoint
INSERT INTO "supplier_feed_file_chunks" ("upload_id", "seq", "supplier_id", "bytes")
SELECT f."upload_id", s.seq, f."supplier_id", substring(f."bytes" FROM s.seq * 1048576 + 1 FOR 1048576)
FROM "supplier_feed_files" f, generate_series(0, greatest(length(f."bytes") - 1, 0) / 1048576) AS s(seq);--> statement-breakpoint
ALTER TABLE "supplier_feed_files" ALTER COLUMN "upload_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_feed_file_chunks" ADD CONSTRAINT "supplier_feed_file_chunks_supplier_id_suppliers_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("supplier_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_feed_files" DROP COLUMN "bytes";--> statement-breakpoint
ALTER TABLE "supplier_feed_files" ADD CONSTRAINT "supplier_feed_files_upload_id_unique" UNIQUE("upload_id");
