CREATE TABLE "configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" integer NOT NULL,
	"storage" bigint NOT NULL,
	"ram" bigint NOT NULL,
	"bandwidth" bigint NOT NULL,
	"ip_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"payload" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"check" text,
	"config_id" integer NOT NULL,
	"public_key" text NOT NULL,
	"public_key_fingerprint" text NOT NULL,
	"license_key" text NOT NULL,
	"domain" text NOT NULL,
	"storage" bigint,
	"ram" bigint,
	"ip_address" text,
	"os" integer,
	"bandwidth" bigint,
	"last_request_ms" bigint DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stat_20m" (
	"node_id" integer NOT NULL,
	"ts" bigint NOT NULL,
	"uplink" bigint NOT NULL,
	"delivered" bigint NOT NULL,
	"input" bigint NOT NULL,
	"viewers_sum" bigint NOT NULL,
	"quality_sum" double precision NOT NULL,
	"samples" integer NOT NULL,
	CONSTRAINT "stat_20m_node_id_ts_pk" PRIMARY KEY("node_id","ts")
);
--> statement-breakpoint
CREATE TABLE "stat_hour" (
	"node_id" integer NOT NULL,
	"ts" bigint NOT NULL,
	"uplink" bigint NOT NULL,
	"delivered" bigint NOT NULL,
	"input" bigint NOT NULL,
	"viewers_sum" bigint NOT NULL,
	"quality_sum" double precision NOT NULL,
	"samples" integer NOT NULL,
	CONSTRAINT "stat_hour_node_id_ts_pk" PRIMARY KEY("node_id","ts")
);
--> statement-breakpoint
CREATE TABLE "stat_minute" (
	"node_id" integer NOT NULL,
	"ts" bigint NOT NULL,
	"uplink" bigint NOT NULL,
	"delivered" bigint NOT NULL,
	"input" bigint NOT NULL,
	"viewers" integer NOT NULL,
	"quality" double precision NOT NULL,
	CONSTRAINT "stat_minute_node_id_ts_pk" PRIMARY KEY("node_id","ts")
);
--> statement-breakpoint
CREATE TABLE "statistic_settings" (
	"user_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"data" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statistic_settings_user_id_team_id_pk" PRIMARY KEY("user_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" integer DEFAULT 10 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 10 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"name" text DEFAULT '' NOT NULL,
	"surname" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"image" text,
	"offer" boolean DEFAULT false NOT NULL,
	"subscription" boolean DEFAULT false NOT NULL,
	"change_password_at" timestamp with time zone,
	"status_change_email" integer DEFAULT 0 NOT NULL,
	"new_change_email" text,
	"delete_progress" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_links" ADD CONSTRAINT "email_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_config_id_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."configs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat_20m" ADD CONSTRAINT "stat_20m_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat_hour" ADD CONSTRAINT "stat_hour_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat_minute" ADD CONSTRAINT "stat_minute_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statistic_settings" ADD CONSTRAINT "statistic_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statistic_settings" ADD CONSTRAINT "statistic_settings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_links_token_hash_key" ON "email_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_links_user_idx" ON "email_links" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("sent_at","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nodes_license_key_key" ON "nodes" USING btree ("license_key");--> statement-breakpoint
CREATE UNIQUE INDEX "nodes_public_key_fingerprint_key" ON "nodes" USING btree ("public_key_fingerprint");--> statement-breakpoint
CREATE INDEX "nodes_team_idx" ON "nodes" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));