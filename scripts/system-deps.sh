#!/usr/bin/env bash
# Installs the system packages a suite needs when they are missing (Debian apt, as root).
# Usage: scripts/system-deps.sh postgres|redis|chromium|sample-runtimes ...
# Suites call this themselves; CI never skips a suite because a dependency is missing.
set -euo pipefail

need_update=1
apt_install() {
  if [ "$(id -u)" != "0" ]; then
    echo "system-deps: '$*' is missing and installing it needs root (apt-get install -y $*)." >&2
    exit 1
  fi
  if [ "$need_update" = 1 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    need_update=0
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

for dep in "$@"; do
  case "$dep" in
    postgres)
      if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then apt_install postgresql; fi ;;
    redis)
      if ! command -v redis-server >/dev/null 2>&1; then apt_install redis-server; fi ;;
    chromium)
      if [ ! -x /usr/bin/chromium ]; then apt_install chromium chromium-driver fonts-liberation; fi ;;
    sample-runtimes)
      # The guides' signature samples run in every language they are shown in (apps/site/samples/signature).
      missing=()
      command -v php >/dev/null 2>&1 || missing+=(php-cli)
      command -v ruby >/dev/null 2>&1 || missing+=(ruby)
      command -v go >/dev/null 2>&1 || missing+=(golang-go)
      command -v javac >/dev/null 2>&1 || missing+=(default-jdk-headless)
      { command -v mcs >/dev/null 2>&1 && command -v mono >/dev/null 2>&1; } || missing+=(mono-mcs)
      if [ "${#missing[@]}" -gt 0 ]; then apt_install "${missing[@]}"; fi ;;
    *)
      echo "system-deps: unknown dependency '$dep'" >&2; exit 2 ;;
  esac
done
