#!/usr/bin/env bash
# The whole test command (README's second command): static checks, unit and model tests, server integration
# tests on PGlite and on PostgreSQL, the installer check, and end-to-end tests in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "typecheck"; npx tsc -p tsconfig.json --noEmit
step "lint and format"; npx biome check .
if [ -d installer ]; then step "shellcheck"; shellcheck installer/*.sh scripts/*.sh .ci/run; fi
step "unit and model tests"; npx vitest run --project unit
step "server tests on PGlite"; npx vitest run --project server
# The product runs PGlite in its worker thread (issue 12); the suite above runs it on the test's thread. These files
# cover the same calls (sessions, nodes, statistics, errors) on the worker path.
step "server tests on PGlite in its worker thread"
PGLITE_THREAD=worker npx vitest run --project server tests/server/auth-journey.test.ts tests/server/nodes-api.test.ts \
  tests/server/stats-api.test.ts tests/server/database-errors.test.ts
step "server and replica tests on PostgreSQL"; bash scripts/with-postgres.sh npx vitest run --project server --project cluster
step "build"; npx vite build --logLevel warn
step "end-to-end tests in Chromium"; npx vitest run --project e2e
echo "All tests passed in $(( $(date +%s) - start )) s"
