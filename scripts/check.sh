#!/usr/bin/env bash
# `npm run check`: types, lint and format. Runs all three so one run shows every problem; fails if any failed.
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

if [[ ${#failed[@]} -gt 0 ]]; then
  echo "check failed: ${failed[*]}"
  exit 1
fi
echo "check passed: types, lint, format"
