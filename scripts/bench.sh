#!/usr/bin/env bash
# `npm run bench`: every performance figure, printed (never asserted). Each part also runs on its own as
# npm run bench:<part>.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
status=0
for part in bundle lighthouse memory demo nodes session stats stats-scale range worker chart enumeration team-metrics alerts fleet; do
  printf '\n\033[1m== bench:%s\033[0m\n' "$part"
  npm run -s "bench:$part" || status=1
done
exit $status
