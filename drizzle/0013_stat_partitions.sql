-- Time partitions (docs/statistics-storage.md): the minutes by UTC day, the 20-minute and hourly rollups by UTC
-- month, each with a default partition so that ingest never fails for a partition not made yet. Retention drops
-- whole partitions instead of deleting rows. The rows already stored move into partitions made for them here;
-- server/statistics/partitions.ts makes the next ones ahead. Hand SQL: drizzle cannot declare partitioning.
ALTER TABLE "stat_minute" RENAME TO "stat_minute_old";--> statement-breakpoint
ALTER TABLE "stat_minute_old" RENAME CONSTRAINT "stat_minute_node_id_ts_pk" TO "stat_minute_old_pk";--> statement-breakpoint
ALTER TABLE "stat_20m" RENAME TO "stat_20m_old";--> statement-breakpoint
ALTER TABLE "stat_20m_old" RENAME CONSTRAINT "stat_20m_node_id_ts_pk" TO "stat_20m_old_pk";--> statement-breakpoint
ALTER TABLE "stat_hour" RENAME TO "stat_hour_old";--> statement-breakpoint
ALTER TABLE "stat_hour_old" RENAME CONSTRAINT "stat_hour_node_id_ts_pk" TO "stat_hour_old_pk";--> statement-breakpoint
DROP INDEX IF EXISTS "stat_hour_read_idx";--> statement-breakpoint
CREATE TABLE "stat_minute" (
	"node_id" integer NOT NULL,
	"ts" bigint NOT NULL,
	"uplink" bigint NOT NULL,
	"delivered" bigint NOT NULL,
	"input" bigint NOT NULL,
	"viewers" integer NOT NULL,
	"quality" double precision NOT NULL,
	CONSTRAINT "stat_minute_node_id_ts_pk" PRIMARY KEY("node_id","ts"),
	CONSTRAINT "stat_minute_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade
) PARTITION BY RANGE ("ts");--> statement-breakpoint
CREATE TABLE "stat_20m" (
	"node_id" integer NOT NULL,
	"ts" bigint NOT NULL,
	"uplink" bigint NOT NULL,
	"delivered" bigint NOT NULL,
	"input" bigint NOT NULL,
	"viewers_sum" bigint NOT NULL,
	"quality_sum" double precision NOT NULL,
	"samples" integer NOT NULL,
	CONSTRAINT "stat_20m_node_id_ts_pk" PRIMARY KEY("node_id","ts"),
	CONSTRAINT "stat_20m_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade
) PARTITION BY RANGE ("ts");--> statement-breakpoint
CREATE TABLE "stat_hour" (
	"node_id" integer NOT NULL,
	"ts" bigint NOT NULL,
	"uplink" bigint NOT NULL,
	"delivered" bigint NOT NULL,
	"input" bigint NOT NULL,
	"viewers_sum" bigint NOT NULL,
	"quality_sum" double precision NOT NULL,
	"samples" integer NOT NULL,
	CONSTRAINT "stat_hour_node_id_ts_pk" PRIMARY KEY("node_id","ts"),
	CONSTRAINT "stat_hour_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade
) PARTITION BY RANGE ("ts");--> statement-breakpoint
CREATE INDEX "stat_hour_read_idx" ON "stat_hour" ("node_id", "ts")
  INCLUDE ("uplink", "delivered", "input", "viewers_sum", "quality_sum", "samples");--> statement-breakpoint
CREATE TABLE "stat_minute_default" PARTITION OF "stat_minute" DEFAULT;--> statement-breakpoint
CREATE TABLE "stat_20m_default" PARTITION OF "stat_20m" DEFAULT;--> statement-breakpoint
CREATE TABLE "stat_hour_default" PARTITION OF "stat_hour" DEFAULT;--> statement-breakpoint
DO $$
DECLARE
  day_start bigint;
  month_start timestamptz;
  t text;
BEGIN
  FOR day_start IN SELECT DISTINCT ts - ts % 86400 FROM stat_minute_old LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF stat_minute FOR VALUES FROM (%s) TO (%s)',
      'stat_minute_p' || to_char(to_timestamp(day_start) AT TIME ZONE 'UTC', 'YYYYMMDD'), day_start, day_start + 86400);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['stat_20m', 'stat_hour'] LOOP
    FOR month_start IN EXECUTE format(
      'SELECT DISTINCT date_trunc(''month'', to_timestamp(ts) AT TIME ZONE ''UTC'') AT TIME ZONE ''UTC'' FROM %I', t || '_old') LOOP
      EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%s) TO (%s)',
        t || '_p' || to_char(month_start AT TIME ZONE 'UTC', 'YYYYMM'), t,
        extract(epoch FROM month_start)::bigint,
        extract(epoch FROM (month_start AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC')::bigint);
    END LOOP;
  END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "stat_minute" SELECT * FROM "stat_minute_old";--> statement-breakpoint
INSERT INTO "stat_20m" SELECT * FROM "stat_20m_old";--> statement-breakpoint
INSERT INTO "stat_hour" SELECT * FROM "stat_hour_old";--> statement-breakpoint
DROP TABLE "stat_minute_old";--> statement-breakpoint
DROP TABLE "stat_20m_old";--> statement-breakpoint
DROP TABLE "stat_hour_old";
