-- Rate counters need no crash safety; skipping the WAL keeps every hit cheap (PostgreSQL and PGlite).
ALTER TABLE "rate_counters" SET UNLOGGED;

