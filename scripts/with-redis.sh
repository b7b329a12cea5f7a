#!/usr/bin/env bash
# Runs a command with a private Redis server on loopback (started for it, stopped after).
# Exports TEST_REDIS_URL. Usage: scripts/with-redis.sh <command> [args...]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
"$here/system-deps.sh" redis

workdir="$(mktemp -d /tmp/fanshelf-redis.XXXXXX)"
port="${REDISPORT_FOR_TESTS:-$(( 40000 + RANDOM % 20000 ))}"
redis-server --bind 127.0.0.1 --port "$port" --save '' --appendonly no --dir "$workdir" --daemonize yes \
  --pidfile "$workdir/redis.pid" --logfile "$workdir/redis.log" >/dev/null
cleanup() {
  if [ -f "$workdir/redis.pid" ]; then kill "$(cat "$workdir/redis.pid")" 2>/dev/null || true; fi
  rm -rf "$workdir"
}
trap cleanup EXIT
for _ in $(seq 1 50); do
  if redis-cli -p "$port" ping >/dev/null 2>&1; then break; fi
  sleep 0.1
done
export TEST_REDIS_URL="redis://127.0.0.1:$port"
echo "with-redis: Redis on 127.0.0.1:$port" >&2
set +e
"$@"
status=$?
set -e
exit $status
