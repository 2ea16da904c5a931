ALTER TABLE "alert_channels" ADD COLUMN "offline_delay_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_channels" ADD COLUMN "switched_off_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_channels" ADD COLUMN "switched_on_at" timestamp with time zone;