CREATE TABLE "device_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"wrong_passwords" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "particulars" text[];--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_tokens_account_idx" ON "device_tokens" USING btree ("account_id");--> statement-breakpoint
DROP TRIGGER "audit_log_no_update_or_delete" ON "audit_log";--> statement-breakpoint
CREATE TRIGGER "audit_log_no_delete" BEFORE DELETE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE FUNCTION "audit_log_only_erasures"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- An entry may only lose a person's particulars (decision 0063): the same entry, its summary the
	-- old one with parts of it replaced by "(erased)", its particulars fewer.
	IF (NEW.id, NEW.at, NEW.staff_id, NEW.staff_username, NEW.action, NEW.entity, NEW.entity_id)
			IS DISTINCT FROM (OLD.id, OLD.at, OLD.staff_id, OLD.staff_username, OLD.action, OLD.entity, OLD.entity_id)
		OR NOT (coalesce(NEW.particulars, '{}') <@ coalesce(OLD.particulars, '{}'))
		OR OLD.summary !~ ('^' || replace(regexp_replace(NEW.summary, '([^[:alnum:] ])', '\\\1', 'g'), '\(erased\)', '.*') || '$')
	THEN
		RAISE EXCEPTION 'The audit log cannot be changed';
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_only_erasures" BEFORE UPDATE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_only_erasures"();
