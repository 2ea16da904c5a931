ALTER TABLE "node_liveness" ADD COLUMN "agent_version" text;--> statement-breakpoint
ALTER TABLE "node_liveness" ADD COLUMN "software_version" text;--> statement-breakpoint
ALTER TABLE "node_liveness" ADD COLUMN "outdated_alerted_for" text;