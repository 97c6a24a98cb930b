CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "brands" (
	"brand_id" serial PRIMARY KEY NOT NULL,
	"brand_name" text NOT NULL,
	CONSTRAINT "brands_brand_name_unique" UNIQUE("brand_name")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"category_id" serial PRIMARY KEY NOT NULL,
	"category_name" text NOT NULL,
	CONSTRAINT "categories_category_name_unique" UNIQUE("category_name")
);
--> statement-breakpoint
CREATE TABLE "idempotent_requests" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"route" text NOT NULL,
	"status" integer NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"file_path" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_files_sha256_unique" UNIQUE("sha256")
);
--> statement-breakpoint
CREATE TABLE "parsing_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"operation" text DEFAULT 'feed-import' NOT NULL,
	"date_time_operation" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"file_path" text DEFAULT '' NOT NULL,
	"source_url" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"alt_image" text DEFAULT '' NOT NULL,
	"is_main_image" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"product_id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"source_key" text NOT NULL,
	"ean" text DEFAULT '' NOT NULL,
	"supplier_ean" text DEFAULT '' NOT NULL,
	"is_change_ean" boolean DEFAULT false NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"selling_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"price_supplier" numeric(12, 2) DEFAULT 0 NOT NULL,
	"delivery_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"delivery_code" text DEFAULT '' NOT NULL,
	"weight" numeric(12, 3),
	"width" numeric(12, 2),
	"length" numeric(12, 2),
	"height" numeric(12, 2),
	"product_size" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"material" text DEFAULT '' NOT NULL,
	"brand_id" integer,
	"category_id" integer,
	"stock" integer DEFAULT 0 NOT NULL,
	"passed_moderation" boolean DEFAULT false NOT NULL,
	"main_product" boolean DEFAULT false NOT NULL,
	"family_key" text,
	"buy_block" boolean DEFAULT false NOT NULL,
	"is_export_on_bol" boolean DEFAULT false NOT NULL,
	"number_of_images" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"date_create" timestamp with time zone DEFAULT now() NOT NULL,
	"date_update" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"supplier_id" serial PRIMARY KEY NOT NULL,
	"supplier_name" text NOT NULL,
	"supplier_url_feed" text DEFAULT '' NOT NULL,
	"feed_format" text DEFAULT 'csv' NOT NULL,
	"in_progress" boolean DEFAULT false NOT NULL,
	"us_shoe_sizes" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_supplier_name_unique" UNIQUE("supplier_name")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "parsing_history" ADD CONSTRAINT "parsing_history_supplier_id_suppliers_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("supplier_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_supplier_id_suppliers_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("supplier_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("brand_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("category_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parsing_history_date" ON "parsing_history" USING btree ("date_time_operation");--> statement-breakpoint
CREATE INDEX "product_images_product" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "products_supplier_source_key" ON "products" USING btree ("supplier_id","source_key");--> statement-breakpoint
CREATE INDEX "products_ean" ON "products" USING btree ("ean");--> statement-breakpoint
CREATE INDEX "products_supplier_ean" ON "products" USING btree ("supplier_ean");--> statement-breakpoint
CREATE INDEX "products_sku" ON "products" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "products_supplier_date_update" ON "products" USING btree ("supplier_id","date_update");--> statement-breakpoint
CREATE INDEX "products_date_update" ON "products" USING btree ("date_update");--> statement-breakpoint
CREATE INDEX "products_selling_price" ON "products" USING btree ("selling_price");--> statement-breakpoint
CREATE INDEX "products_brand" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_category" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_family_key" ON "products" USING btree ("family_key");--> statement-breakpoint
CREATE INDEX "products_title_trgm" ON "products" USING gin ("title" gin_trgm_ops);