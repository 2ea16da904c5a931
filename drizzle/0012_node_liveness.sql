-- Liveness apart (docs/statistics-storage.md): every signed node request moves the replay mark and the last-seen
-- time; in their own narrow table, with half of each page kept free and no index on what changes, PostgreSQL updates
-- them in place (HOT) and a nodes row changes only when a person changes the node.
CREATE TABLE "node_liveness" (
	"node_id" integer PRIMARY KEY NOT NULL,
	"last_request_ms" bigint DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone
) WITH (fillfactor = 50);
--> statement-breakpoint
ALTER TABLE "node_liveness" ADD CONSTRAINT "node_liveness_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "node_liveness" ("node_id", "last_request_ms", "last_seen_at")
  SELECT "id", "last_request_ms", "last_seen_at" FROM "nodes";--> statement-breakpoint
DROP INDEX "nodes_health_online_idx";--> statement-breakpoint
DROP INDEX "nodes_health_offline_idx";--> statement-breakpoint
ALTER TABLE "nodes" DROP COLUMN "last_request_ms";--> statement-breakpoint
ALTER TABLE "nodes" DROP COLUMN "last_seen_at";
