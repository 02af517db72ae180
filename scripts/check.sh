#!/usr/bin/env bash
# `npm run check`: types, lint, format and README's performance table (bench:table --check: the table matches
# bench/results/). Runs all four so one run shows every problem; fails if any failed.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

failed=()
step() {
  local name=$1
  shift
  echo "-- $name: $*"
  "$@" || failed+=("$name")
}
step types node_modules/.bin/tsc -p tsconfig.json --noEmit
step lint node_modules/.bin/eslint --max-warnings 0 .
step format node_modules/.bin/prettier --check --log-level warn .
step perf-table node_modules/.bin/tsx bench/table.ts --check

if [[ ${#failed[@]} -gt 0 ]]; then
  echo "check failed: ${failed[*]}"
  exit 1
fi
echo "check passed: types, lint, format, perf-table"
