-- Rollups built when their bucket closes (docs/statistics-storage.md): until now ingest folded every minute into
-- stat_20m and stat_hour, so both hold every bucket of the minutes stored. The mark starts past the last stored
-- minute's hour (a multiple of both widths); the rollup job moves it on from there.
CREATE TABLE "stat_rollup_mark" (
	"rollup" text PRIMARY KEY NOT NULL,
	"until" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "stat_rollup_mark" ("rollup", "until")
SELECT name, coalesce((SELECT (max(ts) / 3600 + 1) * 3600 FROM stat_minute), 0)
FROM (VALUES ('stat_20m'), ('stat_hour')) AS rollups(name);
