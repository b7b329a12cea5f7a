#!/usr/bin/env bash
# Runs a command against a private PostgreSQL server on loopback, started for it and stopped after.
# Exports TEST_DATABASE=postgres and TEST_DATABASE_URL (a superuser URL tests create databases on).
# Usage: scripts/with-postgres.sh <command> [args...]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
"$here/system-deps.sh" postgres

bindir="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
workdir="$(mktemp -d /tmp/fanshelf-pg.XXXXXX)"
port="${PGPORT_FOR_TESTS:-$(( 20000 + RANDOM % 20000 ))}"
# PostgreSQL refuses to run as root: run it as the 'postgres' system user when we are root.
run_as=()
if [ "$(id -u)" = "0" ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home "$workdir" postgres
  chown postgres "$workdir"
  run_as=(runuser -u postgres --)
fi

cleanup() {
  "${run_as[@]}" "$bindir/pg_ctl" -D "$workdir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$workdir"
}
trap cleanup EXIT

"${run_as[@]}" "$bindir/initdb" -D "$workdir/data" -U fanshelf --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
"${run_as[@]}" "$bindir/pg_ctl" -D "$workdir/data" -l "$workdir/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$workdir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null

export TEST_DATABASE=postgres
export TEST_DATABASE_URL="postgres://fanshelf@127.0.0.1:$port/postgres"
echo "with-postgres: PostgreSQL on 127.0.0.1:$port" >&2
set +e
"$@"
status=$?
set -e
exit $status
