CREATE TABLE "node_activity_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"node_id" integer NOT NULL,
	"active" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "node_activity_changes" ADD CONSTRAINT "node_activity_changes_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "node_activity_changes_node_at_idx" ON "node_activity_changes" USING btree ("node_id","at");--> statement-breakpoint
-- Nodes active before this table existed count as active since they were created: the best their rows tell.
INSERT INTO "node_activity_changes" ("node_id", "active", "at") SELECT "id", true, "created_at" FROM "nodes" WHERE "status" = 10;