-- The month read (3 nodes x 720 hours) as an index-only scan. The primary key finds the rows
-- but each node's hours lie on as many heap pages as it has hours (ingest writes every node's hour together); this
-- index carries the summed columns, so a node's month is a few consecutive index pages. drizzle cannot declare
-- INCLUDE, hence hand SQL (docs/statistics-storage.md).
CREATE INDEX IF NOT EXISTS "stat_hour_read_idx" ON "stat_hour" ("node_id", "ts")
  INCLUDE ("uplink", "delivered", "input", "viewers_sum", "quality_sum", "samples");
