CREATE TABLE "document_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"cpe_hours" numeric(4, 1),
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "document_codes_code_idx" ON "document_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "document_codes_current_idx" ON "document_codes" USING btree ("kind","subject_id") WHERE "document_codes"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "document_codes_subject_idx" ON "document_codes" USING btree ("kind","subject_id");