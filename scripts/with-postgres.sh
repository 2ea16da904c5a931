#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a throwaway PostgreSQL server on loopback, then removes it.
set -euo pipefail
if [ -z "${PGBIN:-}" ]; then
  for dir in /usr/lib/postgresql/*/bin; do [ -x "$dir/initdb" ] && PGBIN=$dir; done
fi
PGBIN=${PGBIN:-}
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
  echo "PostgreSQL is not installed (apt-get install -y postgresql)" >&2
  exit 1
fi
PGTMP=$(mktemp -d)
PORT=${PGPORT_TEST:-55432}
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$PGTMP"
as_pg "$PGBIN/initdb" -D "$PGTMP/data" -A trust -U postgres >/dev/null
as_pg "$PGBIN/pg_ctl" -D "$PGTMP/data" -o "-p $PORT -c listen_addresses=127.0.0.1 -k $PGTMP -c fsync=off -c max_connections=200" \
  -l "$PGTMP/pg.log" -w start >/dev/null
cleanup() {
  as_pg "$PGBIN/pg_ctl" -D "$PGTMP/data" -m fast -w stop >/dev/null || true
  rm -rf "$PGTMP"
}
trap cleanup EXIT
export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "PostgreSQL on 127.0.0.1:$PORT (throwaway)"
"$@"
