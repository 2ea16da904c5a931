CREATE TABLE "node_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"kind" text NOT NULL,
	"offline_since" timestamp with time zone,
	"at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "node_health_transitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"node_id" integer NOT NULL,
	"from_online" boolean NOT NULL,
	"to_online" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" text;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "offline_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "offline_alert_delay_min" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unsubscribe_token_hash" text;--> statement-breakpoint
ALTER TABLE "node_alerts" ADD CONSTRAINT "node_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_alerts" ADD CONSTRAINT "node_alerts_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_health_transitions" ADD CONSTRAINT "node_health_transitions_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "node_alerts_pending_idx" ON "node_alerts" USING btree ("due_at") WHERE "node_alerts"."sent_at" is null and "node_alerts"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "node_alerts_node_idx" ON "node_alerts" USING btree ("node_id","kind");--> statement-breakpoint
CREATE INDEX "node_health_transitions_node_at_idx" ON "node_health_transitions" USING btree ("node_id","at");--> statement-breakpoint
CREATE INDEX "nodes_health_online_idx" ON "nodes" USING btree ("last_seen_at") WHERE "nodes"."status" = 10 and "nodes"."offline_since" is null;--> statement-breakpoint
CREATE INDEX "nodes_health_offline_idx" ON "nodes" USING btree ("last_seen_at") WHERE "nodes"."status" = 10 and "nodes"."offline_since" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_unsubscribe_token_hash_key" ON "users" USING btree ("unsubscribe_token_hash");