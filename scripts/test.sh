#!/usr/bin/env bash
# The whole test command (README's second command): static checks, unit and model tests, server integration
# tests on PGlite and on PostgreSQL, the installer check, and end-to-end tests in headless Chromium. Each step's
# time is printed at the end, so a CI log shows where the minutes go (issue 15 section 4).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
times=()
step() {
  local name=$1 began
  shift
  printf '\n\033[1m== %s\033[0m\n' "$name"
  began=$(date +%s)
  "$@"
  times+=("$(printf '%5d s  %s' $(( $(date +%s) - began )) "$name")")
}

step "typecheck" npx tsc -p tsconfig.json --noEmit
step "lint and format" npx biome check .
if [ -d installer ]; then step "shellcheck" shellcheck installer/*.sh scripts/*.sh .ci/run; fi
step "unit and model tests" npx vitest run --project unit
step "server tests on PGlite" npx vitest run --project server
# The product runs PGlite in its worker thread (issue 12); the step above runs it on the test's thread. These files
# cover the same calls (sessions, nodes, statistics, errors) on the worker path.
step "server tests on PGlite in its worker thread" env PGLITE_THREAD=worker npx vitest run --project server \
  tests/server/auth-journey.test.ts tests/server/nodes-api.test.ts tests/server/stats-api.test.ts \
  tests/server/database-errors.test.ts
step "server and replica tests on PostgreSQL" \
  bash scripts/with-postgres.sh npx vitest run --project server --project cluster
step "build" npx vite build --logLevel warn
# The e2e set-up would build the web app again (tests/e2e/global-setup.ts): the step above just built it.
step "end-to-end tests in Chromium" env E2E_SKIP_BUILD=1 npx vitest run --project e2e
printf '\n\033[1m== time per step\033[0m\n'
printf '%s\n' "${times[@]}"
echo "All tests passed in $(( $(date +%s) - start )) s"
