CREATE TABLE "job_schedules" (
	"name" text PRIMARY KEY NOT NULL,
	"schedule" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"supplier_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"trigger" text DEFAULT 'user' NOT NULL,
	"started_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"scheduled_for" timestamp with time zone,
	"runner" text,
	"heartbeat_at" timestamp with time zone,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"read_count" integer DEFAULT 0 NOT NULL,
	"written_count" integer DEFAULT 0 NOT NULL,
	"refused_count" integer DEFAULT 0 NOT NULL,
	"percent" integer,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure" text,
	"history_id" integer,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_supplier_id_suppliers_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("supplier_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_one_active_per_supplier" ON "jobs" USING btree ("supplier_id") WHERE "jobs"."status" in ('queued', 'running') and "jobs"."supplier_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_one_active_per_kind" ON "jobs" USING btree ("kind") WHERE "jobs"."status" in ('queued', 'running') and "jobs"."supplier_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_schedule_slot" ON "jobs" USING btree ("kind",coalesce("supplier_id", 0),"scheduled_for") WHERE "jobs"."scheduled_for" is not null;--> statement-breakpoint
CREATE INDEX "jobs_created" ON "jobs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "jobs_supplier_kind" ON "jobs" USING btree ("supplier_id","kind","started_at");--> statement-breakpoint
INSERT INTO "jobs" ("id", "kind", "status", "trigger", "created_at", "started_at", "finished_at", "read_count", "written_count", "refused_count", "percent", "total", "done", "failed", "counts", "message", "items")
SELECT "id", "kind", CASE WHEN "status" = 'running' THEN 'interrupted' ELSE "status" END, 'user', "started_at", "started_at", coalesce("finished_at", CASE WHEN "status" = 'running' THEN now() END), "done", "done" - "failed", "failed",
  CASE WHEN "total" > 0 THEN least(100, ("done" * 100) / "total") END, "total", "done", "failed", "counts",
  CASE WHEN "status" = 'running' THEN 'Interrupted: the server stopped while this was running' ELSE "message" END, "items"
FROM "bol_jobs";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('jobs', 'id'), coalesce((SELECT max("id") FROM "jobs"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "bol_jobs" CASCADE;
