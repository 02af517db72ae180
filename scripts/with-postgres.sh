#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster:
#   scripts/with-postgres.sh psql "$DATABASE_URL" -c 'select 1'
# initdb in a temp folder, start on a free 127.0.0.1 port (unix socket in the same folder), trust auth,
# create database homelab_test, export DATABASE_URL, run the command, then stop and delete the cluster.
# PostgreSQL refuses to run as root, so as root the server runs as the `postgres` OS user.
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
if [[ ! -x "$PG_BIN/initdb" ]]; then
  echo "with-postgres: $PG_BIN/initdb not found; install it with: apt-get install -y postgresql-15 (or set PG_BIN)" >&2
  exit 1
fi

as_pg() { "$@"; }
if [[ $(id -u) -eq 0 ]]; then
  if ! id postgres >/dev/null 2>&1; then
    useradd --system --user-group --home-dir /var/lib/postgresql --shell /usr/sbin/nologin postgres
  fi
  as_pg() { runuser -u postgres -- "$@"; }
fi

PG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/homelab-pg.XXXXXX")
[[ $(id -u) -eq 0 ]] && chown postgres: "$PG_DIR"
PG_DATA="$PG_DIR/data"

cleanup() {
  local status=$?
  if [[ -f "$PG_DATA/postmaster.pid" ]]; then
    as_pg "$PG_BIN/pg_ctl" -D "$PG_DATA" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$PG_DIR"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

PG_PORT=$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

as_pg "$PG_BIN/initdb" -D "$PG_DATA" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$PG_DIR/initdb.log" 2>&1 || {
  cat "$PG_DIR/initdb.log" >&2
  exit 1
}

# Durability is pointless for a throwaway test cluster; speed matters.
if ! as_pg "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_DIR/server.log" -w -t 60 start \
  -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PG_DIR -c fsync=off -c synchronous_commit=off \
      -c full_page_writes=off -c max_connections=200" >/dev/null; then
  cat "$PG_DIR/server.log" >&2
  exit 1
fi

"$PG_BIN/psql" -q -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 \
  -c 'create database homelab_test' >/dev/null

export DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/homelab_test"
export PGHOST=127.0.0.1 PGPORT="$PG_PORT" PGUSER=postgres
echo "with-postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT ($PG_DIR)" >&2

# Not exec: the trap must run afterwards to stop and delete the cluster.
set +e
"$@"
status=$?
set -e
exit "$status"
