CREATE TABLE "bol_attributes" (
	"chunk_id" text NOT NULL,
	"attribute_id" text NOT NULL,
	"attribute_name" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"value_list" jsonb,
	"unit" text,
	"prefill" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bol_chunks" (
	"chunk_id" text PRIMARY KEY NOT NULL,
	"chunk_name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bol_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bol_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"order_placed_date_time" timestamp with time zone NOT NULL,
	"shipment_details" jsonb NOT NULL,
	"order_items" jsonb NOT NULL,
	"latest_change" text DEFAULT '' NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bol_product_models" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"chunk_id" text,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"media_data" jsonb,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bol_product_states" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"content_status" text DEFAULT 'NOT_SENT' NOT NULL,
	"process_status_id" text,
	"upload_id" text,
	"content_submitted_at" timestamp with time zone,
	"content_message" text DEFAULT '' NOT NULL,
	"upload_report" jsonb,
	"catalog" jsonb,
	"offer" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bol_attributes" ADD CONSTRAINT "bol_attributes_chunk_id_bol_chunks_chunk_id_fk" FOREIGN KEY ("chunk_id") REFERENCES "public"."bol_chunks"("chunk_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bol_product_models" ADD CONSTRAINT "bol_product_models_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bol_product_states" ADD CONSTRAINT "bol_product_states_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bol_attributes_chunk_attribute" ON "bol_attributes" USING btree ("chunk_id","attribute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bol_jobs_one_running" ON "bol_jobs" USING btree ("kind") WHERE "bol_jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "bol_jobs_started" ON "bol_jobs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "bol_orders_placed" ON "bol_orders" USING btree ("order_placed_date_time","order_id");--> statement-breakpoint
CREATE INDEX "bol_product_states_upload" ON "bol_product_states" USING btree ("upload_id");