#!/usr/bin/env bash
# The whole test command (README's second command): static checks, unit and model tests, server integration
# tests on PGlite and on PostgreSQL, the installer check, and end-to-end tests in headless Chromium. Each step's
# time is printed at the end, so a CI log shows where the minutes go.
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

# Steps that run alongside the next ones, at a lower CPU priority (nice): they take the core that the end-to-end
# step leaves idle while its browsers wait on timers, mail and the network, and yield it whenever a browser or its
# server needs it, so the timing-bound browser tests keep their pace. Each one's output goes to a file, shown when
# `join_all` waits for it; a failure fails the command there. Stopped if the command ends first.
side_names=() side_logs=() side_pids=()
alongside() {
  local name=$1 log
  shift
  log=$(mktemp)
  printf '\n\033[1m== %s (started, runs alongside the next steps)\033[0m\n' "$name"
  (
    began=$(date +%s)
    status=0
    nice -n 10 "$@" >"$log" 2>&1 || status=$?
    echo $(( $(date +%s) - began )) >"$log.seconds"
    exit "$status"
  ) &
  side_names+=("$name") side_logs+=("$log") side_pids+=("$!")
}
join_all() {
  local i status failed=''
  for i in "${!side_pids[@]}"; do
    status=0
    wait "${side_pids[$i]}" || status=$?
    printf '\n\033[1m== %s (output)\033[0m\n' "${side_names[$i]}"
    cat "${side_logs[$i]}"
    times+=("$(printf '%5d s  %s (alongside)' "$(cat "${side_logs[$i]}.seconds")" "${side_names[$i]}")")
    rm -f "${side_logs[$i]}" "${side_logs[$i]}.seconds"
    if [ "$status" -ne 0 ]; then
      echo "${side_names[$i]} failed (exit $status)"
      failed=$status
    fi
  done
  side_pids=()
  [ -z "$failed" ] || exit "$failed"
}
stop_sides() {
  local pid
  for pid in "${side_pids[@]}"; do { pkill -TERM -P "$pid"; kill "$pid"; } 2>/dev/null || true; done
}
trap stop_sides EXIT

step "typecheck" npx tsc -p tsconfig.json --noEmit
step "lint and format" npx biome check .
step "dead code" npx knip
if [ -d installer ]; then step "shellcheck" shellcheck installer/*.sh scripts/*.sh .ci/run; fi
step "unit and model tests" npx vitest run --project unit --project unit-isolated
# The server project on PGlite on the test's thread, the process project (server processes on PGlite data folders)
# and the server-worker project (a few server files again with PGlite in its worker thread, as the product runs it).
step "server tests on PGlite" npx vitest run --project server --project process --project server-worker
step "build" npx vite build --logLevel warn
# The server and replica tests on PostgreSQL and the mutation check of the pure modules (Stryker, break at
# 80%) run beside the end-to-end step, which uses about one core of two (docs/testing.md "Time of the test command").
# The server files whose subject never reaches the database engine ran in the PGlite step and are left out here
# (ENGINE_NEUTRAL_FILES in vitest.config.ts).
alongside "server and replica tests on PostgreSQL" \
  env SKIP_ENGINE_NEUTRAL=1 bash scripts/with-postgres.sh npx vitest run --project server --project cluster
alongside "mutation check of the pure modules" npm run --silent test:mutation:ci
# The e2e set-up would build the web app again (tests/e2e/global-setup.ts): the step above just built it.
step "end-to-end tests in Chromium" env E2E_SKIP_BUILD=1 npx vitest run --project e2e
join_all
printf '\n\033[1m== time per step\033[0m\n'
printf '%s\n' "${times[@]}"
echo "All tests passed in $(( $(date +%s) - start )) s"
