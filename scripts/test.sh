#!/usr/bin/env bash
# `npm test`: the whole suite, as CI runs it (.ci/run).
#   check    tsc + eslint + prettier --check + bench:table --check   (npm run check)
#   unit     unit tests on Node 20                      (vitest --project unit)
#   components  React components on happy-dom (Testing Library), in the same run as unit (vitest --project components)
#   routes   route tests on SQLite, Node 20             (vitest --project routes)
#   pg       route tests on a throwaway PostgreSQL 15   (scripts/with-postgres.sh)
#   node24   unit + route tests on SQLite, Node 24      (scripts/node24.sh)
#   e2e      npm run build, then browser tests in Chromium, two files at a time (vitest --project e2e), then the
#            system tests of the built server one after another (vitest --project system, same run); the run is
#            inside scripts/with-postgres.sh so the PostgreSQL-only system tests (*.pg.system.ts) run too
# TEST_ONLY=unit,routes,... runs a subset; extra arguments go to every vitest run (e.g. a file filter).
# Installs what is missing: npm dependencies (npm ci), Chromium, PostgreSQL 15 and armagetronad-dedicated (apt-get).
# Every vitest run must find tests: a file filter that matches nothing in a lane fails that lane.
# Ends with a table of each section's time, then one line "N passed, N failed" summed over all vitest runs;
# exits non-zero if anything failed.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

ALL_LANES=(check unit components routes pg node24 e2e)
IFS=',' read -r -a LANES <<<"${TEST_ONLY:-check,unit,components,routes,pg,node24,e2e}"
for lane in "${LANES[@]}"; do
  if [[ ! " ${ALL_LANES[*]} " =~ " $lane " ]]; then
    echo "TEST_ONLY: unknown lane '$lane' (use a comma-separated subset of: ${ALL_LANES[*]})" >&2
    exit 2
  fi
done
wants() { [[ " ${LANES[*]} " =~ " $1 " ]]; }

REPORTS="$ROOT/.cache/test-reports"
rm -rf "$REPORTS"
mkdir -p "$REPORTS"
VITEST=(node "$ROOT/node_modules/vitest/vitest.mjs" run --reporter=default --reporter=json)
FAILED=()
SECTION_START=$SECONDS
# One "name|result|seconds" per finished section, for the summary's table.
TIMES=()

clock() { printf '%02d:%02d' $(($1 / 60)) $(($1 % 60)); }
section() {
  SECTION_START=$SECONDS
  printf '\n==== [%s] %s ====\n' "$(clock $SECONDS)" "$1"
}
done_section() {
  local took=$((SECONDS - SECTION_START))
  printf -- '---- %s: %s in %s s\n' "$1" "$2" "$took"
  TIMES+=("$1|$2|$took")
}

# lane NAME COMMAND...: runs one lane, records a failure instead of stopping the whole suite.
lane() {
  local name=$1
  shift
  if "$@"; then
    done_section "$name" ok
  else
    done_section "$name" "FAILED (exit $?)"
    FAILED+=("$name")
  fi
}

as_root() {
  if [[ $(id -u) -eq 0 ]]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "need root to run: $*" >&2
    return 1
  fi
}
APT_UPDATED=""
apt_install() {
  [[ -n "$APT_UPDATED" ]] || as_root apt-get update -qq
  APT_UPDATED=1
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

# ---- (a) dependencies: same rule as scripts/start.mjs
section "dependencies"
if [[ -L node_modules ]]; then
  # A symlinked node_modules is an install shared with another checkout (a git worktree): npm ci would first empty
  # the directory it points to, under every checkout using it. Use it as it is.
  echo "node_modules is a link to $(readlink -f node_modules): shared install, not reinstalling"
elif [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  if [[ -z "${npm_config_nodedir:-}" && -d /usr/include/node ]]; then export npm_config_nodedir=/usr; fi
  echo "running npm ci..."
  npm ci --loglevel=warn
else
  echo "node_modules up to date"
fi
done_section dependencies ok

# ---- (b) system packages, only for the lanes that need them
if wants e2e; then
  section "chromium"
  command -v chromium >/dev/null || apt_install chromium
  CHROMIUM_PATH=$(command -v chromium)
  export CHROMIUM_PATH
  echo "$("$CHROMIUM_PATH" --version 2>/dev/null || echo chromium) at $CHROMIUM_PATH"
  done_section chromium ok
fi
if wants pg || wants e2e; then
  section "postgresql 15"
  [[ -x /usr/lib/postgresql/15/bin/initdb ]] || apt_install postgresql-15
  /usr/lib/postgresql/15/bin/postgres --version
  done_section "postgresql 15" ok
fi

if wants routes || wants pg || wants node24; then
  # A real game server for the query-only provider's route tests (tests/helpers/armagetron-server.ts starts it on
  # 127.0.0.1). Debian enables a system service with the package; on a systemd host it is stopped and disabled again,
  # so installing it never leaves a public game server running.
  section "armagetronad-dedicated"
  if [[ ! -x /usr/games/armagetronad-dedicated.real ]]; then
    apt_install armagetronad-dedicated
    if [[ -d /run/systemd/system ]] && command -v systemctl >/dev/null; then
      as_root systemctl disable --now armagetronad-dedicated.service || true
    fi
  fi
  dpkg-query -W -f='armagetronad-dedicated ${Version}\n' armagetronad-dedicated
  done_section "armagetronad-dedicated" ok
fi

# Node 24 and its better-sqlite3 binding (about two minutes when not cached) are prepared in the background while
# the check lane runs; both are mostly single-threaded, and nothing timing-sensitive runs until the setup is done.
NODE24_SETUP_PID=""
if wants node24; then
  scripts/node24.sh >"$REPORTS/node24-setup.log" 2>&1 &
  NODE24_SETUP_PID=$!
fi
NODE24_READY=""
wait_node24_setup() {
  [[ -n "$NODE24_SETUP_PID" ]] || return 0
  section "node 24 setup (.cache/node24)"
  if wait "$NODE24_SETUP_PID"; then
    NODE24_READY=1
    cat "$REPORTS/node24-setup.log"
    done_section "node 24 setup" ok
  else
    cat "$REPORTS/node24-setup.log"
    done_section "node 24 setup" FAILED
    FAILED+=(node24-setup)
  fi
  NODE24_SETUP_PID=""
}

# ---- (c) types, lint, format
if wants check; then
  section "check: tsc + eslint + prettier + bench:table --check"
  lane check npm run --silent check
fi

wait_node24_setup

# ---- (d) unit, components and routes on SQLite (Node 20); one vitest run for whichever are wanted
SQLITE_PROJECTS=()
wants unit && SQLITE_PROJECTS+=(--project unit)
wants components && SQLITE_PROJECTS+=(--project components)
wants routes && SQLITE_PROJECTS+=(--project routes)
if [[ ${#SQLITE_PROJECTS[@]} -gt 0 ]]; then
  section "unit + components + routes on SQLite, Node $(node --version)"
  lane sqlite env -u DATABASE_URL "${VITEST[@]}" "${SQLITE_PROJECTS[@]}" --outputFile.json="$REPORTS/sqlite.json" "$@"
fi

# ---- (e) routes on PostgreSQL
if wants pg; then
  section "routes on PostgreSQL 15"
  lane pg scripts/with-postgres.sh "${VITEST[@]}" --project routes --outputFile.json="$REPORTS/pg.json" "$@"
fi

# ---- (f) Node 24: unit + routes on SQLite
if [[ -n "$NODE24_READY" ]]; then
  section "unit + routes on SQLite, Node 24"
  lane node24 env -u DATABASE_URL scripts/node24.sh \
    "${VITEST[@]}" --project unit --project routes --outputFile.json="$REPORTS/node24.json" "$@"
fi

# ---- (g) build, then browser tests
if wants e2e; then
  section "build"
  if npm run --silent build; then
    done_section build ok
    section "e2e in Chromium, then system tests (PostgreSQL 15 for *.pg.system.ts)"
    # The built servers get only the environment each test gives them (tests/helpers/server-process.ts), so the
    # cluster's DATABASE_URL reaches only the tests that pass it on.
    lane e2e scripts/with-postgres.sh "${VITEST[@]}" --project e2e --project system --outputFile.json="$REPORTS/e2e.json" "$@"
  else
    done_section build "FAILED"
    FAILED+=(build)
  fi
fi

printf '\n==== [%s] summary ====\n' "$(clock $SECONDS)"
for entry in "${TIMES[@]}"; do
  IFS='|' read -r name result took <<<"$entry"
  printf '  %-26s %5s s  %s\n' "$name" "$took" "$result"
done
if [[ ${#FAILED[@]} -gt 0 ]]; then
  echo "failed lanes: ${FAILED[*]}"
fi
shopt -s nullglob
node scripts/test-summary.mjs "$REPORTS"/*.json
[[ ${#FAILED[@]} -eq 0 ]]
