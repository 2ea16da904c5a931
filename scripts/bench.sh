#!/usr/bin/env bash
# `npm run bench`: every performance figure, printed (never asserted). Each part also runs on its own:
# npm run bench:nodes | bench:stats | bench:worker | bench:chart
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
for part in bench:nodes bench:stats bench:worker bench:chart; do
  if npm run -s | grep -q "^  $part\$" || grep -q "\"$part\"" package.json; then
    printf '\n\033[1m== %s\033[0m\n' "$part"
    npm run -s "$part" || status=1
  fi
done
exit $status
