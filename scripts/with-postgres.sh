#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server: TEST_DATABASE_URL points at it, and the
# server and its data are removed afterwards. Uses TEST_DATABASE_URL as is when already set.
set -euo pipefail

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  exec "$@"
fi

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ]; then
  echo "PostgreSQL is not installed: apt-get install -y postgresql (or set TEST_DATABASE_URL)" >&2
  exit 1
fi

port=${TEST_PG_PORT:-55432}
dir=$(mktemp -d /tmp/backoffice-pg.XXXXXX)
runas=()
if [ "$(id -u)" = "0" ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$dir"
  runas=(runuser -u postgres --)
fi

stop() {
  "${runas[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

"${runas[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >/dev/null
"${runas[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  -w start >/dev/null

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
"$@"
